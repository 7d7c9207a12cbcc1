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
 * database loaded from {@code dataset.sql}, read-only after load (queries serialised on the one connection), and the
 * patients' bookings ({@link Bookings}): in the server's database when served, else beside the dataset in memory.
 */
public final class Dataset implements AutoCloseable {
  private final Connection db;
  private final Bookings bookings;

  private Dataset(Connection db, Bookings bookings) {
    this.db = db;
    this.bookings = bookings != null ? bookings : Bookings.in(new MemoryDatabase(db, db, url(db)));
  }

  /**
   * Loads the bundled dataset into a fresh in-memory SQLite database, its bookings there too: they last as long as the
   * process (tests; a server gives its database: {@link #bundled(dev.trellis.checkpoint.jdbc.JdbcDatabase)}).
   */
  public static Dataset bundled() {
    return load(null);
  }

  /** The bundled dataset with its bookings in {@code bookings} (the server's database: durable and shared). */
  public static Dataset bundled(dev.trellis.checkpoint.jdbc.JdbcDatabase bookings) {
    return load(bookings);
  }

  private static Dataset load(dev.trellis.checkpoint.jdbc.JdbcDatabase bookingsDb) {
    try (InputStream in = Dataset.class.getResourceAsStream("dataset.sql")) {
      String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      // named and shared: the migrations open their own connections to the same in-memory database while this one lives
      Connection c = DriverManager.getConnection("jdbc:sqlite:file:neura-" + java.util.UUID.randomUUID()
          + "?mode=memory&cache=shared");
      try (Statement st = c.createStatement()) {
        for (String stmt : sql.split(";\\s*\\n")) {
          if (!stmt.isBlank()) {
            st.execute(stmt);
          }
        }
      }
      return new Dataset(c, bookingsDb == null ? null : Bookings.in(bookingsDb));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot load the Neura dataset: " + e.getMessage(), e);
    }
  }

  private static String url(Connection c) {
    try {
      return c.getMetaData().getURL();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Rows of {@code sql} with {@code params}, each as column → value. */
  public List<Map<String, Object>> query(String sql, Object... params) {
    synchronized (db) {
      return rows(sql, params);
    }
  }

  private List<Map<String, Object>> rows(String sql, Object... params) {
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

  /** The calendar the booking subgraph writes to ({@link Bookings}). */
  public Bookings bookings() {
    return bookings;
  }

  /** {@link Bookings#book} without a day or time (the care team sets it). */
  public Map<String, Object> book(String idempotencyKey, String patient, String provider) {
    return bookings.book(idempotencyKey, patient, provider, null, null);
  }

  /** {@link Bookings#book}. */
  public Map<String, Object> book(String idempotencyKey, String patient, String provider, String date, String time) {
    return bookings.book(idempotencyKey, patient, provider, date, time);
  }

  /** The patient's sessions still booked (not cancelled), oldest first. */
  public List<Map<String, Object>> booked(String patient) {
    return bookings.booked(patient);
  }

  /** {@link Bookings#change} without a new day or time. */
  public Map<String, Object> change(String idempotencyKey, String patient, String ref, String action, String movedTo) {
    return bookings.change(idempotencyKey, patient, ref, action, movedTo, null, null);
  }

  /** {@link Bookings#change}. */
  public Map<String, Object> change(String idempotencyKey, String patient, String ref, String action, String movedTo,
                                    String date, String time) {
    return bookings.change(idempotencyKey, patient, ref, action, movedTo, date, time);
  }

  @Override
  public void close() throws SQLException {
    synchronized (db) {
      db.close();
    }
  }
}
