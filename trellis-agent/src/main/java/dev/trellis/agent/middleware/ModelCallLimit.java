package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.List;

/**
 * Limits model calls per thread and per run (LangChain's {@code ModelCallLimitMiddleware}):
 * counts in {@code thread_model_call_count} (checkpointed) and {@code run_model_call_count}
 * (reset by each run); before a call past a limit it ends the run with an AI message
 * ({@link ExitBehavior#END}, the default) or throws {@link LimitExceededException}. A zero
 * limit means none.
 */
public final class ModelCallLimit implements AgentMiddleware {
  public static final Key<Integer> THREAD_COUNT = Key.of("thread_model_call_count", Integer.class);
  public static final Key<Integer> RUN_COUNT = Key.untracked("run_model_call_count", Integer.class);

  private final int threadLimit;
  private final int runLimit;
  private final ExitBehavior exit;

  public ModelCallLimit(int threadLimit, int runLimit, ExitBehavior exit) {
    if (exit == ExitBehavior.CONTINUE) {
      throw new IllegalArgumentException("a model-call limit can END or ERROR, not CONTINUE");
    }
    this.threadLimit = threadLimit;
    this.runLimit = runLimit;
    this.exit = exit;
  }

  public static ModelCallLimit perThread(int limit) {
    return new ModelCallLimit(limit, 0, ExitBehavior.END);
  }

  public static ModelCallLimit perRun(int limit) {
    return new ModelCallLimit(0, limit, ExitBehavior.END);
  }

  @Override
  public String name() {
    return "ModelCallLimitMiddleware";
  }

  @Override
  public List<Key<?>> stateKeys() {
    return List.of(THREAD_COUNT, RUN_COUNT);
  }

  @Override
  public Update beforeModel(State state, Runtime rt) {
    int thread = state.getOrDefault(THREAD_COUNT, 0);
    int run = state.getOrDefault(RUN_COUNT, 0);
    List<String> over = new ArrayList<>();
    if (threadLimit > 0 && thread >= threadLimit) {
      over.add("thread limit (" + thread + "/" + threadLimit + ")");
    }
    if (runLimit > 0 && run >= runLimit) {
      over.add("run limit (" + run + "/" + runLimit + ")");
    }
    if (over.isEmpty()) {
      return null;
    }
    String text = "Model call limits exceeded: " + String.join(", ", over);
    if (exit == ExitBehavior.ERROR) {
      throw new LimitExceededException(text);
    }
    return AgentMiddleware.jumpTo("end").and(Messages.KEY, List.of(Message.ai(text)));
  }

  @Override
  public Update afterModel(State state, Runtime rt) {
    return Update.of(THREAD_COUNT, state.getOrDefault(THREAD_COUNT, 0) + 1)
        .and(RUN_COUNT, state.getOrDefault(RUN_COUNT, 0) + 1);
  }
}
