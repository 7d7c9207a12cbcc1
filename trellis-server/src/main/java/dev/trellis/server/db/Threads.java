package dev.trellis.server.db;

import dev.trellis.server.error.ServerException;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The threads table: owner, graph, metadata, status ({@code idle}, {@code busy},
 * {@code interrupted}, {@code error}) and the values and interrupts of its last checkpoint,
 * refreshed when a run ends or the state is edited.
 *
 * <p>Values of {@link #REFERENCE_CHARS} characters or more that a run left at a checkpoint with
 * no task to run are stored as a reference to that checkpoint ({@code values_json} holds the JSON
 * string {@code "GRAPH_ID:CHECKPOINT_ID"}; values are never a string) and shown as a
 * {@link ValuesReference}, read through the {@link Resolver} when written out: a long thread's run
 * does not write its whole state into the thread's row again. What search indexes of them is
 * stored as for any values; {@link ThreadQuery} checks a filter SQL cannot answer on such a thread
 * against the values read back.
 */
public final class Threads {
  /** Values whose JSON text is this long or longer are stored as a reference to their checkpoint (when they can be). */
  public static final int REFERENCE_CHARS = 1 << 16;

  /** Reads the values a stored reference names on a thread (null when they cannot be read). */
  @FunctionalInterface
  public interface Resolver {
    Object values(String threadId, String reference);
  }

  private final ServerDb db;
  private final Duration defaultTtl;
  private volatile Resolver resolver = (thread, reference) -> null;

  /** How stored references are read (the server's graphs read their checkpoints). */
  public void resolveWith(Resolver r) {
    this.resolver = r;
  }

  Resolver resolver() {
    return resolver;
  }

  public Threads(ServerDb db) {
    this(db, null);
  }

  /** Threads inserted without a TTL of their own expire {@code defaultTtl} after creation (never when null). */
  public Threads(ServerDb db, Duration defaultTtl) {
    this.db = db;
    this.defaultTtl = defaultTtl;
  }

  /** Inserts an idle thread (expiring after the default TTL, when there is one) and returns it. */
  public Map<String, Object> insert(Connection c, String id, String owner, String graphId,
                                    Map<String, Object> metadata) throws SQLException {
    String now = ServerDb.now();
    db.update(c, "INSERT INTO trellis_threads (thread_id, owner, graph_id, status, metadata, config, values_json, "
        + "interrupts, created_at, updated_at, state_updated_at) VALUES (?, ?, ?, 'idle', ?, '{}', NULL, '{}', ?, ?, ?)",
        id, owner, graphId, ServerDb.json(metadata), now, now, now);
    if (defaultTtl != null) {
      db.update(c, "UPDATE trellis_threads SET expires_at = ? WHERE thread_id = ?", db.millis() + defaultTtl.toMillis(), id);
    }
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("thread_id", id);
    row.put("created_at", now);
    row.put("updated_at", now);
    row.put("state_updated_at", now);
    row.put("metadata", metadata == null ? new LinkedHashMap<>() : new LinkedHashMap<>(metadata));
    row.put("status", ThreadStatus.IDLE.wire());
    row.put("config", new LinkedHashMap<>());
    row.put("values_json", null);
    row.put("interrupts", new LinkedHashMap<>());
    return wire(row, resolver);
  }

  /** A thread of {@code owner}, or null. */
  public Map<String, Object> get(Connection c, String id, String owner) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT " + COLUMNS + " FROM trellis_threads WHERE thread_id = ? AND owner = ?", id, owner);
    return row == null ? null : wire(row, resolver);
  }

  /** Every thread of {@code owner}, in one query. */
  public List<Map<String, Object>> all(Connection c, String owner) throws SQLException {
    return db.rows(c, "SELECT " + COLUMNS + " FROM trellis_threads WHERE owner = ?", owner).stream()
        .map(r -> wire(r, resolver)).toList();
  }

  /** The values a thread's last run left (JSON data, or a {@link ValuesReference} to write out), or null. */
  public Object values(Connection c, String id) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT values_json FROM trellis_threads WHERE thread_id = ?", id);
    return row == null ? null : values(id, row.get("values_json"), resolver);
  }

  private static Object values(String id, Object stored, Resolver resolver) {
    return stored instanceof String reference ? new ValuesReference(id, reference, resolver) : stored;
  }

  /** A thread still marked busy after its last active run ended becomes interrupted (pending interrupts) or idle. */
  public void settle(Connection c, String id) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT status, interrupts FROM trellis_threads WHERE thread_id = ?", id);
    if (row != null && ThreadStatus.BUSY.wire().equals(row.get("status"))) {
      boolean interrupted = row.get("interrupts") instanceof Map<?, ?> m && !m.isEmpty();
      setStatus(c, id, interrupted ? ThreadStatus.INTERRUPTED : ThreadStatus.IDLE);
    }
  }

  /** Who owns the thread stored under {@code id}, or null when there is none. */
  public String ownerOf(Connection c, String id) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT owner FROM trellis_threads WHERE thread_id = ?", id);
    return row == null ? null : (String) row.get("owner");
  }

  /** Sets when the thread expires (database-clock milliseconds). */
  public void setExpiry(Connection c, String id, long expiresAt) throws SQLException {
    db.update(c, "UPDATE trellis_threads SET expires_at = ? WHERE thread_id = ?", expiresAt, id);
  }

  /** Replaces the thread's metadata. */
  public void setMetadata(Connection c, String id, Map<String, Object> metadata) throws SQLException {
    db.update(c, "UPDATE trellis_threads SET metadata = ?, updated_at = ? WHERE thread_id = ?", ServerDb.json(metadata),
        ServerDb.now(), id);
  }

  /** Gives thread {@code to} the values, interrupts and status of {@code from} (busy becomes idle: no run is copied). */
  public void copyState(Connection c, String from, String to) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT status FROM trellis_threads WHERE thread_id = ?", from);
    Object status = row == null ? null : row.get("status");
    db.update(c, "UPDATE trellis_threads SET values_json = (SELECT values_json FROM trellis_threads WHERE thread_id = ?), "
        + "interrupts = (SELECT interrupts FROM trellis_threads WHERE thread_id = ?), status = ? WHERE thread_id = ?",
        from, from, ThreadStatus.BUSY.wire().equals(status) ? ThreadStatus.IDLE.wire() : status, to);
    if (db.postgres()) {
      db.update(c, "UPDATE trellis_threads SET values_search = (SELECT values_search FROM trellis_threads WHERE thread_id = ?) "
          + "WHERE thread_id = ?", from, to);
    } else {
      ThreadTerms.copyValues(db, c, from, to);
    }
  }

  /** The ids of {@code owner}'s threads whose metadata names {@code assistantId} (every run stamps it there). */
  public List<String> ofAssistant(Connection c, String owner, String assistantId) throws SQLException {
    List<String> out = new java.util.ArrayList<>();
    for (Map<String, Object> row : db.rows(c, "SELECT thread_id, metadata FROM trellis_threads WHERE owner = ?", owner)) {
      if (row.get("metadata") instanceof Map<?, ?> m && assistantId.equals(m.get("assistant_id"))) {
        out.add((String) row.get("thread_id"));
      }
    }
    return out;
  }

  /** As {@link #get}, or a 404. */
  public Map<String, Object> require(Connection c, String id, String owner) throws SQLException {
    return ServerException.found(get(c, id, owner), "thread", id);
  }

  /** The graph a thread runs (set by its first run or its metadata), or null. */
  public String graphId(Connection c, String id) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT graph_id FROM trellis_threads WHERE thread_id = ?", id);
    return row == null ? null : (String) row.get("graph_id");
  }

  /** Records the graph the thread runs now (the latest run's assistant). */
  public void setGraph(Connection c, String id, String graphId) throws SQLException {
    db.update(c, "UPDATE trellis_threads SET graph_id = ? WHERE thread_id = ?", graphId, id);
  }

  /**
   * Marks a thread busy with a new run of {@code graphId} and stamps {@code graph_id} and
   * {@code assistant_id} into its metadata ({@code stored}, as read in this transaction, or null),
   * as LangGraph's servers do on every run.
   */
  public void markBusy(Connection c, String id, String graphId, String assistantId, Map<?, ?> stored) throws SQLException {
    Map<String, Object> metadata = new LinkedHashMap<>();
    if (stored != null) {
      stored.forEach((k, v) -> metadata.put((String) k, v));
    }
    metadata.put("graph_id", graphId);
    metadata.put("assistant_id", assistantId);
    db.update(c, "UPDATE trellis_threads SET graph_id = ?, metadata = ?, status = 'busy', updated_at = ? WHERE thread_id = ?",
        graphId, ServerDb.json(metadata), ServerDb.now(), id);
  }

  public void setStatus(Connection c, String id, ThreadStatus status) throws SQLException {
    db.update(c, "UPDATE trellis_threads SET status = ?, updated_at = ? WHERE thread_id = ?", status.wire(), ServerDb.now(), id);
  }

  /**
   * A thread's values to store: their JSON text (or a reference to their checkpoint, a JSON string),
   * and what search indexes of them (the same values with every list left empty, written without
   * converting the lists' elements, and without texts longer than {@link ThreadTerms#MAX_TEXT}:
   * {@link dev.trellis.server.wire.Json#writeSearchable}).
   */
  public record Values(String json, String indexed) {
    /** The stored form of a state's {@code values} (the engine's), already written as {@code json}. */
    public static Values of(Map<String, Object> values, String json) {
      return new Values(json, dev.trellis.server.wire.Json.writeSearchable(values, ThreadTerms.MAX_TEXT));
    }

    /**
     * The stored form of a state's {@code values} written as {@code json}, at a checkpoint named by
     * {@code referenceJson} (a JSON string {@code "GRAPH_ID:CHECKPOINT_ID"}, null: none): the
     * reference when the text is {@link #REFERENCE_CHARS} long or longer, else the text.
     */
    public static Values of(Map<String, Object> values, String json, String referenceJson) {
      return of(values, referenceJson != null && json.length() >= REFERENCE_CHARS ? referenceJson : json);
    }
  }

  /** Stores the values (or null) and interrupts of the thread's last checkpoint, its status and error. */
  public void setState(Connection c, String id, ThreadStatus status, Values values, Object interrupts, Object error)
      throws SQLException {
    setState(c, id, status, null, values, interrupts, error);
  }

  /**
   * As {@link #setState(Connection, String, ThreadStatus, Values, Object, Object)}, the update
   * deciding the status: {@code status} when {@code freeSql} (a condition on the thread's row, its
   * id in column {@code thread_id}) holds, else busy; null {@code freeSql}: always {@code status}.
   *
   * <p>On PostgreSQL the thread's row is locked first, by a statement of its own: a run being
   * created on the thread holds that lock from marking it busy until its pending run is committed,
   * and an update that waited for the lock would recheck only the row it writes — its
   * {@code freeSql} sub-select keeps the snapshot taken before the wait and misses that run. The
   * update after the lock takes a new snapshot. SQLite has one writer: nothing to wait for.
   */
  public void setState(Connection c, String id, ThreadStatus status, String freeSql, Values values, Object interrupts,
                       Object error) throws SQLException {
    if (freeSql != null && db.postgres()) {
      db.row(c, "SELECT 1 FROM trellis_threads WHERE thread_id = ? FOR UPDATE", id);
    }
    String now = ServerDb.now();
    String statusSql = freeSql == null ? "?" : "CASE WHEN " + freeSql + " THEN ? ELSE '" + ThreadStatus.BUSY.wire() + "' END";
    if (db.postgres()) {
      // values_search: what a values filter is matched against through its GIN index (ThreadQuery), not the whole state.
      db.update(c, "UPDATE trellis_threads SET status = " + statusSql + ", values_json = ?, values_search = CAST(? AS jsonb), "
          + "interrupts = ?, error = ?, updated_at = ?, state_updated_at = ? WHERE thread_id = ?", status.wire(),
          values == null ? null : values.json(), values == null ? null : values.indexed(), ServerDb.json(interrupts),
          ServerDb.json(error), now, now, id);
    } else {
      db.update(c, "UPDATE trellis_threads SET status = " + statusSql + ", values_json = ?, interrupts = ?, error = ?, "
          + "updated_at = ?, state_updated_at = ? WHERE thread_id = ?", status.wire(), values == null ? null : values.json(),
          ServerDb.json(interrupts), ServerDb.json(error), now, now, id);
      ThreadTerms.values(db, c, id, values == null ? null : values.indexed());
    }
  }

  /** The API shape of a row (values stored as a reference are read by {@code resolver} when written out). */
  static Map<String, Object> wire(Map<String, Object> row, Resolver resolver) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("thread_id", row.get("thread_id"));
    m.put("created_at", row.get("created_at"));
    m.put("updated_at", row.get("updated_at"));
    m.put("state_updated_at", row.get("state_updated_at"));
    m.put("metadata", row.get("metadata") == null ? new LinkedHashMap<>() : row.get("metadata"));
    m.put("status", row.get("status"));
    m.put("config", row.get("config") == null ? new LinkedHashMap<>() : row.get("config"));
    m.put("values", values((String) row.get("thread_id"), row.get("values_json"), resolver));
    m.put("interrupts", row.get("interrupts") == null ? new LinkedHashMap<>() : row.get("interrupts"));
    if (row.get("error") != null) {
      m.put("error", row.get("error"));
    }
    return m;
  }

  /** The columns {@link #wire} reads (not the {@code jsonb} copies PostgreSQL keeps for search). */
  static final String COLUMNS = "thread_id, created_at, updated_at, state_updated_at, metadata, status, config, values_json, "
      + "interrupts, error";

  /** Columns a search may sort by. */
  public static final List<String> SORTS = List.of("thread_id", "status", "created_at", "updated_at", "state_updated_at");
}
