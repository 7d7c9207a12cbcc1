package dev.trellis.agent;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.message.PythonRepr;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.ModelHandler;
import dev.trellis.agent.middleware.ModelRequest;
import dev.trellis.agent.middleware.ModelResponse;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.structured.StructuredOutput;
import dev.trellis.agent.structured.StructuredOutputException;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's {@code model} node: builds the {@link ModelRequest} from state, passes it
 * through the middleware's {@code wrapModelCall} (first outermost) to the model (streamed to
 * the {@code messages} mode), reads a structured answer, and writes the response.
 */
final class ModelNode implements Node {
  /** How many times a model is shown its structured-output error before the run fails. */
  static final int MAX_RETRIES = 2;

  private final ChatModel model;
  private final String systemPrompt;
  private final List<ToolSpec> tools;
  private final List<AgentMiddleware> wrappers;
  private final StructuredOutput<?> format;
  private final boolean nativeFormat;

  ModelNode(ChatModel model, String systemPrompt, List<ToolSpec> tools, List<AgentMiddleware> wrappers,
      StructuredOutput<?> format) {
    this.model = model;
    this.systemPrompt = systemPrompt;
    this.wrappers = List.copyOf(wrappers);
    this.format = format;
    this.nativeFormat = format != null && model.supportsStructuredOutput();
    this.tools = List.copyOf(tools);
  }

  @Override
  @SuppressWarnings("unchecked")
  public NodeResult apply(State state, Runtime rt) throws Exception {
    List<Message> messages = (List<Message>) state.get(Messages.KEY.name());
    ModelRequest request = new ModelRequest(model, systemPrompt, messages == null ? List.of() : messages, tools,
        nativeFormat ? format.schema() : null, null, state, rt);
    ModelResponse response = chain(0, request);
    Update u = Update.of(response.update().values()).and(Messages.KEY, response.messages());
    if (response.structuredResponse() != null || format != null) {
      // with a response format, a call without a structured answer clears an earlier turn's
      u = u.and(Agent.STRUCTURED_RESPONSE, response.structuredResponse());
    }
    boolean jumps = u.values().get(AgentMiddleware.JUMP_TO.name()) != null;
    return !jumps && state.get(AgentMiddleware.JUMP_TO.name()) != null ? u.and(AgentMiddleware.JUMP_TO, null) : u;
  }

  private ModelResponse chain(int i, ModelRequest request) throws Exception {
    if (i == wrappers.size()) {
      return callModel(request);
    }
    ModelHandler next = r -> chain(i + 1, r);
    return wrappers.get(i).wrapModelCall(request, next);
  }

  private ModelResponse callModel(ModelRequest request) throws Exception {
    Runtime rt = request.runtime();
    ChatRequest chat = request.toChatRequest();
    if (format != null && !nativeFormat) {
      // the structured-output tool is added last, after any middleware chose the tools (as LangChain binds it)
      List<ToolSpec> offered = new ArrayList<>(chat.tools());
      offered.add(format.toolSpec());
      chat = new ChatRequest(chat.messages(), offered, chat.responseSchema(), chat.settings());
    }
    Message.Ai ai = rt == null ? Observed.chat(request.model(), chat)
        : Observed.streamTo(request.model(), chat, rt.chatModel(request.model().name(), chat.messages()), rt);
    if (format == null) {
      return ModelResponse.of(ai);
    }
    return nativeFormat ? readNative(ai) : readToolCall(ai, request.messages());
  }

  /** Fails the run once the model has been shown {@link #MAX_RETRIES} errors in this conversation. */
  private void checkRetries(List<Message> seen, StructuredOutputException e) {
    String prefix = "Error: Failed to parse structured output for tool '" + format.name() + "'";
    long shown = seen.stream().filter(m -> m instanceof Message.Tool && m.text().startsWith(prefix)).count();
    if (shown >= MAX_RETRIES) {
      throw new StructuredOutputException("no valid " + format.name() + " after " + (shown + 1) + " answers: "
          + e.getMessage());
    }
  }

  /** Provider-native: a final answer (no tool calls) is the JSON; one that does not fit fails the run. */
  private ModelResponse readNative(Message.Ai ai) {
    if (!ai.toolCalls().isEmpty()) {
      return ModelResponse.of(ai);
    }
    return new ModelResponse(List.of(ai), format.readText(ai.text()));
  }

  /** What the model is told when its structured answer was refused (LangChain's template). */
  private static String error(String problem) {
    return "Error: " + problem + "\n Please fix your mistakes.";
  }

  /**
   * Tool strategy: a call of the format's tool is the answer (other calls in the message still
   * run); two such calls, or one that does not fit, are answered with the error for the model
   * to try again.
   */
  private ModelResponse readToolCall(Message.Ai ai, List<Message> seen) {
    List<Message.ToolCall> answers = ai.toolCalls().stream().filter(c -> c.name().equals(format.name())).toList();
    if (answers.isEmpty()) {
      return ModelResponse.of(ai);
    }
    if (answers.size() > 1) {
      List<Message> out = new ArrayList<>(List.of(ai));
      String names = String.join(", ", answers.stream().map(Message.ToolCall::name).toList());
      for (Message.ToolCall c : answers) {
        out.add(new Message.Tool(null, error("Model incorrectly returned multiple structured responses (" + names
            + ") when only one is expected."), c.id(), c.name(), false));
      }
      return new ModelResponse(out, null);
    }
    Message.ToolCall call = answers.getFirst();
    try {
      Object value = format.read(call.args());
      return new ModelResponse(List.of(ai, new Message.Tool(null, "Returning structured response: "
          + PythonRepr.of(call.args()), call.id(), call.name(), false)), value);
    } catch (StructuredOutputException e) {
      checkRetries(seen, e);
      return new ModelResponse(List.of(ai, new Message.Tool(null, error("Failed to parse structured output for tool '"
          + call.name() + "': " + e.getMessage() + "."), call.id(), call.name(), false)), null);
    }
  }
}
