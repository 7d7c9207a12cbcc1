package dev.trellis.server.queue;

import dev.trellis.server.wire.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run as stored in the queue ({@code trellis_runs}; the one record of its row, read by the
 * HTTP handlers and, in a {@link Run}, by the workers): ids, status, its metadata and request
 * body ({@code kwargs}), multitask strategy, whether its thread is a stateless run's, when it
 * was created and last changed, its attempt number (claims so far) and the thread's checkpoint
 * before its first attempt ({@code ""} none, null before the first claim).
 */
public record RunRow(String runId, String threadId, String assistantId, String owner, RunStatus status,
                     Map<String, Object> metadata, Map<String, Object> kwargs, String multitaskStrategy,
                     boolean temporary, String createdAt, String updatedAt, int attempt, String checkpointBefore) {

  static RunRow from(Map<String, Object> row) {
    return new RunRow((String) row.get("run_id"), (String) row.get("thread_id"), (String) row.get("assistant_id"),
        (String) row.get("owner"), RunStatus.of(row.get("status")), Json.map(row, "metadata"), Json.map(row, "kwargs"),
        (String) row.get("multitask_strategy"), row.get("temporary") instanceof Number n && n.intValue() != 0,
        (String) row.get("created_at"), (String) row.get("updated_at"),
        row.get("attempt") instanceof Number n ? n.intValue() : 0, (String) row.get("checkpoint_before"));
  }

  /**
   * A run about to be queued ({@link RunStore#enqueue}): pending, never attempted, created and
   * changed at {@code now}; {@code kwargs} is its validated request body (without {@code
   * assistant_id}), {@code temporary} marks a stateless run's thread.
   */
  public static RunRow pending(String runId, String threadId, String assistantId, String owner,
      Map<String, Object> metadata, Map<String, Object> kwargs, MultitaskStrategy multitask, boolean temporary,
      String now) {
    return new RunRow(runId, threadId, assistantId, owner, RunStatus.PENDING, metadata, kwargs, multitask.wire(),
        temporary, now, now, 0, null);
  }

  /** This pending run as claimed by its first attempt: running, attempt 1, its rollback point {@code checkpointBefore}. */
  public RunRow claimedFirst(String checkpointBefore) {
    return new RunRow(runId, threadId, assistantId, owner, RunStatus.RUNNING, metadata, kwargs, multitaskStrategy,
        temporary, createdAt, updatedAt, 1, checkpointBefore);
  }

  /** Whether the run has ended. */
  public boolean ended() {
    return status.terminal();
  }

  /** LangGraph's Run object. */
  public Map<String, Object> wire() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("run_id", runId);
    m.put("thread_id", threadId);
    m.put("assistant_id", assistantId);
    m.put("created_at", createdAt);
    m.put("updated_at", updatedAt);
    m.put("status", status.wire());
    m.put("metadata", metadata);
    m.put("kwargs", kwargs);
    m.put("multitask_strategy", multitaskStrategy);
    return m;
  }

  /** The wire shape of the runs in {@code rows}. */
  public static List<Map<String, Object>> wire(List<RunRow> rows) {
    return rows.stream().map(RunRow::wire).toList();
  }
}
