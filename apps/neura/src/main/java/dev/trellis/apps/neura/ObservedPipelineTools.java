package dev.trellis.apps.neura;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolContext;
import dev.trellis.graph.State;
import dev.trellis.pipeline.ToolCallHook;
import dev.trellis.pipeline.ToolOutput;
import dev.trellis.runtime.Runtime;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Each tool call of a turn's context pipeline as an observed tool execution of the agent layer
 * ({@link Observed#tool}: an {@code execute_tool} span when trellis-otel is on the class path),
 * nested in what the node that made this hook is inside, although the pipeline runs its tools on
 * worker threads of its own. Made on the node's thread, one per turn.
 */
final class ObservedPipelineTools implements ToolCallHook {
  private final Runtime rt;
  private final State state;
  /** The call this worker thread is making now, run by {@link #inNode}. */
  private final ThreadLocal<Callable<Object>> current = new ThreadLocal<>();
  /** Runs {@link #current} inside what the node's thread was inside when this hook was made. */
  private final Callable<Object> inNode;

  ObservedPipelineTools(State state, Runtime rt) {
    this.state = state;
    this.rt = rt;
    this.inNode = Observed.carry(() -> current.get().call());
  }

  @Override
  public ToolOutput call(String tool, Map<String, Object> args, Callable<ToolOutput> work) throws Exception {
    Message.ToolCall call = new Message.ToolCall("pipeline:" + tool, tool, args);
    ToolCallRequest request = new ToolCallRequest(call, null, new ToolContext(state, rt, call));
    current.set(() -> Observed.tool(request, work::call));
    try {
      return (ToolOutput) inNode.call();
    } finally {
      current.remove();
    }
  }
}
