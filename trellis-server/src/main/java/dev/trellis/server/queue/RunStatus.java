package dev.trellis.server.queue;

import java.util.Locale;

/** Where a run is in its life; stored and sent by its lower-case {@link #wire()} name. */
public enum RunStatus {
  /** Queued, waiting for a worker (or for its {@code after_seconds}). */
  PENDING,
  /** A worker holds its lease and executes it. */
  RUNNING,
  /** The graph finished. */
  SUCCESS,
  /** The graph (or loading it) failed; the result holds {@code __error__}. */
  ERROR,
  /** It ran longer than the server's run timeout. */
  TIMEOUT,
  /** A user or a newer run's multitask strategy stopped it. */
  INTERRUPTED;

  /** The name in the runs table and on the wire. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether the run has ended (it will not change again). */
  public boolean terminal() {
    return this != PENDING && this != RUNNING;
  }

  /** The status stored as {@code wire}, or null for none. */
  public static RunStatus of(Object wire) {
    if (!(wire instanceof String s)) {
      return null;
    }
    for (RunStatus r : values()) {
      if (r.wire().equals(s)) {
        return r;
      }
    }
    throw new IllegalArgumentException("unknown run status \"" + s + "\"");
  }

  /** A status a client names (a query or body field); refused naming the choices when unknown. */
  public static RunStatus parse(String wire) {
    for (RunStatus r : values()) {
      if (r.wire().equals(wire)) {
        return r;
      }
    }
    throw dev.trellis.server.error.ServerException.invalid("unknown run status \""
        + dev.trellis.server.error.ServerException.echo(wire) + "\"; use one of "
        + java.util.Arrays.stream(values()).map(RunStatus::wire).toList());
  }
}
