package dev.trellis.apps.neura;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.structured.StructuredOutput;
import dev.trellis.graph.State;
import dev.trellis.runtime.Runtime;
import java.util.List;

/**
 * The model-backed variants of preflight's injection check, the empathy note and the
 * navigator's reply, used when a chat model is configured ({@link NeuraDeps#model}). Preflight's
 * rules run first either way; the model only adds what the rules did not catch.
 */
final class ModelSteps {
  private ModelSteps() {
  }

  /**
   * Asks the model for a {@link SafetyVerdict} on prompt injection (the schema travels as the
   * request's response format; a malformed answer is retried with the error shown). A model
   * failure fails the turn: a turn is not answered without its configured check.
   */
  static boolean isInjection(ChatModel model, String message) throws Exception {
    SafetyVerdict v = StructuredOutput.of(SafetyVerdict.class).call(model, List.of(Message.system(
        "You screen messages to a clinical care-navigation assistant before it answers them."),
        Message.human(message)), 2);
    return v.verdict() == SafetyVerdict.Verdict.INJECTION;
  }

  static String empathize(ChatModel model, String message) throws Exception {
    return model.chat(new ChatRequest(List.of(new Message.System(null,
        "Write one short, warm sentence acknowledging how the patient feels. No advice."),
        new Message.Human(null, message)), List.of())).text();
  }

  /**
   * Streams the reply's tokens to the run's messages stream; the answer carries the stream's
   * message id, which finalize stores the reply under so clients see one message.
   */
  static Message.Ai navigate(ChatModel model, State s, Runtime rt, String reading) throws Exception {
    String system = "You are Neura, a care navigator. Open with this acknowledgement: " + s.get(TurnState.EMPATHY)
        + "\nSuggest the best-fitting provider from the context. When a section is marked DEGRADED, ask the patient "
        + "about it.\n\n# Context\n" + s.get(TurnState.CONTEXT) + reading;
    return model.streamTo(new ChatRequest(List.of(new Message.System(null, system),
        new Message.Human(null, s.get(TurnState.TURN_MESSAGE))), List.of()), rt.messages());
  }
}
