package dev.trellis.pipeline;

import java.util.Map;
import java.util.concurrent.Callable;

/**
 * What runs around each tool call of a {@link ToolPipeline} (tracing, say): it is given the
 * tool's name, its merged arguments and the call itself (all of its attempts), on the thread
 * that makes the call, and returns what the call returns or throws what it throws. A skipped
 * tool is no call. Implementations are thread-safe (a phase's tools run in parallel).
 */
@FunctionalInterface
public interface ToolCallHook {
  ToolOutput call(String tool, Map<String, Object> args, Callable<ToolOutput> work) throws Exception;

  /** Runs the call, nothing around it. */
  ToolCallHook NONE = (tool, args, work) -> work.call();
}
