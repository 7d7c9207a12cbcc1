package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.tool.ToolNode;
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
 * {@code __all__}. Calls past a limit are answered with an error message telling the model not to
 * call again while the others run ({@link ExitBehavior#CONTINUE}, the default), end the run
 * ({@code END}: every call of the batch is answered and an AI message tells the user which limit
 * was reached) or throw ({@code ERROR}). A zero limit means none.
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
    Message.Ai ai = ToolNode.lastAi((List<Message>) state.get(Messages.KEY.name()));
    if (ai == null || ai.toolCalls().isEmpty()) {
      return null;
    }
    String key = tool == null ? "__all__" : tool;
    Map<String, Object> threadCounts = state.getOrDefault(THREAD_COUNT, Map.of());
    Map<String, Object> runCounts = state.get(RUN_COUNT.name()) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    int threadBefore = ((Number) threadCounts.getOrDefault(key, 0)).intValue();
    int thread = threadBefore;
    int run = ((Number) runCounts.getOrDefault(key, 0)).intValue();
    List<Message.ToolCall> allowedCalls = new ArrayList<>();
    List<Message.ToolCall> blocked = new ArrayList<>();
    for (Message.ToolCall c : ai.toolCalls()) {
      if (tool != null && !tool.equals(c.name())) {
        continue;
      }
      if ((threadLimit > 0 && thread + 1 > threadLimit) || (runLimit > 0 && run + 1 > runLimit)) {
        blocked.add(c);
      } else {
        allowedCalls.add(c);
        thread++;
        run++;
      }
    }
    Map<String, Object> newRun = new LinkedHashMap<>(runCounts);
    newRun.put(key, run + blocked.size());
    if (blocked.isEmpty()) {
      return allowedCalls.isEmpty() ? null : Update.of(THREAD_COUNT, Map.of(key, thread)).and(RUN_COUNT, newRun);
    }
    int runTotal = run + blocked.size();
    int threadTotal = thread + blocked.size();
    if (exit == ExitBehavior.ERROR) {
      throw new LimitExceededException(finalText(threadTotal, runTotal));
    }
    String text = tool == null ? "Tool call limit exceeded. Do not make additional tool calls."
        : "Tool call limit exceeded. Do not call '" + tool + "' again.";
    List<Message> out = new ArrayList<>();
    for (Message.ToolCall c : blocked) {
      out.add(new Message.Tool(null, text, c.id(), c.name(), true));
    }
    if (exit == ExitBehavior.END) {
      for (Message.ToolCall c : ai.toolCalls()) {
        if (!blocked.contains(c)) {
          out.add(new Message.Tool(null, "Execution stopped before this tool call could run because another tool call"
              + " in the same batch exceeded the limit.", c.id(), c.name(), true));
        }
      }
      out.add(Message.ai(finalText(threadTotal, runTotal)));
      // the thread count stays where it was: none of this batch ran
      return Update.of(THREAD_COUNT, Map.of(key, threadBefore)).and(RUN_COUNT, newRun).and(Messages.KEY, out)
          .and(JUMP_TO, "end");
    }
    return Update.of(THREAD_COUNT, Map.of(key, thread)).and(RUN_COUNT, newRun).and(Messages.KEY, out);
  }

  /** What the user is told (END) or the error says (ERROR): which limits the batch went past. */
  private String finalText(int threadCount, int runCount) {
    List<String> over = new ArrayList<>();
    if (threadLimit > 0 && threadCount > threadLimit) {
      over.add("thread limit exceeded (" + threadCount + "/" + threadLimit + " calls)");
    }
    if (runLimit > 0 && runCount > runLimit) {
      over.add("run limit exceeded (" + runCount + "/" + runLimit + " calls)");
    }
    return (tool == null ? "Tool" : "'" + tool + "' tool") + " call limit reached: " + String.join(" and ", over) + ".";
  }
}
