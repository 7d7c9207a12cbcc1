package dev.trellis.server.db;

import java.util.Locale;

/** A thread's status, as LangGraph's servers report it; stored and sent by its lower-case {@link #wire()} name. */
public enum ThreadStatus {
  /** No run is active and the last one finished (or none ran). */
  IDLE,
  /** A run is pending or running. */
  BUSY,
  /** The last run stopped at an interrupt or breakpoint: the graph waits for input. */
  INTERRUPTED,
  /** The last run failed. */
  ERROR;

  /** The name in the threads table and on the wire. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
