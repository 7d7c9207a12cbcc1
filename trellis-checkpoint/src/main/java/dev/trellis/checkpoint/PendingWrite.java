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

  /**
   * Row indexes of the reserved channels (LangGraph's numbering), used by savers as the
   * write's index and by the engine as the write's slot; ordinary writes count up from 0.
   */
  public static final int ERROR_INDEX = -1;
  public static final int NO_WRITES_INDEX = -2;
  public static final int INTERRUPT_INDEX = -3;
  public static final int RESUME_INDEX = -4;

  /** The index of a reserved channel; 0 for any other channel. */
  public static int reservedIndex(String channel) {
    return switch (channel) {
      case ERROR -> ERROR_INDEX;
      case NO_WRITES -> NO_WRITES_INDEX;
      case INTERRUPT -> INTERRUPT_INDEX;
      case RESUME -> RESUME_INDEX;
      default -> 0;
    };
  }

  /** The reserved channel of a negative index. */
  public static String reservedChannel(int index) {
    return switch (index) {
      case ERROR_INDEX -> ERROR;
      case NO_WRITES_INDEX -> NO_WRITES;
      case INTERRUPT_INDEX -> INTERRUPT;
      case RESUME_INDEX -> RESUME;
      default -> throw new IllegalArgumentException("not a reserved write index: " + index);
    };
  }

  /** True for the channels above, which a saver keeps one value of per task. */
  public static boolean isReserved(String channel) {
    return channel.equals(ERROR) || channel.equals(INTERRUPT) || channel.equals(RESUME) || channel.equals(NO_WRITES);
  }
}
