package dev.trellis.apps.neura;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Neura's bundled clinical dataset (providers, patients, sessions) in an in-memory SQLite
 * database loaded from {@code dataset.sql}. Read-only after load; queries are serialised
 * on the one connection.
 */
public final class Dataset implements AutoCloseable {
  private final Connection db;

  private Dataset(Connection db) {
    this.db = db;
  }

  /** Loads the bundled dataset into a fresh in-memory SQLite database. */
  public static Dataset bundled() {
    try (InputStream in = Dataset.class.getResourceAsStream("dataset.sql")) {
      String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      Connection c = DriverManager.getConnection("jdbc:sqlite::memory:");
      try (Statement st = c.createStatement()) {
        for (String stmt : sql.split(";\\s*\\n")) {
          if (!stmt.isBlank()) {
            st.execute(stmt);
          }
        }
      }
      return new Dataset(c);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot load the Neura dataset: " + e.getMessage(), e);
    }
  }

  /** Rows of {@code sql} with {@code params}, each as column → value. */
  public synchronized List<Map<String, Object>> query(String sql, Object... params) {
    try (PreparedStatement ps = db.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setObject(i + 1, params[i]);
      }
      List<Map<String, Object>> rows = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          Map<String, Object> row = new LinkedHashMap<>();
          for (int i = 1; i <= n; i++) {
            row.put(rs.getMetaData().getColumnLabel(i), rs.getObject(i));
          }
          rows.add(row);
        }
      }
      return rows;
    } catch (SQLException e) {
      throw new IllegalStateException("dataset query failed (" + sql + "): " + e.getMessage(), e);
    }
  }

  /**
   * Books {@code provider} for {@code patient} once per idempotency key: a second call with
   * the same key books nothing and returns the first booking — unless that booking was cancelled since, when the
   * key's next variant ({@code key:2}, {@code key:3}, …) books anew (booking again after cancelling, on the same
   * thread; a replay finds the same variant and books once).
   */
  public Map<String, Object> book(String idempotencyKey, String patient, String provider) {
    return book(idempotencyKey, patient, provider, null, null);
  }

  /**
   * As {@link #book(String, String, String)}, on {@code date} (ISO, {@code 2026-12-03}) at {@code time} ({@code 15:00} or
   * a part of the day); either may be null (the care team sets it).
   */
  public synchronized Map<String, Object> book(String idempotencyKey, String patient, String provider, String date,
                                               String time) {
    String key = idempotencyKey;
    for (int n = 2; ; n++) {
      List<Map<String, Object>> made = query("SELECT * FROM bookings WHERE idempotency_key = ?", key);
      if (made.isEmpty() || !"cancelled".equals(made.getFirst().get("status"))) {
        return bookOnce(key, patient, provider, date, time);
      }
      key = idempotencyKey + ":" + n;
    }
  }

  private Map<String, Object> bookOnce(String idempotencyKey, String patient, String provider, String date, String time) {
    try (PreparedStatement ps = db.prepareStatement("INSERT OR IGNORE INTO bookings (idempotency_key, patient_id, "
        + "provider_id, seq, session_date, session_time) VALUES (?, ?, ?, (SELECT COUNT(*) + 1 FROM bookings), ?, ?)")) {
      ps.setString(1, idempotencyKey);
      ps.setString(2, patient);
      ps.setString(3, provider);
      ps.setString(4, date);
      ps.setString(5, time);
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("booking failed: " + e.getMessage(), e);
    }
    return query("SELECT * FROM bookings WHERE idempotency_key = ?", idempotencyKey).get(0);
  }

  /** The patient's sessions still booked (not cancelled), oldest first. */
  public List<Map<String, Object>> booked(String patient) {
    return query("SELECT * FROM bookings WHERE patient_id = ? AND status = 'booked' ORDER BY seq", patient);
  }

  /**
   * Cancels ({@code action} {@code cancel}) or moves ({@code move}, to {@code movedTo}) the patient's booking number
   * {@code seq} once per idempotency key: a second call with the same key changes nothing and returns the booking as the
   * first left it. Returns the booking row with {@code changed} (whether this call changed it); null when the patient
   * has no such booking.
   */
  public Map<String, Object> change(String idempotencyKey, String patient, long seq, String action, String movedTo) {
    return change(idempotencyKey, patient, seq, action, movedTo, null, null);
  }

  /**
   * As {@link #change(String, String, long, String, String)}; a move also sets the session's {@code date} and
   * {@code time}: a new date with the time given with it, or only a new time on the same date.
   */
  public synchronized Map<String, Object> change(String idempotencyKey, String patient, long seq, String action,
                                                 String movedTo, String date, String time) {
    if (!action.equals("cancel") && !action.equals("move")) {
      throw new IllegalArgumentException("unknown booking change: " + action);
    }
    List<Map<String, Object>> rows = query("SELECT * FROM bookings WHERE patient_id = ? AND seq = ?", patient, seq);
    if (rows.isEmpty()) {
      return null;
    }
    boolean changed;
    try {
      db.setAutoCommit(false);
      try (PreparedStatement log = db.prepareStatement("INSERT OR IGNORE INTO booking_changes VALUES (?, ?, ?, ?, ?, ?)")) {
        log.setString(1, idempotencyKey);
        log.setLong(2, seq);
        log.setString(3, action);
        log.setString(4, movedTo);
        log.setString(5, date);
        log.setString(6, time);
        changed = log.executeUpdate() == 1;
      }
      if (changed) {
        try (PreparedStatement ps = db.prepareStatement(action.equals("cancel")
            ? "UPDATE bookings SET status = 'cancelled' WHERE patient_id = ? AND seq = ?"
            : "UPDATE bookings SET moved_to = ?, session_date = COALESCE(?, session_date), session_time = CASE WHEN ? IS NULL "
            + "THEN COALESCE(?, session_time) ELSE ? END WHERE patient_id = ? AND seq = ? AND status = 'booked'")) {
          int i = 1;
          if (action.equals("move")) {
            ps.setString(i++, movedTo);
            ps.setString(i++, date);
            ps.setString(i++, date); // a new day takes the time given with it (none: the care team sets it)
            ps.setString(i++, time);
            ps.setString(i++, time);
          }
          ps.setString(i++, patient);
          ps.setLong(i, seq);
          ps.executeUpdate();
        }
      }
      db.commit();
    } catch (SQLException e) {
      try {
        db.rollback();
      } catch (SQLException ignored) {
        // the change failed; its rollback failing too leaves nothing more to do here
      }
      throw new IllegalStateException("booking change failed: " + e.getMessage(), e);
    } finally {
      try {
        db.setAutoCommit(true);
      } catch (SQLException ignored) {
        // the connection is unusable anyway
      }
    }
    Map<String, Object> out = new LinkedHashMap<>(query("SELECT * FROM bookings WHERE patient_id = ? AND seq = ?",
        patient, seq).get(0));
    out.put("changed", changed);
    return out;
  }

  @Override
  public synchronized void close() throws SQLException {
    db.close();
  }
}
