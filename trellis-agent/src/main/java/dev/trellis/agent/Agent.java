package dev.trellis.agent;

import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.structured.StructuredOutput;
import dev.trellis.agent.tool.Tool;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An agent with middleware (LangChain's {@code create_agent}): the model answers or calls
 * tools, the tools run, the model sees their answers, until it answers without calling tools;
 * an ordered list of {@link AgentMiddleware} hooks in before and after the agent, the model
 * and the tools. Compiles to a plain {@link CompiledGraph} whose nodes are named as
 * LangChain names them ({@code model}, {@code tools}, {@code <Middleware>.before_model}, …),
 * so streaming, the state API, interrupts and the server work unchanged.
 *
 * <p>State: {@code messages}, {@code structured_response}, the ephemeral {@code jump_to}, and
 * the keys the middleware and {@link Builder#stateKeys} add. {@link #builder} starts one; a compiled
 * agent keeps the settings it was compiled with.
 */
public final class Agent {
  /** The structured answer when a response format is set. */
  public static final Key<Object> STRUCTURED_RESPONSE = Key.of("structured_response", Object.class);

  /** The typed structured answer in {@code state}, or null when there is none. */
  public static <R> R structuredResponse(dev.trellis.graph.State state, Class<R> type) {
    Object v = state.get(STRUCTURED_RESPONSE.name());
    if (v != null && !type.isInstance(v)) {
      throw new ClassCastException("structured_response is a " + v.getClass().getName() + ", not a " + type.getName());
    }
    return type.cast(v);
  }

  /** How tool calls run: v2 (default) one task per call ({@code Send}), v1 all calls in one task. */
  public enum Version { V1, V2 }

  private Agent() {}

  /** A builder of an agent answering with {@code model}. */
  public static Builder builder(ChatModel model) {
    return new Builder(model);
  }

  /** LangChain's recursion limit for agents, used by runs that keep the default limit. */
  public static final int RECURSION_LIMIT = 9_999;

  /**
   * Collects an agent's tools, prompt, middleware and settings, then {@link #compile}s it.
   * Not thread-safe; each compile reads the settings as they are then, so the builder can be
   * changed and compiled again.
   */
  public static final class Builder {
    final ChatModel model;
    final List<Tool> tools = new ArrayList<>();
    final List<AgentMiddleware> middleware = new ArrayList<>();
    final List<Key<?>> stateKeys = new ArrayList<>();
    String systemPrompt;
    Version version = Version.V2;
    boolean handleToolErrors = false;
    StructuredOutput<?> responseFormat;
    dev.trellis.observe.TracePolicy tracePolicy;

    private Builder(ChatModel model) {
      this.model = Objects.requireNonNull(model, "model");
    }

    public Builder tools(Tool... t) {
      tools.addAll(List.of(t));
      return this;
    }

    public Builder tools(List<Tool> t) {
      tools.addAll(t);
      return this;
    }

    /** The system prompt leading every model call (a middleware may change it per call). */
    public Builder systemPrompt(String prompt) {
      this.systemPrompt = prompt;
      return this;
    }

    /** Middleware, in order: before-hooks run in this order, after-hooks in reverse, wrap-hooks nested. */
    public Builder middleware(AgentMiddleware... m) {
      middleware.addAll(List.of(m));
      return this;
    }

    /** Extra state keys (LangChain's {@code state_schema} extension). */
    public Builder stateKeys(Key<?>... keys) {
      stateKeys.addAll(List.of(keys));
      return this;
    }

    /**
     * What traces record of the middleware's hook nodes when a middleware declares no
     * {@link AgentMiddleware#tracePolicy} of its own (LangChain's {@code configure_trace_policy}).
     */
    public Builder tracePolicy(dev.trellis.observe.TracePolicy policy) {
      this.tracePolicy = policy;
      return this;
    }

    public Builder version(Version v) {
      this.version = Objects.requireNonNull(v, "version");
      return this;
    }

    /**
     * Whether a failing tool answers the model with an error message or fails the run (the
     * default, as in LangChain: a middleware such as {@code ToolRetry} or a tool-call wrapper
     * decides what a failure becomes). A call of an unknown tool is always answered.
     */
    public Builder handleToolErrors(boolean on) {
      this.handleToolErrors = on;
      return this;
    }

    /**
     * A typed final answer: the model answers with JSON following the schema generated from
     * {@code type} (a record), validated and stored in {@code structured_response} as a {@code R}.
     */
    public <R extends Record> Builder responseFormat(Class<R> type) {
      this.responseFormat = StructuredOutput.of(type);
      return this;
    }

    /** A final answer following a JSON schema, stored as a Map; {@code prompt} tells the model what to extract. */
    public Builder responseFormat(String prompt, Map<String, Object> jsonSchema) {
      this.responseFormat = StructuredOutput.of(prompt, jsonSchema);
      return this;
    }

    /**
     * The graph; runs whose config keeps the default recursion limit get {@link #RECURSION_LIMIT}
     * (as LangChain's {@code create_agent}) unless {@code options} sets the graph's own.
     */
    public CompiledGraph compile(CompileOptions options) {
      CompileOptions o = options.recursionLimit() == 0 ? options.withRecursionLimit(RECURSION_LIMIT) : options;
      return new AgentGraph(this).build().compile(o);
    }
  }
}
