package dev.trellis.agent.tool;

/**
 * Wraps tool calls (LangGraph's {@code wrap_tool_call}): logging, approval, caching, argument
 * rewriting. Call {@code next.call(request)} (or with an overridden request) to proceed, or
 * return a result without calling the tool.
 */
@FunctionalInterface
public interface ToolInterceptor {
  Object intercept(ToolCallRequest request, Handler next) throws Exception;

  /** The rest of the chain. */
  @FunctionalInterface
  interface Handler {
    Object call(ToolCallRequest request) throws Exception;
  }
}
