package dev.trellis.server;

import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.PgEventBus;
import dev.trellis.server.queue.PgListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The event bus contract on PostgreSQL (TRELLIS_PG_URL), in a schema of its own. */
class PgEventBusTest extends EventBusContract {
  private static String url;
  private static PostgresDatabase database;
  private static PgListener listener;
  private static PgEventBus bus;

  @BeforeAll
  static void open() {
    url = PgTestDb.freshSchemaUrl();
    database = PostgresDatabase.connect(url);
    listener = new PgListener(url);
    bus = new PgEventBus(new ServerDb(database, true), listener);
  }

  @AfterAll
  static void close() {
    bus.close();
    listener.close();
    database.close();
    PgTestDb.drop(url);
  }

  @Override
  protected EventBus bus() {
    return bus;
  }
}
