package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Limits tool calls per thread and per run, for one tool or all (LangChain's
 * {@code ToolCallLimitMiddleware}). Counts live in {@code thread_tool_call_count}
 * (checkpointed) and {@code run_tool_call_count} (reset by each run), keyed by tool name or
 * {@code __all__}. Calls past a limit are answered with an error message while the others run
 * ({@link ExitBehavior#CONTINUE}, the default), end the run ({@code END}) or throw
 * ({@code ERROR}). A zero limit means none.
 */
public final class ToolCallLimit implements AgentMiddleware {
  @SuppressWarnings("unchecked")
  public static final Key<Map<String, Object>> THREAD_COUNT = Key.merging("thread_tool_call_count");
  @SuppressWarnings("unchecked")
  public static final Key<Map<String, Object>> RUN_COUNT =
      Key.untracked("run_tool_call_count", (Class<Map<String, Object>>) (Class<?>) Map.class);

  private final String tool;
  private final int threadLimit;
  private final int runLimit;
  private final ExitBehavior exit;

  /** {@code tool} null limits calls of every tool together. */
  public ToolCallLimit(String tool, int threadLimit, int runLimit, ExitBehavior exit) {
    this.tool = tool;
    this.threadLimit = threadLimit;
    this.runLimit = runLimit;
    this.exit = exit;
  }

  @Override
  public String name() {
    return tool == null ? "ToolCallLimitMiddleware" : "ToolCallLimitMiddleware[" + tool + "]";
  }

  @Override
  public List<Key<?>> stateKeys() {
    return List.of(THREAD_COUNT, RUN_COUNT);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Update afterModel(State state, Runtime rt) {
    Message.Ai ai = Messages.pendingToolCalls(state);
    if (ai == null) {
      return null;
    }
    String key = tool == null ? "__all__" : tool;
    Map<String, Object> threadCounts = state.getOrDefault(THREAD_COUNT, Map.of());
    Map<String, Object> runCounts = state.get(RUN_COUNT.name()) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    int thread = ((Number) threadCounts.getOrDefault(key, 0)).intValue();
    int run = ((Number) runCounts.getOrDefault(key, 0)).intValue();
    List<Message.ToolCall> blocked = new ArrayList<>();
    for (Message.ToolCall c : ai.toolCalls()) {
      if (tool != null && !tool.equals(c.name())) {
        continue;
      }
      if ((threadLimit > 0 && thread >= threadLimit) || (runLimit > 0 && run >= runLimit)) {
        blocked.add(c);
      } else {
        thread++;
        run++;
      }
    }
    Map<String, Object> newRun = new LinkedHashMap<>(runCounts);
    newRun.put(key, run);
    Update counts = Update.of(THREAD_COUNT, Map.of(key, thread)).and(RUN_COUNT, newRun);
    if (blocked.isEmpty()) {
      return counts;
    }
    String what = tool == null ? "Tool call limit" : "Tool call limit for '" + tool + "'";
    String detail = what + " exceeded: thread " + thread + "/" + (threadLimit > 0 ? threadLimit : "∞")
        + ", run " + run + "/" + (runLimit > 0 ? runLimit : "∞");
    switch (exit) {
      case ERROR -> throw new LimitExceededException(detail);
      case END -> {
        List<Message> out = new ArrayList<>();
        for (Message.ToolCall c : ai.toolCalls()) {
          out.add(new Message.Tool(null, detail, c.id(), c.name(), true));
        }
        out.add(Message.ai(detail));
        return counts.and(Messages.KEY, out).and(JUMP_TO, "end");
      }
      default -> {
        List<Message> out = new ArrayList<>();
        for (Message.ToolCall c : blocked) {
          out.add(new Message.Tool(null, "Tool call limit exceeded. Do not call '" + c.name() + "' again.",
              c.id(), c.name(), true));
        }
        return counts.and(Messages.KEY, out);
      }
    }
  }
}
