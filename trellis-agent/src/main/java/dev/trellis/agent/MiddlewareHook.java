package dev.trellis.agent;

import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.ModelHandler;
import dev.trellis.agent.middleware.ModelRequest;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.graph.State;
import dev.trellis.runtime.Runtime;
import java.lang.reflect.Method;

/**
 * The hooks of {@link AgentMiddleware}, each bound to the interface method it is (found once,
 * by its full signature: a renamed or re-typed hook fails here, at class initialisation). A
 * middleware has a hook when the implementation of that very method its class resolves to is
 * not the interface's default — as LangChain checks {@code m.__class__.before_model is not
 * AgentMiddleware.before_model}. An overload or a private helper that merely shares the name
 * is no hook.
 */
enum MiddlewareHook {
  BEFORE_AGENT("before_agent", "beforeAgent", State.class, Runtime.class),
  BEFORE_MODEL("before_model", "beforeModel", State.class, Runtime.class),
  AFTER_MODEL("after_model", "afterModel", State.class, Runtime.class),
  AFTER_AGENT("after_agent", "afterAgent", State.class, Runtime.class),
  WRAP_MODEL_CALL("wrap_model_call", "wrapModelCall", ModelRequest.class, ModelHandler.class),
  WRAP_TOOL_CALL("wrap_tool_call", "wrapToolCall", ToolCallRequest.class, ToolInterceptor.Handler.class);

  /** LangChain's name: the suffix of a node hook's node ({@code <middleware>.before_model}). */
  final String suffix;
  private final Method method;

  MiddlewareHook(String suffix, String javaName, Class<?>... parameters) {
    this.suffix = suffix;
    try {
      this.method = AgentMiddleware.class.getMethod(javaName, parameters);
    } catch (NoSuchMethodException e) {
      throw new ExceptionInInitializerError("AgentMiddleware has no hook " + javaName + ": " + e);
    }
  }

  /** Whether {@code m}'s class implements this hook itself (or inherits an implementation other than the default). */
  boolean isImplementedBy(AgentMiddleware m) {
    try {
      return m.getClass().getMethod(method.getName(), method.getParameterTypes()).getDeclaringClass()
          != AgentMiddleware.class;
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("a middleware always has " + method, e);
    }
  }
}
