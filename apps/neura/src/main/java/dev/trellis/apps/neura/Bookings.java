package dev.trellis.apps.neura;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.Schema;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Neura's calendar: the patients' bookings in a database ({@link #SCHEMA}) — under {@code trellis serve} the server's
 * own (SQLite or PostgreSQL), so bookings outlive the process and every server on that database sees the same calendar.
 *
 * <p>A booking's reference ({@code ref}, {@code K7QM-29XD}) is random, never a counter, and every read or change names
 * the patient: one patient cannot read, move or cancel another's booking by naming its reference. A slot is taken by one
 * booking: booking or moving to a day and time checks the provider's sessions and writes the booking in one transaction
 * that first writes the provider's row of {@code neura_booking_locks}, so two concurrent bookings of one slot (threads
 * or server processes) serialise and the second finds it taken; the patient's row is written before it, so the patient's
 * bookings are numbered ({@code n}) and changed one at a time whichever provider they are with. Sessions last 50
 * minutes: two clock times of one provider on one day less than 50 minutes apart clash; a booking with only a part of the day ("thursday evening") or
 * none takes no slot (the care team sets it).
 */
public final class Bookings {
  /** Neura's tables, versioned apart from the server's ({@code trellis-schema/neura/<dialect>/V<n>__*.sql}). */
  public static final Schema SCHEMA = Schema.of("neura", "trellis-schema/neura", Bookings.class);
  /** How long a session lasts: clock times of one provider on one day closer than this clash. */
  static final int SESSION_MINUTES = 50;
  private static final String ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford's: no I, L, O, U
  private static final SecureRandom RANDOM = new SecureRandom();
  /** The prefix of a patient's row in {@code neura_booking_locks} (the providers' rows are their ids). */
  static final String PATIENT = "patient:";
  private static final String COLUMNS = "ref, patient_id, provider_id, n, status, moved_to, session_date, session_time";

  private final JdbcDatabase db;

  private Bookings(JdbcDatabase db) {
    this.db = db;
  }

  /** The calendar in {@code db}, its tables brought to the newest version. */
  public static Bookings in(JdbcDatabase db) {
    db.migrate(SCHEMA);
    return new Bookings(db);
  }

  /** A fresh reference: 40 random bits, {@code XXXX-XXXX}. */
  static String newRef() {
    StringBuilder b = new StringBuilder(9);
    for (int i = 0; i < 8; i++) {
      if (i == 4) {
        b.append('-');
      }
      b.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
    }
    return b.toString();
  }

  /**
   * Books {@code provider} for {@code patient} once per idempotency key (qualified by the patient, so another patient's
   * key finds nothing of theirs): a second call with the key books nothing and returns the first booking — unless it was
   * cancelled since, when the key's next variant ({@code key:2}, …) books anew. When {@code date} and a clock
   * {@code time} are given and the provider has a session then, nothing is booked and the row returned has
   * {@code status} {@code taken}.
   */
  public Map<String, Object> book(String idempotencyKey, String patient, String provider, String date, String time) {
    return db.transaction(c -> {
      lock(c, PATIENT + patient); // the patient's first, then the provider's (one order: no deadlock)
      lock(c, provider);
      String key = patient + "|" + idempotencyKey;
      for (int n = 2; ; n++) {
        Map<String, Object> made = one(c, "SELECT " + COLUMNS + " FROM neura_bookings WHERE idempotency_key = ?", key);
        if (made != null && !"cancelled".equals(made.get("status"))) {
          return made; // a replay: the first booking
        }
        if (made == null) {
          break;
        }
        key = patient + "|" + idempotencyKey + ":" + n;
      }
      if (clashes(c, provider, date, time, null)) {
        Map<String, Object> taken = new LinkedHashMap<>();
        taken.put("status", "taken");
        taken.put("provider_id", provider);
        taken.put("session_date", date);
        taken.put("session_time", time);
        return taken;
      }
      String ref = newRef();
      while (one(c, "SELECT ref FROM neura_bookings WHERE ref = ?", ref) != null) {
        ref = newRef();
      }
      Map<String, Object> count = one(c, "SELECT COUNT(*) AS k FROM neura_bookings WHERE patient_id = ?", patient);
      long n = ((Number) count.get("k")).longValue() + 1;
      db.update(c, "INSERT INTO neura_bookings (ref, idempotency_key, patient_id, provider_id, n, session_date, "
          + "session_time) VALUES (?, ?, ?, ?, ?, ?, ?)", ref, key, patient, provider, n, date, time);
      return one(c, "SELECT " + COLUMNS + " FROM neura_bookings WHERE ref = ?", ref);
    });
  }

  /** The patient's sessions still booked (not cancelled), oldest first. */
  public List<Map<String, Object>> booked(String patient) {
    return db.transaction(c -> rows(c, "SELECT " + COLUMNS + " FROM neura_bookings WHERE patient_id = ? AND status = "
        + "'booked' ORDER BY n", patient));
  }

  /** The patient's booking {@code ref} (any status); null when the patient has none by that reference. */
  public Map<String, Object> get(String patient, String ref) {
    return db.transaction(c -> one(c, "SELECT " + COLUMNS + " FROM neura_bookings WHERE patient_id = ? AND ref = ?",
        patient, ref));
  }

  /** A booked session's start and its reference (for leaving the asking patient's own out). */
  public record Taken(String ref, LocalDateTime start) {
  }

  /** {@code provider}'s booked sessions that have a day and a clock time. */
  public List<Taken> takenBy(String provider) {
    return db.transaction(c -> rows(c, "SELECT ref, session_date, session_time FROM neura_bookings WHERE provider_id = ? "
        + "AND status = 'booked' AND session_date IS NOT NULL AND session_time IS NOT NULL", provider)).stream()
        .filter(r -> startOf((String) r.get("session_date"), (String) r.get("session_time")) != null)
        .map(r -> new Taken((String) r.get("ref"), startOf((String) r.get("session_date"), (String) r.get("session_time"))))
        .toList();
  }

  /**
   * Cancels ({@code action} {@code cancel}) or moves ({@code move}, to {@code movedTo}: a new {@code date} with the
   * {@code time} given with it, or a time alone on the same day) the patient's booking {@code ref} once per idempotency
   * key. Returns the booking row with {@code changed}; a move onto a slot another session holds changes nothing and
   * returns the row with {@code taken} true; null when the patient has no such booking (another patient's reference
   * included).
   */
  public Map<String, Object> change(String idempotencyKey, String patient, String ref, String action, String movedTo,
                                    String date, String time) {
    if (!action.equals("cancel") && !action.equals("move")) {
      throw new IllegalArgumentException("unknown booking change: " + action);
    }
    return db.transaction(c -> {
      lock(c, PATIENT + patient); // held first: no other booking or change of the patient's moves the row read next
      Map<String, Object> row = one(c, "SELECT " + COLUMNS + " FROM neura_bookings WHERE patient_id = ? AND ref = ?",
          patient, ref);
      if (row == null) {
        return null;
      }
      String provider = (String) row.get("provider_id");
      lock(c, provider);
      String key = patient + "|" + idempotencyKey;
      boolean logged = one(c, "SELECT ref FROM neura_booking_changes WHERE idempotency_key = ?", key) != null;
      String newDate = date != null ? date : (String) row.get("session_date");
      String newTime = date != null ? time : time != null ? time : (String) row.get("session_time");
      if (!logged && action.equals("move") && "booked".equals(row.get("status"))
          && clashes(c, provider, newDate, newTime, ref)) {
        Map<String, Object> out = new LinkedHashMap<>(row);
        out.put("changed", false);
        out.put("taken", true);
        return out;
      }
      boolean changed = !logged;
      if (changed) {
        db.update(c, "INSERT INTO neura_booking_changes (idempotency_key, ref, action, moved_to, session_date, "
            + "session_time) VALUES (?, ?, ?, ?, ?, ?)", key, ref, action, movedTo, date, time);
        if (action.equals("cancel")) {
          db.update(c, "UPDATE neura_bookings SET status = 'cancelled' WHERE patient_id = ? AND ref = ?", patient, ref);
        } else {
          db.update(c, "UPDATE neura_bookings SET moved_to = ?, session_date = ?, session_time = ? WHERE patient_id = ? "
              + "AND ref = ? AND status = 'booked'", movedTo, newDate, newTime, patient, ref);
        }
      }
      Map<String, Object> out = new LinkedHashMap<>(one(c, "SELECT " + COLUMNS + " FROM neura_bookings WHERE ref = ?", ref));
      out.put("changed", changed);
      return out;
    });
  }

  /**
   * Writes a lock row — a provider's, or a patient's ({@link #PATIENT} and the id) — held until the transaction ends:
   * a provider's bookings are checked and taken one at a time, and a patient's are counted ({@code n}) and changed one at
   * a time. The patient's row is always written before the provider's.
   */
  private void lock(Connection c, String provider) throws SQLException {
    db.update(c, "INSERT INTO neura_booking_locks (provider_id, n) VALUES (?, 0) ON CONFLICT (provider_id) DO NOTHING",
        provider);
    db.update(c, "UPDATE neura_booking_locks SET n = n + 1 WHERE provider_id = ?", provider);
  }

  /** Whether {@code provider} has a booked session (other than {@code except}) within a session's length of the time. */
  private boolean clashes(Connection c, String provider, String date, String time, String except) throws SQLException {
    LocalDateTime start = startOf(date, time);
    if (start == null) {
      return false;
    }
    for (Map<String, Object> r : rows(c, "SELECT ref, session_time FROM neura_bookings WHERE provider_id = ? AND "
        + "session_date = ? AND status = 'booked'", provider, date)) {
      LocalDateTime other = startOf(date, (String) r.get("session_time"));
      if (other != null && !r.get("ref").equals(except)
          && Math.abs(ChronoUnit.MINUTES.between(start, other)) < SESSION_MINUTES) {
        return true;
      }
    }
    return false;
  }

  /** The start of a session on {@code date} at a clock {@code time}; null without either (a part of the day is none). */
  static LocalDateTime startOf(String date, String time) {
    return date == null || time == null || !time.matches("[0-9]{2}:[0-9]{2}") ? null
        : LocalDate.parse(date).atTime(LocalTime.parse(time));
  }

  private Map<String, Object> one(Connection c, String sql, Object... args) throws SQLException {
    List<Map<String, Object>> r = rows(c, sql, args);
    return r.isEmpty() ? null : r.getFirst();
  }

  private List<Map<String, Object>> rows(Connection c, String sql, Object... args) throws SQLException {
    return db.query(c, sql, Bookings::read, args);
  }

  private static List<Map<String, Object>> read(ResultSet rs) throws SQLException {
    List<Map<String, Object>> out = new ArrayList<>();
    int n = rs.getMetaData().getColumnCount();
    while (rs.next()) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (int i = 1; i <= n; i++) {
        row.put(rs.getMetaData().getColumnLabel(i).toLowerCase(java.util.Locale.ROOT), rs.getObject(i));
      }
      out.add(row);
    }
    return out;
  }
}
