package dev.trellis.safety;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.structured.Description;
import dev.trellis.agent.structured.StructuredOutput;
import java.util.ArrayList;
import java.util.List;

/**
 * Layer 4: asks a chat model (through the agent layer's {@link ChatModel}) which class a
 * message is, given up to six earlier messages. Its answer only ever widens the verdict (the
 * classifier never lets it clear a crisis the other layers found). Thread-safe when the model is.
 */
final class LlmJudge {
  static final String PROMPT = """
      You screen messages sent to a support chat for suicide and violence risk. Read the recent \
      conversation and classify ONLY the last user message, in whatever language it is written. Classes:
      attempt_in_progress: an attempt or overdose happening now or just done.
      plan_intent: a plan, method, time or intent to end their life.
      means_access: having, getting or saving a means (pills, a weapon, a rope, a high place).
      self_harm: hurting themselves (cutting, burning, hitting), now or recently.
      harm_to_others: intent or urge to hurt or kill another person.
      warning_signs: goodbyes, giving possessions away, final letters, putting affairs in order.
      passive_ideation: wishing to be dead, not to wake up, not to exist.
      indirect_ideation: implying it ("nobody would notice if I was gone", "soon it won't matter").
      third_party_concern: worry that SOMEONE ELSE is at risk.
      figurative: danger words used as an idiom or joke ("this exam is killing me").
      none: anything else.
      When unsure between a crisis class and a non-crisis class, choose the crisis class. Answer with the JSON schema.""";

  /** What the judge answers. */
  record Judgement(@Description("one of the class names") String label,
                   @Description("one short reason") String reason) {
  }

  private final ChatModel model;

  LlmJudge(ChatModel model) {
    this.model = model;
  }

  /** The judge's class for {@code message} after {@code history} (at most its last six are sent). */
  RiskClass judge(String message, List<Message> history) throws Exception {
    List<Message> messages = new ArrayList<>();
    messages.add(Message.system(PROMPT));
    StringBuilder context = new StringBuilder();
    for (Message m : history.subList(Math.max(0, history.size() - 6), history.size())) {
      String who = m instanceof Message.Ai ? "assistant" : m instanceof Message.Human ? "user" : null;
      if (who != null) {
        context.append(who).append(": ").append(m.text()).append('\n');
      }
    }
    messages.add(Message.human((context.isEmpty() ? "" : "Recent conversation:\n" + context + "\n")
        + "Last user message:\n" + message));
    Judgement j = StructuredOutput.of(Judgement.class).call(model, messages, 1);
    return RiskClass.fromWire(j.label().strip().toLowerCase(java.util.Locale.ROOT));
  }
}
