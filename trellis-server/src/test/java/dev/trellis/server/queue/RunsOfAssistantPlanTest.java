package dev.trellis.server.queue;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.db.ServerDb;
import dev.trellis.sqlite.SqliteDatabase;
import dev.trellis.testkit.PgSchema;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A2A {@code ListTasks} reads the caller's runs of one assistant ({@link RunStore#ofAssistant})
 * through an index in the order it needs: neither a scan of every run nor a sort, on both databases.
 */
class RunsOfAssistantPlanTest {
  @Test
  void sqliteReadsTheRunsOfAnAssistantInCreationOrderFromAnIndex() throws Exception {
    SqliteDatabase sqlite = SqliteDatabase.open(Files.createTempDirectory("plan").resolve("server.db"), "NORMAL");
    try {
      ServerDb db = new ServerDb(sqlite, false);
      String plan = String.join("\n", db.tx(c -> db.rows(c, "EXPLAIN QUERY PLAN " + RunStore.OF_ASSISTANT, "a", "o"))
          .stream().map(r -> String.valueOf(r.get("detail"))).toList());
      assertTrue(plan.contains("USING INDEX trellis_runs_assistant (assistant_id=? AND owner=?)"), plan);
      assertFalse(plan.contains("TEMP B-TREE"), plan);
    } finally {
      sqlite.close();
    }
  }

  @Test
  void postgresReadsTheRunsOfAnAssistantInCreationOrderFromAnIndex() {
    try (PgSchema schema = PgSchema.create("t_"); PostgresDatabase pg = PostgresDatabase.connect(schema.url())) {
      ServerDb db = new ServerDb(pg, true);
      // An empty table is cheapest to scan: with scans priced out, the plan shows whether an index serves the query.
      List<Map<String, Object>> rows = db.tx(c -> {
        db.update(c, "SET LOCAL enable_seqscan = off");
        return db.rows(c, "EXPLAIN " + RunStore.OF_ASSISTANT.replaceFirst("\\?", "'a'").replaceFirst("\\?", "'o'"));
      });
      String plan = String.join("\n", rows.stream().map(r -> String.valueOf(r.values().iterator().next())).toList());
      assertTrue(plan.contains("Index Scan using trellis_runs_assistant"), plan);
      assertFalse(plan.contains("Sort"), plan);
    }
  }
}
