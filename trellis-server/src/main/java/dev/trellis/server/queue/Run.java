package dev.trellis.server.queue;

import dev.trellis.server.db.Assistant;
import java.util.Map;

/**
 * A run row as a worker needs it, with its assistant as of the claim ({@code assistant} null
 * when the assistant was deleted).
 */
public record Run(String runId, String threadId, String assistantId, String owner, String status,
                  Map<String, Object> kwargs, int attempt, boolean temporary, String checkpointBefore,
                  Assistant assistant) {

  @SuppressWarnings("unchecked")
  static Run from(Map<String, Object> row, Assistant assistant) {
    Object kw = row.get("kwargs");
    return new Run((String) row.get("run_id"), (String) row.get("thread_id"), (String) row.get("assistant_id"),
        (String) row.get("owner"), (String) row.get("status"),
        kw instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of(),
        ((Number) row.get("attempt")).intValue(), ((Number) row.get("temporary")).intValue() != 0,
        (String) row.get("checkpoint_before"), assistant);
  }

  /** The run's request, loaded from its stored body (validated when the run was created). */
  public RunRequest request() {
    return RunRequest.parse(kwargs);
  }
}
