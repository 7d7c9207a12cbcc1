package dev.trellis.pregel;

import dev.trellis.checkpoint.PendingWrite;

/**
 * One write of a task: a channel slot and a value. Negative slots are the reserved
 * task-outcome channels, numbered as savers number them ({@link PendingWrite#reservedIndex}).
 */
record Write(int slot, Object value) {
  static final int ERROR = PendingWrite.ERROR_INDEX;
  static final int INTERRUPT = PendingWrite.INTERRUPT_INDEX;
  static final int RESUME = PendingWrite.RESUME_INDEX;
  static final int NO_WRITES = PendingWrite.NO_WRITES_INDEX;
}
