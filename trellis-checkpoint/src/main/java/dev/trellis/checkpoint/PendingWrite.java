package dev.trellis.checkpoint;

import java.util.Objects;

/**
 * One write a task made, saved the moment the task finished so that a resumed run
 * replays it instead of re-running the task.
 */
public record PendingWrite(String taskId, String channel, Object value) {
  public PendingWrite {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(channel, "channel");
  }

  /** Reserved channels carry task outcomes rather than state: error, interrupt, resume values, no-writes marker. */
  public static final String ERROR = "__error__";
  public static final String INTERRUPT = "__interrupt__";
  public static final String RESUME = "__resume__";
  public static final String NO_WRITES = "__no_writes__";
  /** The task id of writes that belong to no task (run input, Command updates). */
  public static final String NULL_TASK_ID = "00000000-0000-0000-0000-000000000000";

  /** True for the channels above, which a saver keeps one value of per task. */
  public static boolean isReserved(String channel) {
    return channel.equals(ERROR) || channel.equals(INTERRUPT) || channel.equals(RESUME) || channel.equals(NO_WRITES);
  }
}
