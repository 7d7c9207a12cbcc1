package dev.trellis.agent.middleware;

import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.List;
import java.util.Set;

/**
 * A piece of agent behaviour around the model and tools (LangChain's {@code AgentMiddleware}).
 * Override only the hooks you need; each overridden node hook becomes a graph node named
 * {@code <name>.before_agent}, {@code <name>.before_model}, {@code <name>.after_model} or
 * {@code <name>.after_agent}. Before-hooks run in list order, after-hooks in reverse, and
 * wrap-hooks nest (the first middleware is outermost).
 *
 * <p>A node hook returns a state update (null for none); an update carrying {@link #JUMP_TO}
 * ({@code "model"}, {@code "tools"} or {@code "end"}, see {@link #jumpTo}) jumps there instead
 * of the next step. Middleware may declare extra state keys and add tools.
 */
public interface AgentMiddleware {
  /** The ephemeral key a hook writes to jump: {@code model}, {@code tools} or {@code end}. */
  Key<String> JUMP_TO = Key.ephemeral("jump_to", String.class);

  /** The jump targets. */
  Set<String> JUMP_TARGETS = Set.of("model", "tools", "end");

  /**
   * The middleware's name, the prefix of its node names; unique within an agent. Defaults to
   * the class's simple name (for an anonymous class, its binary name without the package).
   */
  default String name() {
    String simple = getClass().getSimpleName();
    return simple.isEmpty() ? getClass().getName().substring(getClass().getName().lastIndexOf('.') + 1) : simple;
  }

  /** State keys this middleware adds to the agent's schema. */
  default List<Key<?>> stateKeys() {
    return List.of();
  }

  /**
   * What traces record of this middleware's hook nodes (LangChain's {@code trace_policy}), e.g.
   * {@code TracePolicy.omitInputs()} to keep the span but drop the conversation; null (the
   * default) takes the agent's {@code tracePolicy}, or records payloads as they are.
   */
  default dev.trellis.observe.TracePolicy tracePolicy() {
    return null;
  }

  /** Tools this middleware adds to the agent. */
  default List<Tool> tools() {
    return List.of();
  }

  /** Once per run, before anything else. */
  default Update beforeAgent(State state, Runtime rt) throws Exception {
    return null;
  }

  /** Before every model call. */
  default Update beforeModel(State state, Runtime rt) throws Exception {
    return null;
  }

  /** After every model call, before the tools. */
  default Update afterModel(State state, Runtime rt) throws Exception {
    return null;
  }

  /** Once per run, when the agent is done. */
  default Update afterAgent(State state, Runtime rt) throws Exception {
    return null;
  }

  /**
   * Around each model call: see or change the request, call {@code next} zero or more
   * times, replace the response.
   */
  default ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    return next.call(request);
  }

  /** Around each tool call (LangGraph's {@code wrap_tool_call}); returns what the tool returns. */
  default Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
    return next.call(request);
  }

  /** An update that jumps to {@code target}: {@code model}, {@code tools} or {@code end}. */
  static Update jumpTo(String target) {
    return Update.of(JUMP_TO, checkTarget(target));
  }

  /** Throws naming the target when it is not a jump target. */
  static String checkTarget(String target) {
    if (!JUMP_TARGETS.contains(target)) {
      throw new IllegalArgumentException("cannot jump to \"" + target + "\": jump targets are model, tools and end");
    }
    return target;
  }
}
