package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.PgEventBus;
import dev.trellis.server.queue.PgListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The event bus contract on PostgreSQL (TRELLIS_PG_URL), in a schema of its own. */
class PgEventBusTest extends EventBusContract {
  private static String url;
  private static PostgresDatabase database;
  private static PgListener listener;
  private static PgEventBus bus;
  private static ServerDb db;

  @BeforeAll
  static void open() {
    url = PgTestDb.freshSchemaUrl();
    database = PostgresDatabase.connect(url);
    listener = new PgListener(url);
    db = new ServerDb(database, true);
    bus = new PgEventBus(db, listener);
  }

  @AfterAll
  static void close() {
    bus.close();
    listener.close();
    database.close();
    PgTestDb.drop(url);
  }

  @Test
  void expiryDeletesTheEventsOfARunWithoutAQueuedRowOnceOlderThanTheKeepTime() {
    String old = "run-" + java.util.UUID.randomUUID();
    long longAgo = db.millis() - EventBus.RESUMABLE_KEEP_MILLIS - 60_000;
    db.tx(c -> db.update(c, "INSERT INTO trellis_run_events (run_id, seq, event, data, at) VALUES (?, 1, 'values', '{}', ?)",
        old, longAgo));
    assertEquals(1, bus.last(old));
    bus.expire();
    assertEquals(0, bus.last(old));
  }

  @Override
  protected EventBus bus() {
    return bus;
  }
}
