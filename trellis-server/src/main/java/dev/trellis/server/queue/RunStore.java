package dev.trellis.server.queue;

import dev.trellis.server.db.Assistants;
import dev.trellis.server.db.ServerDb;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The durable run queue in {@code trellis_runs}. A pending run is claimed by one worker at a
 * time ({@code FOR UPDATE SKIP LOCKED} plus a per-thread advisory lock on PostgreSQL, so only
 * one run per thread runs), with a lease the worker renews; every claim bumps the attempt
 * number, and a worker's final write only lands while its attempt still holds the run.
 */
public final class RunStore {
  /** The notification channel a new run is announced on (PostgreSQL), its payload the run's thread id. */
  public static final String CREATED_CHANNEL = "trellis_runs";
  private static final String ACTIVE = "('pending', 'running')";
  /** Prefix of the assistant's columns joined to a run row. */
  private static final String ASSISTANT = "assistant__";
  private final ServerDb db;

  /** A condition on run {@code r}: no other run of its thread is running, nor pending and created before it. */
  private static final String NO_EARLIER_OR_RUNNING = "NOT EXISTS (SELECT 1 FROM trellis_runs o WHERE o.thread_id = r.thread_id "
      + "AND o.run_id <> r.run_id AND (o.status = 'running' OR (o.status = 'pending' AND (o.created_at < r.created_at "
      + "OR (o.created_at = r.created_at AND o.run_id < r.run_id)))))";

  /**
   * The claim on PostgreSQL, in one round trip. A candidate is the thread's oldest active run (by creation time, then
   * id) with none running; under the statement's snapshot at most one run per thread qualifies, and the row lock makes
   * two processes' claims of it exclusive (the loser skips it; a row claimed and committed meanwhile no longer
   * qualifies when rechecked). The first attempt records the thread's newest checkpoint, what a rollback returns to.
   * Each claimed run comes back with its assistant's columns ({@link Assistants#joinedColumns}): no second lookup.
   */
  private static final String CLAIM_PG = "WITH now_ms AS (SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint AS t), "
      + "cand AS (SELECT r.run_id, r.assistant_id FROM trellis_runs r WHERE r.status = 'pending' AND r.available_at <= (SELECT t FROM now_ms) "
      + "AND " + NO_EARLIER_OR_RUNNING + " "
      + "AND (r.run_id = ANY(string_to_array(?, ',')) OR r.available_at <= (SELECT t FROM now_ms) - ?) "
      + "ORDER BY r.run_id = ANY(string_to_array(?, ',')) DESC, r.created_at LIMIT ? FOR UPDATE OF r SKIP LOCKED) "
      + "UPDATE trellis_runs t SET status = 'running', worker = ?, lease_until = (SELECT t FROM now_ms) + ?, "
      + "attempt = t.attempt + 1, updated_at = ?, checkpoint_before = COALESCE(t.checkpoint_before, "
      + "(SELECT COALESCE(MAX(checkpoint_id), '') FROM checkpoints WHERE thread_id = t.thread_id AND checkpoint_ns = '')) "
      + "FROM cand LEFT JOIN trellis_assistants a ON a.assistant_id = cand.assistant_id WHERE t.run_id = cand.run_id "
      + "RETURNING t.*, " + Assistants.joinedColumns("a", ASSISTANT);

  public RunStore(ServerDb db) {
    this.db = db;
  }

  /**
   * Claims up to {@code max} runs that are due and whose thread has no running run nor an older pending one. On
   * PostgreSQL this is one statement ({@link #CLAIM_PG}): the oldest such run of each thread, locked
   * {@code FOR UPDATE SKIP LOCKED} (a run another process is claiming is passed over, not waited for), set running
   * with a new attempt and lease, and returned.
   */
  public List<Run> claim(String worker, long leaseMillis, int max) {
    return claim(worker, leaseMillis, max, List.of(), 0);
  }

