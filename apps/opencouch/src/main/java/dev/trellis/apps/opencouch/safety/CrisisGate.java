package dev.trellis.apps.opencouch.safety;

import dev.trellis.agent.model.ChatModel;
import dev.trellis.apps.opencouch.ModelCalls;
import dev.trellis.agent.structured.Description;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The crisis gate's decision in four layers: (1) the deterministic override and (2) the regex
 * ladder ({@link CrisisRules}); (3) an LLM classifier, consulted only for the ambiguous middle
 * tier and only when a model is configured; (4) the policy that turns a tier into a route —
 * imminent and high always go to crisis, medium goes to crisis unless the model judged it
 * safe, low stays therapeutic (recorded). A short affirmative right after a crisis turn
 * ("yes", "I do") stays on the crisis branch.
 */
public final class CrisisGate {
  private static final Pattern AFFIRMATIVE = Pattern.compile(
      "^(yes|yeah|yep|yes i (do|am|have)|i do|i am|sometimes|maybe|kind of|kinda|a little|i think so|i guess)\\W*$",
      Pattern.CASE_INSENSITIVE);
  static final String CLASSIFIER_PROMPT = "You screen messages sent to a mental-health support chat for crisis risk. "
      + "A crisis is suicidal ideation, self-harm, a plan or means to die, or a threat of violence, stated or strongly "
      + "implied. Figurative speech (\"this homework is killing me\") is not a crisis. Answer with the JSON schema.";

  /** What the LLM layer answers. */
  public record Judgement(@Description("true when the message signals a crisis") boolean crisis,
                          @Description("one short reason") String reason) {
  }

  private CrisisGate() {
  }

  /** Layers 1, 2 and 4 without a model: the offline verdict (also what the eval measures). */
  public static Assessment classify(String message, List<Map<String, Object>> recent) {
    return decide(message, recent, null);
  }

  /** All four layers; {@code model} may be null. A failing model call falls back to the conservative policy. */
  public static Assessment decide(String message, List<Map<String, Object>> recent, ChatModel model) {
    Assessment a = CrisisRules.assess(message);
    if (!a.crisis() && previousTurnWasCrisis(recent) && AFFIRMATIVE.matcher(message.strip()).matches()) {
      return new Assessment(true, "medium", "follow_up", "context", message.strip());
    }
    return switch (a.severity()) {
      case "imminent", "high" -> a;
      case "medium" -> {
        if (model == null) {
          yield a.withLayer("policy");
        }
        try {
          Judgement j = ModelCalls.structured(model, CLASSIFIER_PROMPT, message, Judgement.class);
          yield a.withCrisis(j.crisis()).withLayer("llm");
        } catch (Exception e) {
          yield a.withLayer("policy");
        }
      }
      case "low" -> a.withCrisis(false).withLayer("policy");
      default -> a;
    };
  }

  private static boolean previousTurnWasCrisis(List<Map<String, Object>> recent) {
    for (int i = recent.size() - 1; i >= 0; i--) {
      Map<String, Object> e = recent.get(i);
      if ("assistant".equals(e.get("role"))) {
        return "crisis".equals(e.get("route"));
      }
    }
    return false;
  }

}
