package dev.trellis.server.queue;

import dev.trellis.server.db.Assistant;
import java.util.Map;

/**
 * A run a worker claimed: its row ({@link RunRow}, the one mapping of a {@code trellis_runs}
 * row) with its assistant as of the claim ({@code assistant} null when the assistant was
 * deleted). The accessors below read the row.
 */
public record Run(RunRow row, Assistant assistant) {

  public String runId() {
    return row.runId();
  }

  public String threadId() {
    return row.threadId();
  }

  public String assistantId() {
    return row.assistantId();
  }

  public String owner() {
    return row.owner();
  }

  public Map<String, Object> kwargs() {
    return row.kwargs();
  }

  public int attempt() {
    return row.attempt();
  }

  public boolean temporary() {
    return row.temporary();
  }

  public String checkpointBefore() {
    return row.checkpointBefore();
  }

  /** The run's request, loaded from its stored body (validated when the run was created). */
  public RunRequest request() {
    return RunRequest.parse(kwargs());
  }
}