  /**
   * As {@link #claim(String, long, int)}, on PostgreSQL preferring the runs {@code own} names (created in this
   * process, so their readers here get their events from memory) and taking another process's run only once it has
   * been due for {@code handoffMillis} (its creator had that long to claim it). SQLite's claim ignores both.
   */
  public List<Run> claim(String worker, long leaseMillis, int max, java.util.Collection<String> own, long handoffMillis) {
    if (db.postgres()) {
      return db.tx(c -> {
        List<Run> claimed = new ArrayList<>();
        String ids = String.join(",", own); // run ids are UUIDs
        for (Map<String, Object> row : db.rows(c, CLAIM_PG, ids, handoffMillis, ids, max, worker, leaseMillis, ServerDb.now())) {
          claimed.add(withAssistant(row));
        }
        return claimed;
      });
    }
    return db.tx(c -> {
      long now = db.clock(c);
      List<Run> claimed = new ArrayList<>();
      // SQLite has one writer, so what this transaction reads stays true until it commits: the candidates are the
      // oldest due pending run of each thread with none running (ties broken by id, so one per thread qualifies).
      List<Map<String, Object>> candidates = db.rows(c, "SELECT r.run_id, r.thread_id FROM trellis_runs r "
          + "WHERE r.status = 'pending' AND r.available_at <= ? AND " + NO_EARLIER_OR_RUNNING + " ORDER BY r.created_at LIMIT ?", now, max);
      java.util.Set<String> threads = new java.util.HashSet<>();
      for (Map<String, Object> cand : candidates) {
        String thread = (String) cand.get("thread_id");
        if (claimed.size() >= max || !threads.add(thread)) {
          continue;
        }
        String runId = (String) cand.get("run_id");
        // checkpoint_before: the thread's newest checkpoint before a first attempt, what a rollback returns to ("" = none).
        db.update(c, "UPDATE trellis_runs SET status = 'running', worker = ?, lease_until = ?, attempt = attempt + 1, "
            + "updated_at = ?, checkpoint_before = COALESCE(checkpoint_before, (SELECT COALESCE(MAX(checkpoint_id), '') "
            + "FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = '')) WHERE run_id = ?", worker, now + leaseMillis,
            ServerDb.now(), thread, runId);
        claimed.add(withAssistant(db.row(c, "SELECT r.*, " + Assistants.joinedColumns("a", ASSISTANT)
            + " FROM trellis_runs r LEFT JOIN trellis_assistants a ON a.assistant_id = r.assistant_id WHERE r.run_id = ?", runId)));
      }
      return claimed;
    });
  }

  private static Run withAssistant(Map<String, Object> row) {
    return new Run(RunRow.from(row), Assistants.fromJoined(row, ASSISTANT));
  }

  /** What a worker learns from a heartbeat about one of its runs. */
  public record Lease(String runId, boolean held, String cancelAction) {}

  /** Renews the leases of {@code runs} (run id → attempt) held by {@code worker}; tells which are still held and which were cancelled. */
  public List<Lease> heartbeat(String worker, Map<String, Integer> runs, long leaseMillis) {
    if (runs.isEmpty()) {
      return List.of();
    }
    return db.tx(c -> {
      long until = db.clock(c) + leaseMillis;
      List<Lease> out = new ArrayList<>();
      for (Map.Entry<String, Integer> r : runs.entrySet()) {
        int n = db.update(c, "UPDATE trellis_runs SET lease_until = ? WHERE run_id = ? AND worker = ? AND attempt = ? "
            + "AND status = 'running'", until, r.getKey(), worker, r.getValue());
        Map<String, Object> row = db.row(c, "SELECT cancel_action FROM trellis_runs WHERE run_id = ?", r.getKey());
        out.add(new Lease(r.getKey(), n == 1, row == null ? "rollback" : (String) row.get("cancel_action")));
      }
      return out;
    });
  }

  /** Puts running runs whose lease expired back in the queue (their worker died); returns how many. */
  public int requeueExpired() {
    return db.tx(c -> db.update(c, "UPDATE trellis_runs SET status = 'pending', worker = NULL, updated_at = ? "
        + "WHERE status = 'running' AND lease_until < ?", ServerDb.now(), db.clock(c)));
  }

  /** The workers other than {@code self} holding running runs. */
  public List<String> otherRunningWorkers(String self) {
    return db.tx(c -> db.rows(c, "SELECT DISTINCT worker FROM trellis_runs WHERE status = 'running' AND worker <> ?", self)
        .stream().map(r -> (String) r.get("worker")).toList());
  }

  /** Puts the running runs of a worker proven dead back in the queue now, whatever their leases say; returns how many. */
  public int requeueWorker(String deadWorker) {
    return db.tx(c -> db.update(c, "UPDATE trellis_runs SET status = 'pending', worker = NULL, updated_at = ? "
        + "WHERE status = 'running' AND worker = ?", ServerDb.now(), deadWorker));
  }

