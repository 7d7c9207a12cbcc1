package dev.trellis.client;

import java.util.LinkedHashMap;
import java.util.Map;

/** Where a state sits: thread, namespace ({@code ""} for the root graph) and checkpoint id. */
public record Checkpoint(String threadId, String checkpointNs, String checkpointId) {

  /** The wire form ({@code thread_id}, {@code checkpoint_ns}, {@code checkpoint_id}), nulls left out. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    if (threadId != null) {
      m.put("thread_id", threadId);
    }
    m.put("checkpoint_ns", checkpointNs == null ? "" : checkpointNs);
    if (checkpointId != null) {
      m.put("checkpoint_id", checkpointId);
    }
    return m;
  }
}
