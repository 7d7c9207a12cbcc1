package dev.trellis.server.db;

import dev.trellis.server.wire.Json;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * The scheduled runs in {@code trellis_crons}. A fire is claimed by moving {@code next_run_at}
 * forward with a compare-and-set ({@link #claim}), so with many server processes each fire
 * happens once. Thread-safe (each call runs in the caller's transaction).
 */
public final class Crons {
  private final ServerDb db;

  public Crons(ServerDb db) {
    this.db = db;
  }

  /**
   * One scheduled run: {@code payload} is the run body it creates (validated when saved),
   * {@code threadId} null for a stateless run, {@code nextRunAt} in database-clock milliseconds,
   * {@code endTime} an ISO-8601 date-time after which it stops, or null; {@code timezone} the IANA zone
   * its schedule is read in (null: UTC).
   */
  public record Cron(String cronId, String assistantId, String threadId, String owner, String schedule,
                     String timezone, Map<String, Object> payload, Map<String, Object> metadata, String endTime, long nextRunAt,
                     boolean enabled, String onRunCompleted, String createdAt, String updatedAt) {
    /** The zone the schedule is read in: {@code timezone}, or UTC when none was given. */
    public java.time.ZoneId zone() {
      return timezone == null ? java.time.ZoneOffset.UTC : java.time.ZoneId.of(timezone);
    }

    static Cron from(Map<String, Object> row) {
      return new Cron((String) row.get("cron_id"), (String) row.get("assistant_id"), (String) row.get("thread_id"),
          (String) row.get("owner"), (String) row.get("schedule"), (String) row.get("timezone"), Json.map(row, "payload"), Json.map(row, "metadata"),
          (String) row.get("end_time"), ((Number) row.get("next_run_at")).longValue(),
          ((Number) row.get("enabled")).intValue() != 0, (String) row.get("on_run_completed"),
          (String) row.get("created_at"), (String) row.get("updated_at"));
    }
  }

  /**
   * Keeps one system cron (owner {@code ""}, stateless) named {@code name} of graph {@code graphId}:
   * created when missing, updated when its schedule or input changed; {@code next} is its first fire
   * time. Its id is a name-based UUID of the graph and the name, so server processes sharing a
   * database agree.
   */
  public void ensureSystem(String graphId, String name, String schedule, Map<String, Object> input, long next) {
    String id = Assistants.systemId("schedule:" + graphId + ":" + name);
    Map<String, Object> payload = new java.util.LinkedHashMap<>();
    payload.put("assistant_id", graphId);
    payload.put("input", input);
    try {
      db.tx(c -> {
        Cron existing = get(c, id);
        String now = ServerDb.now();
        if (existing == null) {
          insert(c, new Cron(id, Assistants.systemId(graphId), null, "", schedule, null, payload,
              Map.of("created_by", "system", "schedule", name), null, next, true, "delete", now, now));
        } else if (!existing.schedule().equals(schedule) || !existing.payload().equals(payload)) {
          update(c, new Cron(id, existing.assistantId(), null, "", schedule, null, payload, existing.metadata(), null, next,
              true, existing.onRunCompleted(), existing.createdAt(), now));
        }
        return null;
      });
    } catch (RuntimeException e) {
      // another server process on this database inserted it first
      if (db.tx(c -> get(c, id)) == null) {
        throw e;
      }
    }
  }

  /** Saves a new cron. */
  public Cron insert(Connection c, Cron cron) throws SQLException {
    db.update(c, "INSERT INTO trellis_crons (cron_id, assistant_id, thread_id, owner, schedule, timezone, payload, metadata, "
        + "end_time, next_run_at, enabled, on_run_completed, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        cron.cronId(), cron.assistantId(), cron.threadId(), cron.owner(), cron.schedule(), cron.timezone(), ServerDb.json(cron.payload()),
        ServerDb.json(cron.metadata()), cron.endTime(), cron.nextRunAt(), cron.enabled() ? 1 : 0, cron.onRunCompleted(),
        cron.createdAt(), cron.updatedAt());
    return get(c, cron.cronId());
  }

  /** A cron, or null. */
  public Cron get(Connection c, String id) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT * FROM trellis_crons WHERE cron_id = ?", id);
    return row == null ? null : Cron.from(row);
  }

  /** A cron of {@code owner}, or null. */
  public Cron get(Connection c, String id, String owner) throws SQLException {
    Map<String, Object> row = db.row(c, "SELECT * FROM trellis_crons WHERE cron_id = ? AND owner = ?", id, owner);
    return row == null ? null : Cron.from(row);
  }

  /** Every cron of {@code owner}. */
  public List<Cron> ofOwner(Connection c, String owner) throws SQLException {
    return db.rows(c, "SELECT * FROM trellis_crons WHERE owner = ?", owner).stream().map(Cron::from).toList();
  }

  /** Replaces the schedule, timezone, payload, next fire, enabled flag and end time of {@code cron}; returns it as saved. */
  public Cron update(Connection c, Cron cron) throws SQLException {
    db.update(c, "UPDATE trellis_crons SET schedule = ?, timezone = ?, payload = ?, next_run_at = ?, enabled = ?, "
        + "end_time = ?, updated_at = ? WHERE cron_id = ?", cron.schedule(), cron.timezone(), ServerDb.json(cron.payload()), cron.nextRunAt(),
        cron.enabled() ? 1 : 0, cron.endTime(), ServerDb.now(), cron.cronId());
    return get(c, cron.cronId());
  }

  /** Deletes a cron of {@code owner}; false if there was none. */
  public boolean delete(Connection c, String id, String owner) throws SQLException {
    return db.update(c, "DELETE FROM trellis_crons WHERE cron_id = ? AND owner = ?", id, owner) == 1;
  }

  /** Deletes every cron of thread {@code threadId} (the thread is being deleted); returns how many. */
  public static int deleteOfThread(ServerDb db, Connection c, String threadId) throws SQLException {
    return db.update(c, "DELETE FROM trellis_crons WHERE thread_id = ?", threadId);
  }

  /** The enabled crons due at {@code now}, soonest first. */
  public List<Cron> due(Connection c, long now) throws SQLException {
    return db.rows(c, "SELECT * FROM trellis_crons WHERE enabled = 1 AND next_run_at <= ? ORDER BY next_run_at", now)
        .stream().map(Cron::from).toList();
  }

  /** Moves {@code cron}'s next fire to {@code next} (and sets enabled) if no other process moved it first; true if this one won. */
  public boolean claim(Connection c, Cron cron, long next, boolean enabled) throws SQLException {
    return db.update(c, "UPDATE trellis_crons SET next_run_at = ?, enabled = ? WHERE cron_id = ? AND next_run_at = ?",
        next, enabled ? 1 : 0, cron.cronId(), cron.nextRunAt()) == 1;
  }

  /** Moves a cron that could not fire to {@code next}, unless another process moved it meanwhile. */
  public void postpone(Connection c, Cron cron, long next) throws SQLException {
    db.update(c, "UPDATE trellis_crons SET next_run_at = ? WHERE cron_id = ? AND next_run_at = ?", next, cron.cronId(),
        cron.nextRunAt());
  }
}
