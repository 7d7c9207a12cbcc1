package dev.trellis.safety;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The classifier as agent middleware: before the agent runs, the last human message is
 * classified (with the six messages before it) and the verdict written under
 * {@link SafetyGate#VERDICT}. When {@code reply} gives a text for the verdict, that text is the
 * agent's answer and the agent ends without calling the model; when it gives null, the agent
 * carries on (the verdict stays in state for prompts and tools to read).
 *
 * <pre>{@code
 * new SafetyMiddleware(new SafetyGate(SafetyClassifier.standard(), "en-US"),
 *     v -> v.crisis() ? "Please call 988 ..." : null)
 * }</pre>
 * Immutable and thread-safe.
 */
public final class SafetyMiddleware implements AgentMiddleware {
  private final SafetyGate gate;
  private final Function<Verdict, String> reply;

  public SafetyMiddleware(SafetyGate gate, Function<Verdict, String> reply) {
    this.gate = Objects.requireNonNull(gate, "gate");
    this.reply = Objects.requireNonNull(reply, "reply");
  }

  @Override
  public String name() {
    return "safety";
  }

  @Override
  public List<Key<?>> stateKeys() {
    return List.of(SafetyGate.VERDICT);
  }

  @Override
  public Update beforeAgent(State state, Runtime rt) {
    Verdict v = gate.classify(state.getOrDefault(Messages.KEY, List.of()));
    Update u = Update.of(SafetyGate.VERDICT, v.toMap());
    String text = reply.apply(v);
    if (text == null) {
      return u;
    }
    return u.and(Messages.KEY, List.of(Message.ai(text))).and(JUMP_TO, "end");
  }
}
