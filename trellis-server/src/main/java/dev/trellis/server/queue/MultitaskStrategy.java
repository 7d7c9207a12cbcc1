package dev.trellis.server.queue;

import dev.trellis.server.error.ServerException;

/** What a new run does to the runs its thread already has pending or running ({@code multitask_strategy}). */
public enum MultitaskStrategy {
  /** Refuse the new run (409). */
  REJECT,
  /** Stop the active runs, keeping what they saved. */
  INTERRUPT,
  /** Stop the active runs and delete them with what they saved. */
  ROLLBACK,
  /** Queue the new run behind them (the default, as LangGraph's Python server). */
  ENQUEUE;

  /** The name on the wire and in the runs table. */
  public String wire() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** {@code value} as a strategy, {@link #ENQUEUE} when null; refused naming the choices otherwise. */
  static MultitaskStrategy parse(Object value) {
    if (value == null) {
      return ENQUEUE;
    }
    for (MultitaskStrategy m : values()) {
      if (m.wire().equals(value)) {
        return m;
      }
    }
    throw ServerException.invalid("\"multitask_strategy\" must be reject, interrupt, rollback or enqueue, got "
        + ServerException.echo(value));
  }
}
