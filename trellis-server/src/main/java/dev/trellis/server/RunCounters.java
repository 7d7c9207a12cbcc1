package dev.trellis.server;

/**
 * What this process's worker has executed since it started: runs begun, runs ended by status
 * ({@code success}, {@code error}, {@code timeout}, {@code interrupted}) and their total wall
 * time. A run handed back to the queue (lost lease, shutdown) is begun but not ended here. Live:
 * each call reads the current count. Read by metrics ({@link TrellisServer#runCounters()}).
 */
public interface RunCounters {
  /** Runs this worker began executing (a run retried after a lost lease counts again). */
  long started();

  /** Runs that ended with {@code status}. */
  long ended(String status);

  /** Runs that ended, whatever their status. */
  long ended();

  /** The summed time of the ended runs by the server's clock ({@code Builder.clock}; the system's by default), in nanoseconds. */
  long endedNanos();
}
