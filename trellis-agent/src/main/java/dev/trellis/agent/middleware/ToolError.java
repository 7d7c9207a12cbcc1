package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.graph.ControlFlow;
import java.util.Objects;
import java.util.Set;

/**
 * Turns chosen tool failures into error tool messages the model can read (LangChain's
 * {@code ToolErrorMiddleware}). For each exception a tool throws, {@code onError} returns the
 * text the model sees, or null to let the exception through (failing the run, unless the agent
 * handles tool errors itself); handling is opt-in, so internal details reach the model only when
 * {@code onError} chooses. Engine control flow ({@link ControlFlow}: interrupts, parent commands)
 * always passes through untouched. Limited to the named tools when some are named. It does not
 * retry: put a {@link ToolRetry} after it (inner) that rethrows when its attempts run out.
 */
public final class ToolError implements AgentMiddleware {
  /** Decides what the model is told about a tool's failure; null lets the failure propagate. */
  @FunctionalInterface
  public interface OnError {
    String message(Exception failure, ToolCallRequest request);
  }

  private final OnError onError;
  private final Set<String> tools;

  /** Handles failures of every tool. */
  public ToolError(OnError onError) {
    this(onError, null);
  }

  /** Handles failures of {@code tools} only (all when null). */
  public ToolError(OnError onError, Set<String> tools) {
    this.onError = Objects.requireNonNull(onError, "ToolErrorMiddleware requires onError");
    this.tools = tools == null ? null : Set.copyOf(tools);
  }

  @Override
  public String name() {
    return "ToolErrorMiddleware";
  }

  @Override
  public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
    String tool = request.tool() != null ? request.tool().spec().name() : request.call().name();
    if (tools != null && !tools.contains(tool)) {
      return next.call(request);
    }
    try {
      return next.call(request);
    } catch (Exception e) {
      if (e instanceof ControlFlow || e instanceof InterruptedException) {
        throw e;
      }
      String content = onError.message(e, request);
      if (content == null) {
        throw e;
      }
      return new Message.Tool(null, content, request.call().id(), tool, true);
    }
  }
}
