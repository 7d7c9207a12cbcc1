package dev.trellis.agent.middleware.pii;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.ModelHandler;
import dev.trellis.agent.middleware.ModelRequest;
import dev.trellis.agent.middleware.ModelResponse;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.observe.TracePolicy;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Finds one type of personal data in the conversation and blocks, redacts, masks or hashes it
 * (LangChain's {@code PIIMiddleware}); one instance per type, named {@code PIIMiddleware[<type>]}.
 *
 * <p>Where it looks, as LangChain does: before each model call, the last human message
 * ({@link #applyToInput}, on by default) and the tool messages after the last AI message
 * ({@link #applyToToolResults}); after each model call, the text of the last AI message
 * ({@link #applyToOutput}; tool-call arguments are left as they are). A changed message replaces
 * the original in state under the same id, so the model and the checkpoint see only the result.
 * With {@code applyToOutput} the tokens streamed in {@code messages} mode are rewritten as they
 * leave the model, holding back a short tail so data split across tokens is caught.
 *
 * <p>Immutable and thread-safe; the {@code with…}-style methods return copies.
 */
public final class Pii implements AgentMiddleware {
  private final String type;
  private final PiiDetector detector;
  private final PiiStrategy strategy;
  private final boolean input;
  private final boolean output;
  private final boolean toolResults;

  private Pii(String type, PiiDetector detector, PiiStrategy strategy, boolean input, boolean output,
      boolean toolResults) {
    this.type = Objects.requireNonNull(type, "type");
    this.detector = Objects.requireNonNull(detector, "detector");
    this.strategy = Objects.requireNonNull(strategy, "strategy");
    this.input = input;
    this.output = output;
    this.toolResults = toolResults;
  }

  /** A built-in type ({@code email}, {@code credit_card}, {@code ip}, {@code mac_address}, {@code url}), redacted in user input. */
  public static Pii of(String builtInType) {
    return new Pii(builtInType, PiiDetector.builtIn(builtInType), PiiStrategy.REDACT, true, false, false);
  }

  /** A custom type found by {@code regex} (Java syntax), redacted in user input. */
  public static Pii regex(String type, String regex) {
    return new Pii(type, PiiDetector.regex(type, regex), PiiStrategy.REDACT, true, false, false);
  }

  /** A custom type found by {@code detector}, redacted in user input. */
  public static Pii detector(String type, PiiDetector detector) {
    return new Pii(type, detector, PiiStrategy.REDACT, true, false, false);
  }

  public Pii strategy(PiiStrategy s) {
    return new Pii(type, detector, s, input, output, toolResults);
  }

  /** Whether the last human message is checked before each model call (default on). */
  public Pii applyToInput(boolean on) {
    return new Pii(type, detector, strategy, on, output, toolResults);
  }

  /** Whether the model's answer is checked after each model call (default off). */
  public Pii applyToOutput(boolean on) {
    return new Pii(type, detector, strategy, input, on, toolResults);
  }

  /** Whether the tool results the model is about to see are checked before each model call (default off). */
  public Pii applyToToolResults(boolean on) {
    return new Pii(type, detector, strategy, input, output, on);
  }

  public String type() {
    return type;
  }

  /** {@code text} with this middleware's strategy applied to what its detector finds. */
  public String process(String text) {
    return text.isEmpty() ? text : strategy.apply(text, detector.detect(text));
  }

  @Override
  public String name() {
    return "PIIMiddleware[" + type + "]";
  }

  /** Its hook nodes' traces omit their input: that is the conversation before redaction. */
  @Override
  public TracePolicy tracePolicy() {
    return TracePolicy.omitInputs();
  }

  @Override
  public Update beforeModel(State state, Runtime rt) {
    if (!input && !toolResults) {
      return null;
    }
    List<Message> messages = messages(state);
    List<Message> changed = new ArrayList<>();
    if (input) {
      for (int i = messages.size() - 1; i >= 0; i--) {
        if (messages.get(i) instanceof Message.Human h) {
          String text = process(h.text());
          if (!text.equals(h.text())) {
            changed.add(new Message.Human(h.id(), text));
          }
          break;
        }
      }
    }
    if (toolResults) {
      int lastAi = messages.size();
      for (int i = messages.size() - 1; i >= 0; i--) {
        if (messages.get(i) instanceof Message.Ai) {
          lastAi = i;
          break;
        }
      }
      for (int i = lastAi + 1; i < messages.size(); i++) {
        if (messages.get(i) instanceof Message.Tool t) {
          String text = process(t.text());
          if (!text.equals(t.text())) {
            changed.add(new Message.Tool(t.id(), text, t.toolCallId(), t.name(), t.error()));
          }
        }
      }
    }
    return changed.isEmpty() ? null : Update.of(Messages.KEY, changed);
  }

  /** With {@link #applyToOutput}, the model's streamed tokens are rewritten too (see {@link RedactingModel}). */
  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    return output ? next.call(request.withModel(new RedactingModel(request.model(), this))) : next.call(request);
  }

  @Override
  public Update afterModel(State state, Runtime rt) {
    if (!output) {
      return null;
    }
    List<Message> messages = messages(state);
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Ai ai) {
        String text = process(ai.text());
        return text.equals(ai.text()) ? null
            : Update.of(Messages.KEY, List.of(new Message.Ai(ai.id(), text, ai.toolCalls(), ai.usage())));
      }
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static List<Message> messages(State state) {
    List<Message> m = (List<Message>) state.get(Messages.KEY.name());
    return m == null ? List.of() : m;
  }
}
