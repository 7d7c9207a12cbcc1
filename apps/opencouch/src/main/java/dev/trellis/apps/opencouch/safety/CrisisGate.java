package dev.trellis.apps.opencouch.safety;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.apps.opencouch.TranscriptEntry;
import dev.trellis.safety.Action;
import dev.trellis.safety.RiskClass;
import dev.trellis.safety.SafetyClassifier;
import dev.trellis.safety.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The crisis gate's decision, by the library's {@link SafetyClassifier} (trellis-safety):
 * overrides, per-language lexicons, the MiniLM head, the LLM judge when a model is configured
 * (asked about everything not confidently low-risk; it can only widen) and policy. OpenCouch
 * adds one rule of its own: a short affirmative right after a crisis turn ("yes", "I do") stays
 * on the crisis branch. Routes: every crisis class → {@code crisis}; concern for someone else →
 * {@code third_party}; a message in a language the classifier cannot read → {@code check_in};
 * worry about someone's illness that names no risk ({@link IllnessWorry}: "Meine Mutter ist krank und ich mache mir
 * Sorgen"), which the classifier's third-party class takes in, → {@code therapeutic} (category {@code illness_worry});
 * the rest → {@code therapeutic}, where a message the classifier was unsure about (its check-in band,
 * category {@code check_in}) is answered with the check-in ({@code CheckIn}) instead of a mode's reply.
 */
public final class CrisisGate {
  private static final Pattern AFFIRMATIVE = Pattern.compile(
      "^(yes|yeah|yep|yes i (do|am|have)|i do|i am|sometimes|maybe|kind of|kinda|a little|i think so|i guess|ja|oui)\\W*$",
      Pattern.CASE_INSENSITIVE);

  private static final class Holder {
    // the library's check-in band on (its default since round nine): a readable message the head is unsure about
    // gets the therapeutic branch's check-in
    static final SafetyClassifier OFFLINE = SafetyClassifier.standard();
  }

  /** The category of a message the classifier read as concern for someone at risk that is worry about their illness. */
  public static final String ILLNESS_WORRY = "illness_worry";

  private CrisisGate() {
  }

  /** The offline verdict (no model): what the eval measures. */
  public static Assessment classify(String message, List<TranscriptEntry> recent) {
    return decide(message, recent, null, "en-US");
  }

  /**
   * The verdict on {@code message} after {@code recent} (transcript entries: role, content, route,
   * oldest first; the last six are read) for a user in {@code locale}; {@code model} may be null.
   */
  public static Assessment decide(String message, List<TranscriptEntry> recent, ChatModel model, String locale) {
    if (previousTurnWasCrisis(recent) && AFFIRMATIVE.matcher(message.strip()).matches()) {
      // the follow-up is in the language the message is assumed to be in (the conversation's: "ja" after German)
      return new Assessment(true, "crisis", "medium", "follow_up", "context", ReplyLocale.language(locale), message.strip());
    }
    SafetyClassifier classifier = model == null ? Holder.OFFLINE : Holder.OFFLINE.withJudge(model);
    Assessment a = of(classifier.classify(message, history(recent), locale == null ? "en-US" : locale));
    if ("third_party".equals(a.route()) && IllnessWorry.only(message)) {
      // worry about someone's illness, no risk named: not the third-party reply's ("ask whether they think of suicide")
      return new Assessment(false, "therapeutic", "none", ILLNESS_WORRY, a.layer(), a.language(), a.matched());
    }
    return a;
  }

  static Assessment of(Verdict v) {
    String route = switch (v.action()) {
      case CRISIS -> "crisis";
      case THIRD_PARTY -> "third_party";
      // a readable message the classifier is unsure about: the therapeutic branch, whose reply is then the check-in
      case CHECK_IN -> v.languageSupported() ? "therapeutic" : "check_in";
      case NONE -> "therapeutic";
    };
    String severity = severity(v.label());
    if (v.layer() == dev.trellis.safety.Layer.OVERRIDE && severity.equals("medium")) {
      severity = "high"; // an explicit statement ("I've been thinking about suicide") is never the middle tier
    }
    return new Assessment(v.action() == Action.CRISIS, route, severity,
        v.label() == RiskClass.HARM_TO_OTHERS ? "violence" : v.action() == Action.CHECK_IN ? "check_in" : v.label().wireName(),
        v.layer().wireName(), v.language(), v.evidence());
  }

  private static String severity(RiskClass c) {
    return switch (c) {
      case ATTEMPT_IN_PROGRESS, PLAN_INTENT, MEANS_ACCESS -> "imminent";
      case SELF_HARM, HARM_TO_OTHERS, WARNING_SIGNS -> "high";
      case PASSIVE_IDEATION, INDIRECT_IDEATION -> "medium";
      case THIRD_PARTY_CONCERN -> "low";
      case FIGURATIVE, NONE -> "none";
    };
  }

  private static List<Message> history(List<TranscriptEntry> recent) {
    List<Message> out = new ArrayList<>(recent.size());
    for (TranscriptEntry e : recent) {
      out.add("assistant".equals(e.role()) ? Message.ai(e.content()) : Message.human(e.content()));
    }
    return out;
  }

  private static boolean previousTurnWasCrisis(List<TranscriptEntry> recent) {
    for (int i = recent.size() - 1; i >= 0; i--) {
      TranscriptEntry e = recent.get(i);
      if ("assistant".equals(e.role())) {
        return "crisis".equals(e.route());
      }
    }
    return false;
  }
}
