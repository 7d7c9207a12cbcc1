package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.trellis.server.wire.Json;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL's values search: a thread's searchable copy of its values (lists empty, long texts
 * out) is what the server writes and what the schema's backfill computes, and a database from
 * the schema that indexed whole values is upgraded in place.
 */
class PgValuesSearchTest {
  static final List<String> PG_URLS = new ArrayList<>();

  @AfterAll
  static void dropSchemas() {
    PG_URLS.forEach(PgTestDb::drop);
  }

  static String schema() {
    String url = PgTestDb.freshSchemaUrl();
    PG_URLS.add(url);
    return url;
  }

  static String one(String url, String sql, Object... args) throws SQLException {
    try (Connection c = DriverManager.getConnection(url); PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  @Test
  void aRunsEndStoresASearchableCopyWithoutListsAndListFiltersStillMatch() throws Exception {
    String url = schema();
    try (TrellisServer server = TestServers.builder().postgres(url).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
      assertEquals(200, http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain",
          "input", Map.of("count", 0))).status());
      assertEquals("{\"log\": [], \"count\": 10}", one(url,
          "SELECT values_search::text FROM trellis_threads WHERE thread_id = ?", thread));
      assertEquals(List.of(thread), ThreadSearchTest.search(http, "values", Map.of("log", List.of(9), "count", 10)));
      assertEquals(List.of(), ThreadSearchTest.search(http, "values", Map.of("log", List.of(10))));
    }
  }

  @Test
  void theServersSearchableCopyIsTheOneTheSchemasFunctionComputes() throws Exception {
    String url = schema();
    TestServers.builder().postgres(url).start().close();
    java.util.List<Object> withNull = new ArrayList<>(List.of(1, "a"));
    withNull.add(null);
    java.util.Map<String, Object> nullValue = new java.util.LinkedHashMap<>();
    nullValue.put("gone", null);
    String astral = "\uD83D\uDE00".repeat(200); // 200 code points, 400 UTF-16 units: kept
    for (Map<String, Object> values : List.of(
        Map.<String, Object>of("messages", List.of(Map.of("type", "human", "content", "hi")), "n", 1.5, "b", true),
        Map.<String, Object>of("doc", Map.of("text", "y".repeat(257), "short", "y".repeat(256), "empty", Map.of(),
            "lists", withNull)),
        nullValue,
        Map.<String, Object>of("astral", astral, "tooLong", astral + "\uD83D\uDE00".repeat(57)))) {
      String json = Json.write(values);
      assertEquals(one(url, "SELECT trellis_values_search(CAST(? AS jsonb))::text", json),
          one(url, "SELECT CAST(? AS jsonb)::text", Json.writeSearchable(values, 256)), json);
    }
  }

  /** A thread row as a server of V1's schema wrote it: values_json only (values_jsonb is generated from it). */
  static void oldThread(Connection c, String id, String values, String at) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO trellis_threads (thread_id, owner, graph_id, status, "
        + "metadata, config, values_json, interrupts, created_at, updated_at, state_updated_at) "
        + "VALUES (?, '', 'chain', 'idle', '{}', '{}', ?, '{}', ?, ?, ?)")) {
      ps.setString(1, id);
      ps.setString(2, values);
      ps.setString(3, at);
      ps.setString(4, at);
      ps.setString(5, at);
      ps.executeUpdate();
    }
  }

  static final String LONG = "00000000-0000-4000-8000-000000000001";
  static final String SHORT = "00000000-0000-4000-8000-000000000002";
  static final String NONE = "00000000-0000-4000-8000-000000000003";

  @Test
  void aDatabaseAtTheSchemaThatIndexedWholeValuesKeepsItsThreadsAndAnswersValuesFiltersAfterTheUpgrade() throws Exception {
    String url = schema();
    Flyway.configure().dataSource(url, null, null).locations("classpath:trellis-schema/server/postgresql")
        .table("trellis_server_schema_history").target("1").load().migrate();
    try (Connection c = DriverManager.getConnection(url)) {
      oldThread(c, LONG, "{\"count\":3,\"title\":\"" + "z".repeat(300) + "\",\"messages\":[{\"type\":\"human\","
          + "\"content\":\"hi\"},{\"type\":\"ai\",\"content\":\"hello\"}]}", "2026-01-01T00:00:01Z");
      oldThread(c, SHORT, "{\"count\":3,\"messages\":[{\"type\":\"ai\",\"content\":\"hi\"}]}",
          "2026-01-01T00:00:02Z");
      oldThread(c, NONE, null, "2026-01-01T00:00:03Z");
      assertEquals(LONG, one(url, "SELECT thread_id FROM trellis_threads WHERE values_jsonb @> "
          + "'{\"messages\":[{\"type\":\"human\"}]}'"), "the old schema's generated column");
    }
    try (TrellisServer server = TestServers.builder().postgres(url).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      assertEquals(Set.of(LONG, SHORT), Set.copyOf(ThreadSearchTest.search(http, "values", Map.of("count", 3))));
      assertEquals(List.of(LONG), ThreadSearchTest.search(http, "values",
          Map.of("messages", List.of(Map.of("type", "human")))));
      assertEquals(List.of(LONG), ThreadSearchTest.search(http, "values", Map.of("title", "z".repeat(300))));
      assertEquals(Set.of(LONG, SHORT), Set.copyOf(ThreadSearchTest.search(http, "values",
          Map.of("messages", List.of(Map.of("content", "hi"))))));
      assertEquals(3, ((Number) http.call("POST", "/threads/count", Map.of()).body()).intValue());
      assertEquals("3", one(url, "SELECT max(version) FROM trellis_server_schema_history"));
      assertEquals("0", one(url, "SELECT count(*) FROM information_schema.columns WHERE table_schema = current_schema() "
          + "AND table_name = 'trellis_threads' AND column_name = 'values_jsonb'"), "the whole-values copy is gone");
      // A run's end on an upgraded thread keeps its searchable copy current.
      assertEquals(200, http.call("POST", "/threads/" + SHORT + "/runs/wait", Map.of("assistant_id", "chain",
          "input", Map.of("count", 0))).status());
      assertEquals(List.of(SHORT), ThreadSearchTest.search(http, "values", Map.of("count", 10)));
      assertFalse(ThreadSearchTest.search(http, "values", Map.of("count", 3)).contains(SHORT));
    }
  }
}
