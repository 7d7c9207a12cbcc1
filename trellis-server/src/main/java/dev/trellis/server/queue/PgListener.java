package dev.trellis.server.queue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One LISTEN connection per process, on its own platform thread: wakes this process when
 * another one creates a run ({@code trellis_runs}: the thread's streams), asks for help claiming
 * ({@code trellis_claim}), stores run events ({@code trellis_events}), wants the events of a run
 * executing here ({@code trellis_watch}) or cancels a run ({@code trellis_cancel}). Notifications only
 * wake readers up; the rows in the database stay the truth, so a lost one costs latency
 * (readers also poll), never data. Reconnects after a dropped connection.
 */
public final class PgListener implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PgListener.class);
  private static final String[] CHANNELS = {RunStore.CREATED_CHANNEL, RunStore.CLAIM_CHANNEL, PgEventBus.EVENTS_CHANNEL,
      PgEventBus.WATCH_CHANNEL, "trellis_cancel"};

  /** Opens the connection that listens (a fresh one after each drop). */
  @FunctionalInterface
  public interface Connections {
    Connection open() throws SQLException;
  }

  private final Connections connections;
  private final Map<String, Consumer<String>> handlers = new ConcurrentHashMap<>();
  private final Thread thread;
  private volatile boolean running = true;

  public PgListener(String url) {
    this(() -> DriverManager.getConnection(url));
  }

  /** Listens on connections from {@code connections}, e.g. a pool's: the connection is held until it drops or close(). */
  public PgListener(Connections connections) {
    this.connections = connections;
    this.thread = Thread.ofPlatform().daemon().name("trellis-pg-listen").start(this::loop);
  }

  /** Calls {@code handler} with the payload of each notification on {@code channel}. */
  public void on(String channel, Consumer<String> handler) {
    handlers.put(channel, handler);
  }

  private void loop() {
    while (running) {
      try (Connection c = connections.open(); Statement st = c.createStatement()) {
        c.setAutoCommit(true); // LISTEN takes effect at commit; a pooled connection may come without auto-commit
        for (String ch : CHANNELS) {
          st.execute("LISTEN " + ch);
        }
        PGConnection pg = c.unwrap(PGConnection.class);
        while (running) {
          PGNotification[] ns = pg.getNotifications(500);
          if (ns == null) {
            continue;
          }
          for (PGNotification n : ns) {
            Consumer<String> h = handlers.get(n.getName());
            if (h != null) {
              h.accept(n.getParameter());
            }
          }
        }
      } catch (SQLException e) {
        if (running) {
          LOG.warn("LISTEN connection lost, reconnecting: {}", e.getMessage());
          sleepQuietly();
        }
      }
    }
  }

  private static void sleepQuietly() {
    try {
      Thread.sleep(500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
  }
}
