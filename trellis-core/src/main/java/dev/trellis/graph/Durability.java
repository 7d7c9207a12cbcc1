package dev.trellis.graph;

/**
 * When a run's checkpoints and pending writes reach the saver (LangGraph's durability modes).
 */
public enum Durability {
  /** Each checkpoint and task result is saved before the run goes on: nothing is lost on a crash, slowest. */
  SYNC,
  /**
   * Saving happens on a background thread while the next step runs, in order; the run
   * waits for it before returning. A crash can lose the last step's writes. The default.
   */
  ASYNC,
  /** Only the final checkpoint (and pending writes) is saved, when the run ends, pauses or fails. */
  EXIT
}
