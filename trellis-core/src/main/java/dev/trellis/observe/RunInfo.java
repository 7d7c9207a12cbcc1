package dev.trellis.observe;

import java.util.Map;

/**
 * What listeners learn of a run as it starts: its thread, the checkpoint it starts from and its
 * metadata (a server's {@code run_id}, say). A copy of the run's settings that matter to
 * observers, so events do not carry the run's configuration (and with it the listeners themselves).
 *
 * @param threadId the run's thread, or null for a run that is not persisted
 * @param checkpointId the checkpoint the run replays or forks from, or null for the thread's newest
 * @param metadata the run's metadata, saved in each checkpoint's metadata
 */
public record RunInfo(String threadId, String checkpointId, Map<String, Object> metadata) {
  public RunInfo {
    metadata = Map.copyOf(metadata == null ? Map.of() : metadata);
  }
}
