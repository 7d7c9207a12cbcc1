package dev.trellis.observe;

import java.time.Clock;
import java.util.Map;

/**
 * What listeners learn of a run as it starts: its thread, the checkpoint it starts from and its
 * metadata (a server's {@code run_id}, say). A copy of the run's settings that matter to
 * observers, so events do not carry the run's configuration (and with it the listeners themselves).
 *
 * @param threadId the run's thread, or null for a run that is not persisted
 * @param checkpointId the checkpoint the run replays or forks from, or null for the thread's newest
 * @param metadata the run's metadata, saved in each checkpoint's metadata
 * @param clock the graph's clock ({@code CompileOptions.withClock}), which the events' durations
 *     are read from: a listener that times anything itself (span timestamps, calls inside the
 *     run) reads it too, so its times agree with the events' and a test's clock moves them all
 */
public record RunInfo(String threadId, String checkpointId, Map<String, Object> metadata, Clock clock) {
  public RunInfo {
    metadata = Map.copyOf(metadata == null ? Map.of() : metadata);
    clock = clock == null ? Clock.systemUTC() : clock;
  }

  /** A run timed by the system clock. */
  public RunInfo(String threadId, String checkpointId, Map<String, Object> metadata) {
    this(threadId, checkpointId, metadata, null);
  }
}
