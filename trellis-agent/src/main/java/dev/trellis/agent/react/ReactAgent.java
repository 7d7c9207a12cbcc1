package dev.trellis.agent.react;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
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
 */
public final class ReactAgent {
  public static final Key<Integer> MODEL_CALLS = Key.adding("model_calls", Integer.class);
  public static final Key<Long> TOKENS = Key.adding("tokens", Long.class);
  @SuppressWarnings("unchecked")
  public static final Key<Map<String, Object>> STRUCTURED_RESPONSE =
      Key.of("structured_response", (Class<Map<String, Object>>) (Class<?>) Map.class);
  private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

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
    g.addNode("agent", this::callModel);
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
      g.addNode("generate_structured_response", this::structuredResponse);
      g.addEdge("generate_structured_response", StateGraph.END);
      done = "generate_structured_response";
    }
    String finish = done;
    if (sendPerToolCall) {
      g.addConditionalEdges(afterModel, "tools_condition", state -> {
        Object route = ToolsCondition.to("tools").route(state);
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
        Object route = ToolsCondition.to("tools").route(state);
        return "tools".equals(route) ? "tools" : finish;
      }, Map.of("tools", "tools", finish, finish));
    }
    g.addEdge("tools", entry);
    return g.compile(options);
  }

  @SuppressWarnings("unchecked")
  private Update structuredResponse(dev.trellis.graph.State state, dev.trellis.runtime.Runtime rt) throws Exception {
    List<Message> request = new ArrayList<>((List<Message>) state.get(Messages.KEY.name()));
    request.add(Message.system("Answer now with one JSON object that follows this JSON schema, and nothing else: "
        + JSON.writeValueAsString(responseSchema)));
    Message.Ai ai = model.chat(new ChatRequest(request, List.of(), responseSchema));
    String text = ai.text().strip();
    if (text.startsWith("```")) {
      text = text.replaceAll("^```(json)?\\s*", "").replaceAll("\\s*```$", "");
    }
    try {
      Map<String, Object> parsed = JSON.readValue(text, Map.class);
      return Update.of(STRUCTURED_RESPONSE, parsed).and(MODEL_CALLS, 1).and(TOKENS, ai.usage().total());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new dev.trellis.graph.error.TrellisException("STRUCTURED_RESPONSE",
          "the model's structured answer is not a JSON object: " + ai.text());
    }
  }

  @SuppressWarnings("unchecked")
  private Update callModel(dev.trellis.graph.State state, dev.trellis.runtime.Runtime rt) throws Exception {
    int calls = state.getOrDefault(MODEL_CALLS, 0);
    long tokens = state.getOrDefault(TOKENS, 0L);
    if (budget.maxModelCalls() > 0 && calls >= budget.maxModelCalls()) {
      throw new BudgetExceededException("model_calls", calls + " of " + budget.maxModelCalls() + " model calls used");
    }
    if (budget.maxTokens() > 0 && tokens >= budget.maxTokens()) {
      throw new BudgetExceededException("tokens", tokens + " of " + budget.maxTokens() + " tokens used");
    }
    double cost = tokens / 1000.0 * budget.costPerThousandTokens();
    if (budget.maxCost() > 0 && cost >= budget.maxCost()) {
      throw new BudgetExceededException("cost", String.format(java.util.Locale.ROOT, "%.4f of %.4f spent", cost,
          budget.maxCost()));
    }
    List<Message> request = new ArrayList<>();
    if (prompt != null) {
      request.add(Message.system(prompt));
    }
    request.addAll((List<Message>) state.get(Messages.KEY.name()));
    // Streamed so that tokens reach the run's `messages` stream as they arrive.
    Message.Ai ai = model.stream(new ChatRequest(request, tools.stream().map(Tool::spec).toList()), rt.messages()::write);
    return Update.of(Messages.KEY, List.of(ai)).and(MODEL_CALLS, 1).and(TOKENS, ai.usage().total());
  }
}
