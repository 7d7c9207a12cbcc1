package dev.trellis.server.queue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one worker has executed since it started: runs begun, runs ended by status
 * ({@code success}, {@code error}, {@code timeout}, {@code interrupted}) and their total time by
 * the server's clock ({@code TrellisServer.Builder.clock}, the system's unless a test gives one).
 * A run handed back to the queue (lost lease, shutdown) is begun but not ended here. Read by metrics.
 */
public final class WorkerCounters {
  private final LongAdder started = new LongAdder();
  private final Map<String, LongAdder> ended = new ConcurrentHashMap<>();
  private final LongAdder endedNanos = new LongAdder();

  void recordStart() {
    started.increment();
  }

  /** A run ended with {@code status} after {@code nanos} by the server's clock (a clock set back counts as none). */
  void recordEnd(String status, long nanos) {
    ended.computeIfAbsent(status, k -> new LongAdder()).increment();
    endedNanos.add(Math.max(0, nanos));
  }

  /** Runs this worker began executing (a run retried after a lost lease counts again). */
  public long started() {
    return started.sum();
  }

  /** Runs that ended with {@code status}. */
  public long ended(String status) {
    LongAdder n = ended.get(status);
    return n == null ? 0 : n.sum();
  }

  /** Runs that ended, whatever their status. */
  public long ended() {
    return ended.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** The summed wall time of the ended runs, in nanoseconds. */
  public long endedNanos() {
    return endedNanos.sum();
  }
}
