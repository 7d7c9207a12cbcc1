package dev.trellis.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.testkit.PgSchema;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Savers starting together on one new PostgreSQL schema (as processes do) migrate it once, under the migration lock. */
class PostgresSchemaTest {

  private static List<String> rows(String url, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url); var st = c.createStatement(); var rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void saversOnSeparatePoolsStartingTogetherMigrateOnce() throws Exception {
    try (PgSchema schema = PgSchema.create("schema_")) {
      int n = 4;
      CountDownLatch start = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(n);
      try {
        List<Future<?>> opened = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          opened.add(pool.submit(() -> {
            start.await();
            try (PostgresSaver saver = PostgresSaver.connect(schema.url());
                 PostgresStore store = PostgresStore.connect(schema.url())) {
              return null;
            }
          }));
        }
        start.countDown();
        for (Future<?> f : opened) {
          f.get(120, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }

      // whichever came second met a non-empty schema and was baselined at 0 first; version 1 ran once each
      assertEquals(List.of("1:true"), rows(schema.url(), "SELECT version || ':' || success FROM trellis_saver_schema_history "
          + "WHERE type <> 'BASELINE'"));
      assertEquals(List.of("1:true"), rows(schema.url(), "SELECT version || ':' || success FROM trellis_store_schema_history "
          + "WHERE type <> 'BASELINE'"));
    }
  }
}