  /** Hands a run this worker holds back to the queue (graceful shutdown); false if it no longer held it. */
  public boolean requeue(Run run, String worker) {
    return db.tx(c -> db.update(c, "UPDATE trellis_runs SET status = 'pending', worker = NULL, updated_at = ? "
        + "WHERE run_id = ? AND worker = ? AND attempt = ? AND status = 'running'",
        ServerDb.now(), run.runId(), worker, run.attempt()) == 1);
  }

  /**
   * Ends a run this worker's attempt holds, inside {@code alsoDo}'s transaction (thread status
   * and values); false — and nothing written — if the attempt lost the run meanwhile.
   */
  public boolean finish(Run run, String worker, RunStatus status, String resultJson, TxWork alsoDo) {
    return db.tx(c -> finish(c, run, worker, status, resultJson, alsoDo));
  }

  /** As {@link #finish(Run, String, RunStatus, String, TxWork)}, in the caller's transaction on {@code c}. */
  public boolean finish(Connection c, Run run, String worker, RunStatus status, String resultJson, TxWork alsoDo)
      throws SQLException {
    int n = db.update(c, "UPDATE trellis_runs SET status = ?, result = ?, worker = NULL, lease_until = NULL, "
        + "updated_at = ? WHERE run_id = ? AND worker = ? AND attempt = ? AND status = 'running'",
        status.wire(), resultJson, ServerDb.now(), run.runId(), worker, run.attempt());
    if (n != 1) {
      return false;
    }
    alsoDo.run(c);
    return true;
  }

  /**
   * The queue as all workers see it: runs waiting and due, runs executing, and how long the
   * oldest due run has waited past its due time (0 when none waits), in milliseconds.
   */
  public record Depth(long pending, long running, long lagMillis) {}

  /** Reads the {@link Depth} of the queue. */
  public Depth depth() {
    return db.tx(c -> {
      long now = db.clock(c);
      Map<String, Object> r = db.row(c, "SELECT "
          + "SUM(CASE WHEN status = 'pending' AND available_at <= ? THEN 1 ELSE 0 END) AS pending, "
          + "SUM(CASE WHEN status = 'running' THEN 1 ELSE 0 END) AS running, "
          + "MIN(CASE WHEN status = 'pending' AND available_at <= ? THEN available_at END) AS oldest "
          + "FROM trellis_runs WHERE status IN " + ACTIVE, now, now);
      long pending = r.get("pending") instanceof Number n ? n.longValue() : 0;
      long running = r.get("running") instanceof Number n ? n.longValue() : 0;
      long lag = r.get("oldest") instanceof Number n ? Math.max(0, now - n.longValue()) : 0;
      return new Depth(pending, running, lag);
    });
  }

  /** Work done in the same transaction. */
  @FunctionalInterface
  public interface TxWork {
    void run(Connection c) throws SQLException;
  }

  /** Whether the thread has a pending or running run. */
  public boolean active(Connection c, String threadId) throws SQLException {
    return db.row(c, "SELECT run_id FROM trellis_runs WHERE thread_id = ? AND status IN " + ACTIVE, threadId) != null;
  }

  /**
   * What creating a run on a thread needs to know of it, read in one statement: its owner and
   * metadata (null owner: no such thread) and its pending and running runs, oldest first.
   */
  public record ThreadForRun(String owner, Map<String, Object> metadata, List<String> activeRuns) {}

