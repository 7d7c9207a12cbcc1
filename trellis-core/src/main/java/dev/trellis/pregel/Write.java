package dev.trellis.pregel;

/**
 * One write of a task: a channel slot and a value. Negative slots are the reserved
 * task-outcome channels (see {@link Program#reservedName}).
 */
record Write(int slot, Object value) {
  static final int ERROR = -1;
  static final int INTERRUPT = -2;
  static final int RESUME = -3;
  static final int NO_WRITES = -4;
}
