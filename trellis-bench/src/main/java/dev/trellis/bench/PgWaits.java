package dev.trellis.bench;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Samples what one server process's PostgreSQL backends are doing (their {@code application_name}) every 20 ms:
 * how many are busy, waiting for a lock (and on which statement) or idle inside a transaction, for W9pg.
 */
final class PgWaits implements AutoCloseable {
  private final Map<String, LongAdder> seen = new ConcurrentHashMap<>();
  private final LongAdder samples = new LongAdder();
  private final Thread thread;
  private volatile boolean running = true;

  PgWaits(String url, String applicationName) {
    thread = Thread.ofPlatform().daemon().name("pg-waits").start(() -> {
      try (Connection c = DriverManager.getConnection(url.replace("ApplicationName=" + applicationName,
          "ApplicationName=sampler")); PreparedStatement ps = c.prepareStatement(
          "SELECT state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) FROM pg_stat_activity "
          + "WHERE application_name = ? AND state <> 'idle' AND query NOT LIKE 'LISTEN%'")) {
        ps.setString(1, applicationName);
        while (running) {
          samples.increment();
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              String state = rs.getString(1);
              String type = rs.getString(2);
              String key = state + " " + (type == null ? "cpu" : type + ":" + rs.getString(3));
              if ("Lock".equals(type) || "LWLock".equals(type)) {
                key += " | " + rs.getString(4);
              }
              seen.computeIfAbsent(key, k -> new LongAdder()).increment();
            }
          }
          Thread.sleep(20);
        }
      } catch (SQLException | InterruptedException e) {
        if (running) {
          System.err.println("pg-waits stopped: " + e);
        }
      }
    });
  }

  @Override
  public void close() {
    running = false;
    try {
      thread.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Prints {@code waits SAMPLES} then one {@code wait N STATE WAIT [| QUERY]} line per kind, N the backends seen so over all samples. */
  void print(PrintStream out) {
    out.println("waits " + samples.sum());
    seen.entrySet().stream().sorted(Comparator.comparingLong(e -> -e.getValue().sum()))
        .forEach(e -> out.println("wait " + e.getValue().sum() + " " + e.getKey()));
  }
}