  /** Reads the {@link ThreadForRun} of {@code threadId}. */
  public ThreadForRun threadForRun(Connection c, String threadId) throws SQLException {
    List<Map<String, Object>> rows = db.rows(c, "SELECT t.owner, t.metadata, r.run_id FROM (SELECT CAST(? AS TEXT) AS id) k "
        + "LEFT JOIN trellis_threads t ON t.thread_id = k.id LEFT JOIN trellis_runs r ON r.thread_id = k.id "
        + "AND r.status IN " + ACTIVE + " ORDER BY r.created_at", threadId);
    List<String> active = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      if (row.get("run_id") instanceof String id) {
        active.add(id);
      }
    }
    Map<String, Object> first = rows.getFirst();
    @SuppressWarnings("unchecked")
    Map<String, Object> metadata = first.get("metadata") instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    return new ThreadForRun((String) first.get("owner"), metadata, List.copyOf(active));
  }

  /** The ids of the thread's pending and running runs, oldest first. */
  public List<String> activeRuns(Connection c, String threadId) throws SQLException {
    return db.rows(c, "SELECT run_id FROM trellis_runs WHERE thread_id = ? AND status IN " + ACTIVE
        + " ORDER BY created_at", threadId).stream().map(r -> (String) r.get("run_id")).toList();
  }

  /**
   * Asks for a run to stop: a pending one ends now (interrupted, or deleted by rollback), a running one is signalled.
   * True when it ended a pending run: no worker will publish its end, so the caller tells its waiters after commit
   * ({@link UnstartedRuns#cancelled}).
   */
  public boolean cancel(Connection c, String runId, String action) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT status FROM trellis_runs WHERE run_id = ?", runId);
    if (row == null) {
      return false;
    }
    RunStatus status = RunStatus.of(row.get("status"));
    if (status == RunStatus.PENDING) {
      // Only while still pending: a worker may claim it meanwhile (the write then waits for that claim's commit and
      // matches nothing), and a claimed run must be signalled like a running one, not marked ended under its worker.
      int n = "rollback".equals(action)
          ? db.update(c, "DELETE FROM trellis_runs WHERE run_id = ? AND status = 'pending'", runId)
          : db.update(c, "UPDATE trellis_runs SET status = 'interrupted', result = ?, updated_at = ? WHERE run_id = ? "
              + "AND status = 'pending'", UnstartedRuns.cancelledResult(runId, action), ServerDb.now(), runId);
      if (n == 1) {
        return true;
      }
      row = db.row(c, "SELECT status FROM trellis_runs WHERE run_id = ?", runId);
      status = row == null ? null : RunStatus.of(row.get("status"));
    }
    if (status == RunStatus.RUNNING) {
      db.update(c, "UPDATE trellis_runs SET cancel_action = ? WHERE run_id = ?", action, runId);
      if (db.postgres()) {
        db.jdbc().query(c, "SELECT pg_notify('trellis_cancel', ?)", rs -> null, runId);
      }
    }
    return false;
  }

  /**
   * Queues {@code run} (a {@link RunRow#pending} row) to start at {@code availableAt} (database
   * clock, milliseconds) and wakes the workers of other processes.
   */
  public void enqueue(Connection c, RunRow run, long availableAt) throws SQLException {
    insert(c, run, "pending", availableAt, 0, null, null, null);
    announce(c, run.threadId());
  }

  /**
   * Queues {@code run} (a {@link RunRow#pending} row, due now) already claimed by {@code worker}: its row is inserted
   * running, attempt 1, with a lease and the thread's newest checkpoint as what a rollback returns to, so no claim
   * transaction follows. SQLite only, where the caller's transaction holds the database's one writer lock from its
   * first write (as the claim's does): the caller must have read in it that the thread has no pending or running run,
   * which then stays true until it commits, and have reserved a slot of {@code worker} ({@link Worker#reserveSlot}).
   * Returns the row as claimed.
   */
  public RunRow enqueueClaimed(Connection c, RunRow run, String worker, long leaseMillis) throws SQLException {
    if (db.postgres()) {
      throw new IllegalStateException("a run is claimed at its creation on SQLite only");
    }
    String before = (String) db.row(c, "SELECT COALESCE(MAX(checkpoint_id), '') AS id FROM checkpoints "
        + "WHERE thread_id = ? AND checkpoint_ns = ''", run.threadId()).get("id");
    long now = db.clock(c);
    insert(c, run, "running", now, 1, worker, now + leaseMillis, before);
    return run.claimedFirst(before);
  }

  /**
   * Inserts {@code run}, a {@link RunRow#pending} row not yet attempted, as {@code status} ({@code pending}, or
   * {@code running} when claimed at its creation, then with its attempt, worker, lease and rollback point).
   */
  private void insert(Connection c, RunRow run, String status, long availableAt, int attempt, String worker,
                      Long leaseUntil, String checkpointBefore) throws SQLException {
    if (run.status() != RunStatus.PENDING || run.attempt() != 0) {
      throw new IllegalArgumentException("only a pending run not yet attempted is queued, got " + run.status()
          + " attempt " + run.attempt());
    }
    db.update(c, "INSERT INTO trellis_runs (run_id, thread_id, assistant_id, owner, status, metadata, kwargs, "
        + "multitask_strategy, temporary, created_at, updated_at, available_at, attempt, worker, lease_until, "
        + "checkpoint_before) VALUES (?, ?, ?, ?, '" + status + "', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", run.runId(),
        run.threadId(), run.assistantId(), run.owner(), ServerDb.json(run.metadata()), ServerDb.json(run.kwargs()),
        run.multitaskStrategy(), run.temporary() ? 1 : 0, run.createdAt(), run.updatedAt(), availableAt, attempt, worker,
        leaseUntil, checkpointBefore);
  }

  /** A run, or null. */
  public RunRow get(Connection c, String runId) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT * FROM trellis_runs WHERE run_id = ?", runId);
    return row == null ? null : RunRow.from(row);
  }

  /** A run of {@code owner}, or null. */
  public RunRow get(Connection c, String runId, String owner) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT * FROM trellis_runs WHERE run_id = ? AND owner = ?", runId, owner);
    return row == null ? null : RunRow.from(row);
  }

  /** Why an attempt no longer holds its run, as the log says it: the row tells whether anyone continues it. */
  public String whyLost(Run run) {
    return db.tx(c -> {
      Map<String, Object> row = db.row(c, "SELECT status, attempt, worker FROM trellis_runs WHERE run_id = ?", run.runId());
      if (row == null) {
        return "its thread or run was deleted; nothing continues it";
      }
      RunStatus status = RunStatus.of(row.get("status"));
      int attempt = ((Number) row.get("attempt")).intValue();
      if (status == RunStatus.RUNNING && attempt > run.attempt()) {
        return "it lost its lease; worker " + row.get("worker") + " continues it as attempt " + attempt;
      }
      if (status == RunStatus.PENDING) {
        return "it lost its lease; the run is back in the queue for the next worker";
      }
      return "the run is already " + status.wire() + "; nothing continues it";
    });
  }

  /** A run's status, or null when it is gone. */
  public RunStatus status(String runId) {
    return db.tx(c -> {
      Map<String, Object> row = db.row(c, "SELECT status FROM trellis_runs WHERE run_id = ?", runId);
      return row == null ? null : RunStatus.of(row.get("status"));
    });
  }

  /**
   * The result a run ended with (JSON data), or null while it has none or when it is gone; a
   * result stored as a reference ({@link RunResult}) is read by {@code referenced}
   * ({@link Services#referencedValues}).
   */
  Object result(String runId, java.util.function.BiFunction<String, String, Object> referenced) {
    Map<String, Object> row = db.tx(c -> db.row(c, "SELECT thread_id, result FROM trellis_runs WHERE run_id = ?", runId));
    return row == null ? null : RunResult.read(row.get("result"), (String) row.get("thread_id"), referenced);
  }

  /** The runs of {@code owner} on a thread, newest first, only those in {@code status} when it is given. */
  public List<RunRow> ofThread(Connection c, String threadId, String owner, RunStatus status) throws SQLException {
    return db.rows(c, "SELECT * FROM trellis_runs WHERE thread_id = ? AND owner = ?"
        + (status == null ? "" : " AND status = ?") + " ORDER BY created_at DESC",
        status == null ? new Object[] {threadId, owner} : new Object[] {threadId, owner, status.wire()})
        .stream().map(RunRow::from).toList();
  }

  /** The runs of {@code owner} on a thread, oldest first (creation order, ties by id). */
  public List<RunRow> inOrder(Connection c, String threadId, String owner) throws SQLException {
    return db.rows(c, "SELECT * FROM trellis_runs WHERE thread_id = ? AND owner = ? ORDER BY created_at, run_id",
        threadId, owner).stream().map(RunRow::from).toList();
  }

  /**
   * The runs of {@code owner} with assistant {@code assistantId} on stateful threads, oldest first
   * (creation order, ties by id), read in that order from the index {@code trellis_runs_assistant}
   * (assistant, owner, creation, id: no sort, no other assistant's or owner's run): for listing
   * an A2A agent's tasks.
   */
  public List<RunRow> ofAssistant(Connection c, String assistantId, String owner) throws SQLException {
    return db.rows(c, OF_ASSISTANT, assistantId, owner).stream().map(RunRow::from).toList();
  }

  /** {@link #ofAssistant}'s query (its plan is checked in tests). */
  static final String OF_ASSISTANT = "SELECT * FROM trellis_runs WHERE assistant_id = ? AND owner = ? AND temporary = 0 "
      + "ORDER BY created_at, run_id";

  /** The thread's first run of {@code owner} after ({@code createdAt}, {@code runId}) in creation order, or null. */
  public RunRow after(Connection c, String threadId, String owner, String createdAt, String runId) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT * FROM trellis_runs WHERE thread_id = ? AND owner = ? "
        + "AND (created_at > ? OR (created_at = ? AND run_id > ?)) ORDER BY created_at, run_id LIMIT 1",
        threadId, owner, createdAt, createdAt, runId);
    return row == null ? null : RunRow.from(row);
  }

  /** The ids of {@code owner}'s runs in one of {@code statuses}. */
  public List<String> idsIn(Connection c, String owner, List<RunStatus> statuses) throws SQLException {
    List<String> out = new ArrayList<>();
    for (RunStatus st : statuses) {
      db.rows(c, "SELECT run_id FROM trellis_runs WHERE owner = ? AND status = ?", owner, st.wire())
          .forEach(r -> out.add((String) r.get("run_id")));
    }
    return out;
  }

  /** Deletes a run's row. */
  public void delete(Connection c, String runId) throws SQLException {
    db.update(c, "DELETE FROM trellis_runs WHERE run_id = ?", runId);
  }

  /** Deletes every run of a thread (the thread is being deleted). */
  public void deleteOfThread(Connection c, String threadId) throws SQLException {
    db.update(c, "DELETE FROM trellis_runs WHERE thread_id = ?", threadId);
  }

  /**
   * Whether {@code worker}'s attempt {@code attempt} still holds the running run, its row
   * locked {@code FOR SHARE} on PostgreSQL until the transaction ends (a fenced write).
   */
  public boolean holds(Connection c, String runId, int attempt, String worker) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT attempt, worker, status FROM trellis_runs WHERE run_id = ?"
        + (db.postgres() ? " FOR SHARE" : ""), runId);
    return row != null && ((Number) row.get("attempt")).intValue() == attempt && worker.equals(row.get("worker"))
        && RunStatus.of(row.get("status")) == RunStatus.RUNNING;
  }

  /** The id of {@code owner}'s unfinished run on the thread, running first, else the earliest queued; null when none. */
  public String unfinished(Connection c, String threadId, String owner) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT run_id FROM trellis_runs WHERE thread_id = ? "
        + "AND owner = ? AND status IN (?, ?) ORDER BY CASE status WHEN ? THEN 0 ELSE 1 END, created_at, run_id LIMIT 1",
        threadId, owner, RunStatus.RUNNING.wire(), RunStatus.PENDING.wire(), RunStatus.RUNNING.wire());
    return row == null ? null : (String) row.get("run_id");
  }

  /** The id of {@code owner}'s most recent run on the thread, or null. */
  public String newest(Connection c, String threadId, String owner) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT run_id FROM trellis_runs WHERE thread_id = ? "
        + "AND owner = ? ORDER BY created_at DESC, run_id DESC LIMIT 1", threadId, owner);
    return row == null ? null : (String) row.get("run_id");
  }

  /**
   * Whether run {@code runId} is running on a worker other than {@code worker}, read on {@code c};
   * null when there is no such run (not created yet, or a run of no queue).
   */
  public static Boolean runningElsewhere(ServerDb db, Connection c, String runId, String worker) throws SQLException {
    Map<String, Object> run = db.row(c, "SELECT worker, status FROM trellis_runs WHERE run_id = ?", runId);
    return run == null ? null : RunStatus.of(run.get("status")) == RunStatus.RUNNING && !worker.equals(run.get("worker"));
  }

  /** A sub-select of the ids of pending and running runs, for another table's query ({@code run_id NOT IN (...)}). */
  public static String activeRunIdsSql() {
    return "SELECT run_id FROM trellis_runs WHERE status IN " + ACTIVE;
  }

  /** A condition true when the thread in column {@code threadColumn} has no pending or running run, for another table's query. */
  public static String noActiveRunSql(String threadColumn) {
    return "NOT EXISTS (SELECT 1 FROM trellis_runs r WHERE r.thread_id = " + threadColumn + " AND r.status IN " + ACTIVE + ")";
  }

  /** The notification channel on which a worker that cannot take every due run asks the other processes' workers to claim. */
  public static final String CLAIM_CHANNEL = "trellis_claim";

  /** Asks the workers of other processes to claim now (PostgreSQL; SQLite's processes poll): this one has no free slot left. */
  public void askOthersToClaim() {
    if (db.postgres()) {
      db.tx(c -> db.jdbc().query(c, "SELECT pg_notify('" + CLAIM_CHANNEL + "', '')", rs -> null));
    }
  }

  /** Wakes the thread's streams in other processes (and, through them, nothing else): a run was created on {@code threadId}. */
  public void announce(Connection c, String threadId) throws SQLException {
    if (db.postgres()) {
      db.jdbc().query(c, "SELECT pg_notify('" + CREATED_CHANNEL + "', ?)", rs -> null, threadId);
    }
  }
}
