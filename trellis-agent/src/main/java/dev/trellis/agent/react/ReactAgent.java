package dev.trellis.agent.react;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.agent.tool.ToolNode;
import dev.trellis.agent.tool.ToolsCondition;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.graph.Key;
import dev.trellis.graph.Node;
import dev.trellis.graph.Schema;
import dev.trellis.graph.StateGraph;
import dev.trellis.graph.Update;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The prebuilt ReAct agent: the model answers or calls tools, the tools run, the model sees
 * their answers, until it answers without calling tools. Optional pre- and post-model hooks
 * (a post hook may pause for approval with {@code rt.interrupt}), a system prompt, tool-call
 * interceptors and a {@link Budget}. State: {@code messages}, {@code model_calls},
 * {@code tokens}. Builder not thread-safe; the compiled graph is.
 *
 * <p>This is LangGraph's {@code create_react_agent} (node {@code agent}, {@code pre_model_hook},
 * {@code post_model_hook}), which LangGraph deprecates in favour of LangChain's
 * {@code create_agent}: new code should use {@link dev.trellis.agent.Agent} with middleware.
 */
public final class ReactAgent {
  public static final Key<Integer> MODEL_CALLS = Key.adding("model_calls", Integer.class);
  public static final Key<Long> TOKENS = Key.adding("tokens", Long.class);
  @SuppressWarnings("unchecked")
  public static final Key<Map<String, Object>> STRUCTURED_RESPONSE =
      Key.of("structured_response", (Class<Map<String, Object>>) (Class<?>) Map.class);

  private final ChatModel model;
  private final List<Tool> tools = new ArrayList<>();
  private final List<ToolInterceptor> interceptors = new ArrayList<>();
  private String prompt;
  private Node preModelHook;
  private Node postModelHook;
  private Budget budget = Budget.NONE;
  private Map<String, Object> responseSchema;
  private boolean sendPerToolCall;
  private boolean handleToolErrors = true;

  private ReactAgent(ChatModel model) {
    this.model = Objects.requireNonNull(model, "model");
  }

  public static ReactAgent builder(ChatModel model) {
    return new ReactAgent(model);
  }

  public ReactAgent tools(Tool... t) {
    tools.addAll(List.of(t));
    return this;
  }

  public ReactAgent interceptors(ToolInterceptor... i) {
    interceptors.addAll(List.of(i));
    return this;
  }

  public ReactAgent prompt(String system) {
    this.prompt = system;
    return this;
  }

  /** Runs before every model call (e.g. trims or summarises messages). */
  public ReactAgent preModelHook(Node hook) {
    this.preModelHook = hook;
    return this;
  }

  /** Runs after every model call, before tools (e.g. an approval interrupt or a guardrail). */
  public ReactAgent postModelHook(Node hook) {
    this.postModelHook = hook;
    return this;
  }

  /**
   * Asks, once the agent is done, for a final answer following {@code jsonSchema}, parsed
   * into the {@code structured_response} state key (a JSON object as a Map).
   */
  public ReactAgent responseFormat(Map<String, Object> jsonSchema) {
    this.responseSchema = Map.copyOf(jsonSchema);
    return this;
  }

  /** Runs each tool call as its own task (a {@code Send} per call: separate retries, checkpointed one by one). */
  public ReactAgent sendPerToolCall(boolean on) {
    this.sendPerToolCall = on;
    return this;
  }

  /** Whether a failing tool answers the model with an error message (default) or fails the run. */
  public ReactAgent handleToolErrors(boolean on) {
    this.handleToolErrors = on;
    return this;
  }

  public ReactAgent budget(Budget b) {
    this.budget = Objects.requireNonNull(b, "budget");
    return this;
  }

  public CompiledGraph compile(CompileOptions options) {
    StateGraph g = StateGraph.of(Schema.of(Messages.KEY, MODEL_CALLS, TOKENS, STRUCTURED_RESPONSE));
    ModelCall calls = new ModelCall(model, prompt, tools.stream().map(Tool::spec).toList(), budget, responseSchema);
    g.addNode("agent", calls::callModel);
    g.addNode("tools", new ToolNode(tools, interceptors, handleToolErrors));
    String entry = "agent";
    if (preModelHook != null) {
      g.addNode("pre_model_hook", preModelHook);
      g.addEdge("pre_model_hook", "agent");
      entry = "pre_model_hook";
    }
    g.addEdge(StateGraph.START, entry);
    String afterModel = "agent";
    if (postModelHook != null) {
      g.addNode("post_model_hook", postModelHook);
      g.addEdge("agent", "post_model_hook");
      afterModel = "post_model_hook";
    }
    String done = StateGraph.END;
    if (responseSchema != null) {
      g.addNode("generate_structured_response", calls::structuredResponse);
      g.addEdge("generate_structured_response", StateGraph.END);
      done = "generate_structured_response";
    }
    String finish = done;
    var toTools = ToolsCondition.to("tools");
    if (sendPerToolCall) {
      g.addConditionalEdges(afterModel, "tools_condition", state -> {
        Object route = toTools.route(state);
        if (!"tools".equals(route)) {
          return finish;
        }
        @SuppressWarnings("unchecked")
        Message.Ai ai = (Message.Ai) Messages.last((List<Message>) state.get(Messages.KEY.name()));
        return ai.toolCalls().stream()
            .map(c -> (Object) dev.trellis.graph.Send.to("tools", new ToolNode.Call(c, state.toMap()))).toList();
      }, null);
    } else {
      g.addConditionalEdges(afterModel, "tools_condition", state -> {
        Object route = toTools.route(state);
        return "tools".equals(route) ? "tools" : finish;
      }, Map.of("tools", "tools", finish, finish));
    }
    g.addEdge("tools", entry);
    return g.compile(options);
  }
}
