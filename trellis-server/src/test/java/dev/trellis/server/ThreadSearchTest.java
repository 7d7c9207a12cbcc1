package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.server.auth.Authenticator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code /threads/search} and {@code /count} filter, sort and page the same on SQLite and PostgreSQL. */
class ThreadSearchTest {
  static final List<String> PG_URLS = new ArrayList<>();

  static Stream<Arguments> databases() {
    return TestServers.onBothDatabases("search.db", PG_URLS);
  }

  @AfterAll
  static void dropSchemas() {
    PG_URLS.forEach(PgTestDb::drop);
  }

  @SuppressWarnings("unchecked")
  static List<String> ids(HttpClientHelper.Reply r) {
    assertEquals(200, r.status(), r.text());
    return r.list().stream().map(x -> (String) ((Map<String, Object>) x).get("thread_id")).toList();
  }

  static List<String> sorted(String... ids) {
    return Stream.of(ids).sorted().toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void filtersSortsAndPagesInTheDatabase(String name, Supplier<TrellisServer.Builder> db) {
    try (TrellisServer server = db.get().authenticator(Authenticator.apiKeys(Map.of("a", "alice", "b", "bob"))).start()) {
      HttpClientHelper alice = new HttpClientHelper(server).as("a");
      HttpClientHelper bob = new HttpClientHelper(server).as("b");
      String agent1 = alice.call("POST", "/threads", Map.of("metadata", Map.of("graph_id", "chain", "n", 1,
          "tags", List.of("x", "y"), "user", Map.of("team", "red", "admin", true)))).get("thread_id");
      String agent2 = alice.call("POST", "/threads", Map.of("metadata", Map.of("graph_id", "chain", "n", 2,
          "tags", List.of("y"), "user", Map.of("team", "blue", "admin", false)))).get("thread_id");
      String other = alice.call("POST", "/threads", Map.of("metadata", Map.of("graph_id", "approval", "note",
          "it's \"quoted\""))).get("thread_id");
      String plain = alice.call("POST", "/threads", Map.of()).get("thread_id");
      bob.call("POST", "/threads", Map.of("metadata", Map.of("graph_id", "chain")));
      alice.call("POST", "/threads/" + agent1 + "/runs/wait", Map.of("assistant_id", "chain",
          "input", Map.of("log", List.of("first"))));

      assertEquals(sorted(agent1, agent2), sorted(ids(alice.call("POST", "/threads/search",
          Map.of("metadata", Map.of("graph_id", "chain")))).toArray(String[]::new)));
      assertEquals(List.of(agent1), ids(alice.call("POST", "/threads/search", Map.of("metadata", Map.of("n", 1.0)))));
      assertEquals(List.of(agent1), ids(alice.call("POST", "/threads/search",
          Map.of("metadata", Map.of("user", Map.of("team", "red"))))));
      assertEquals(List.of(agent2), ids(alice.call("POST", "/threads/search",
          Map.of("metadata", Map.of("user", Map.of("admin", false))))));
      assertEquals(List.of(agent1), ids(alice.call("POST", "/threads/search", Map.of("metadata", Map.of("tags", List.of("x"))))));
      assertEquals(2, ids(alice.call("POST", "/threads/search", Map.of("metadata", Map.of("tags", List.of("y"))))).size());
      assertEquals(List.of(other), ids(alice.call("POST", "/threads/search",
          Map.of("metadata", Map.of("note", "it's \"quoted\"")))));
      assertEquals(List.of(), ids(alice.call("POST", "/threads/search", Map.of("metadata", Map.of("n", "1")))));
      assertEquals(List.of(agent1), ids(alice.call("POST", "/threads/search",
          Map.of("values", Map.of("log", List.of("first"))))));
      assertEquals(List.of(agent1), ids(alice.call("POST", "/threads/search", Map.of("ids", List.of(agent1, "nope")))));
      assertEquals(List.of(agent1), ids(alice.call("POST", "/threads/search", Map.of("status", "idle", "ids", List.of(agent1)))));
      assertEquals(List.of(), ids(alice.call("POST", "/threads/search", Map.of("status", "busy"))));

      List<String> all = sorted(agent1, agent2, other, plain);
      assertEquals(all, ids(alice.call("POST", "/threads/search", Map.of("sort_by", "thread_id", "sort_order", "asc",
          "limit", 100))));
      assertEquals(all.reversed(), ids(alice.call("POST", "/threads/search", Map.of("sort_by", "thread_id", "limit", 100))));
      HttpClientHelper.Reply page = alice.call("POST", "/threads/search", Map.of("sort_by", "thread_id", "sort_order", "asc",
          "limit", 2, "offset", 1));
      assertEquals(all.subList(1, 3), ids(page));
      assertEquals("4", page.raw().headers().firstValue("X-Pagination-Total").orElse(""));
      assertEquals("3", page.raw().headers().firstValue("X-Pagination-Next").orElse(""));
      HttpClientHelper.Reply last = alice.call("POST", "/threads/search", Map.of("sort_by", "thread_id", "sort_order", "asc",
          "limit", 2, "offset", 3));
      assertEquals(all.subList(3, 4), ids(last));
      assertEquals(java.util.Optional.empty(), last.raw().headers().firstValue("X-Pagination-Next"));
      List<String> byCreation = ids(alice.call("POST", "/threads/search", Map.of("sort_by", "created_at", "sort_order", "asc")));
      assertEquals(List.of(agent1, agent2, other, plain), byCreation);

      assertEquals(4, ((Number) alice.call("POST", "/threads/count", Map.of()).body()).intValue());
      assertEquals(2, ((Number) alice.call("POST", "/threads/count", Map.of("metadata", Map.of("graph_id", "chain")))
          .body()).intValue());
      assertEquals(1, ((Number) bob.call("POST", "/threads/count", Map.of()).body()).intValue());
      assertEquals(List.of("thread_id"), ((Map<?, ?>) alice.call("POST", "/threads/search", Map.of("select",
          List.of("thread_id"))).list().getFirst()).keySet().stream().toList());
    }
  }

  static List<String> search(HttpClientHelper http, String field, Map<String, Object> filter) {
    return ids(http.call("POST", "/threads/search", Map.of(field, filter, "limit", 100)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void filtersFollowStateMetadataAndDeletion(String name, Supplier<TrellisServer.Builder> db) {
    try (TrellisServer server = db.get().authenticator(Authenticator.apiKeys(Map.of("a", "alice", "b", "bob"))).start()) {
      HttpClientHelper alice = new HttpClientHelper(server).as("a");
      HttpClientHelper bob = new HttpClientHelper(server).as("b");
      String ran = alice.call("POST", "/threads", Map.of()).get("thread_id");
      assertEquals(200, alice.call("POST", "/threads/" + ran + "/runs/wait", Map.of("assistant_id", "chain",
          "input", Map.of("count", 0))).status());
      String edited = alice.call("POST", "/threads", Map.of("metadata", Map.of("graph_id", "chain"))).get("thread_id");
      assertEquals(200, alice.call("POST", "/threads/" + edited + "/state", Map.of("values", Map.of("count", 3),
          "as_node", "n9")).status());
      String bobs = bob.call("POST", "/threads", Map.of()).get("thread_id");
      bob.call("POST", "/threads/" + bobs + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0)));

      assertEquals(List.of(ran), search(alice, "values", Map.of("count", 10)));
      assertEquals(List.of(ran), search(alice, "values", Map.of("count", 10.0, "log", List.of(0, 9))));
      assertEquals(List.of(edited), search(alice, "values", Map.of("count", 3)));
      assertEquals(1, ((Number) alice.call("POST", "/threads/count", Map.of("values", Map.of("count", 3))).body()).intValue());

      assertEquals(200, alice.call("POST", "/threads/" + edited + "/state", Map.of("values", Map.of("count", 4),
          "as_node", "n9")).status());
      assertEquals(List.of(), search(alice, "values", Map.of("count", 3)));
      assertEquals(List.of(edited), search(alice, "values", Map.of("count", 4)));
      String copied = alice.call("POST", "/threads/" + ran + "/copy", Map.of()).get("thread_id");
      assertEquals(java.util.Set.of(ran, copied), java.util.Set.copyOf(search(alice, "values", Map.of("count", 10))),
          "a copy's values are found");
      assertEquals(204, alice.call("DELETE", "/threads/" + copied, null).status());

      assertEquals(200, alice.call("PATCH", "/threads/" + ran, Map.of("metadata", Map.of("color", "red"))).status());
      assertEquals(List.of(ran), search(alice, "metadata", Map.of("color", "red", "graph_id", "chain")));
      assertEquals(204, alice.call("DELETE", "/threads/" + ran, null).status());
      assertEquals(List.of(), search(alice, "values", Map.of("count", 10)));
      assertEquals(List.of(), search(alice, "metadata", Map.of("color", "red")));
      assertEquals(List.of(bobs), search(bob, "values", Map.of("count", 10)));
    }
  }

  /** Sets thread {@code id}'s {@code count} channel (the chain graph keeps the last value written) to {@code value}. */
  static void setCount(HttpClientHelper http, String id, Object value) {
    assertEquals(200, http.call("POST", "/threads/" + id + "/state", Map.of("values", Map.of("count", value),
        "as_node", "n9")).status());
  }

  static java.util.Set<String> matching(HttpClientHelper http, Object countFilter) {
    java.util.Set<String> found = java.util.Set.copyOf(search(http, "values", Map.of("count", countFilter)));
    assertEquals(found.size(), ((Number) http.call("POST", "/threads/count", Map.of("values", Map.of("count", countFilter)))
        .body()).intValue(), "count agrees with search for " + countFilter);
    return found;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void valuesFiltersMeanJsonbContainmentInsideListsAndLongTextsOnBothDatabases(String name,
                                                                             Supplier<TrellisServer.Builder> db) {
    String longText = "x".repeat(300);
    try (TrellisServer server = db.get().start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t1 = http.call("POST", "/threads", Map.of("metadata", Map.of("graph_id", "chain"))).get("thread_id");
      String t2 = http.call("POST", "/threads", Map.of("metadata", Map.of("graph_id", "chain"))).get("thread_id");
      String t3 = http.call("POST", "/threads", Map.of("metadata", Map.of("graph_id", "chain"))).get("thread_id");
      setCount(http, t1, Map.of("messages", List.of(Map.of("type", "human", "content", "hi", "id", "1"),
          Map.of("type", "ai", "content", "hello", "n", 1.0)), "title", "a", "nested", List.of(List.of(1, 2), 3),
          "long", longText));
      java.util.List<Object> mixed = new ArrayList<>(List.of(Map.of("type", "ai", "content", "hi"), "plain", 7));
      mixed.add(null);
      setCount(http, t2, Map.of("messages", mixed, "title", "b", "nested", List.of(1, 2)));
      setCount(http, t3, Map.of("messages", List.of(), "title", "c", "n", 1));

      // An object in a filter's list matches an item holding its keys (not only an equal item), in any key order,
      // numbers by value; one item must hold them all.
      assertEquals(java.util.Set.of(t1), matching(http, Map.of("messages", List.of(Map.of("type", "human")))));
      assertEquals(java.util.Set.of(t1, t2), matching(http, Map.of("messages", List.of(Map.of("content", "hi")))));
      assertEquals(java.util.Set.of(t1), matching(http, Map.of("messages", List.of(Map.of("n", 1, "type", "ai")))));
      assertEquals(java.util.Set.of(), matching(http, Map.of("messages", List.of(Map.of("type", "human",
          "content", "hello")))));
      assertEquals(java.util.Set.of(t1), matching(http, Map.of("messages", List.of(Map.of("type", "human"),
          Map.of("type", "ai")), "title", "a")));
      assertEquals(java.util.Set.of(t1, t2, t3), matching(http, Map.of("messages", List.of())));
      assertEquals(java.util.Set.of(), matching(http, Map.of("messages", Map.of())));
      assertEquals(java.util.Set.of(), matching(http, Map.of("messages", "hi")));
      assertEquals(java.util.Set.of(), matching(http, Map.of("messages", List.of(List.of("hi")))));
      // Scalars in lists (a text item is not read as JSON), lists in lists.
      assertEquals(java.util.Set.of(t2), matching(http, Map.of("messages", List.of("plain", 7.0))));
      java.util.List<Object> nullItem = new ArrayList<>();
      nullItem.add(null);
      assertEquals(java.util.Set.of(t2), matching(http, Map.of("messages", nullItem)));
      assertEquals(java.util.Set.of(t1), matching(http, Map.of("nested", List.of(List.of(2)))));
      assertEquals(java.util.Set.of(t2), matching(http, Map.of("nested", List.of(2))));
      assertEquals(java.util.Set.of(t1, t2), matching(http, Map.of("nested", List.of())));
      // Texts longer than the index keeps, and numbers outside lists.
      assertEquals(java.util.Set.of(t1), matching(http, Map.of("long", longText)));
      assertEquals(java.util.Set.of(), matching(http, Map.of("long", longText.substring(1))));
      assertEquals(java.util.Set.of(t1), matching(http, Map.of("long", longText, "title", "a")));
      assertEquals(java.util.Set.of(t3), matching(http, Map.of("n", 1.0)));
      assertEquals(java.util.Set.of(), matching(http, Map.of("n", "1")));
    }
  }

  @org.junit.jupiter.api.Test
  void aSqliteDatabaseFromBeforeTheTermIndexOrFromAnotherSqliteVersionIsIndexedWhenTheServerStarts() throws Exception {
    java.nio.file.Path file = TestServers.tempDir().resolve("old.db");
    String thread;
    try (TrellisServer server = TestServers.builder().sqlite(file).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      thread = http.call("POST", "/threads", Map.of("metadata", Map.of("team", "red"))).get("thread_id");
    }
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement()) {
      for (String trigger : List.of("insert", "metadata", "values", "delete")) {
        st.execute("DROP TRIGGER IF EXISTS trellis_threads_terms_" + trigger);
      }
      st.execute("DROP TABLE trellis_thread_terms");
      st.execute("DROP TABLE trellis_thread_terms_built");
      // A release that had no term index had no versioned schema either: the server baselines it and adds the index.
      st.execute("DROP TABLE trellis_server_schema_history");
    }
    try (TrellisServer server = TestServers.builder().sqlite(file).start()) {
      assertEquals(List.of(thread), search(new HttpClientHelper(server), "metadata", Map.of("team", "red")));
    }
    // Another SQLite version may spell paths differently: an index it built is rebuilt.
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement()) {
      st.execute("UPDATE trellis_thread_terms SET path = 'elsewhere'");
      st.execute("UPDATE trellis_thread_terms_built SET sqlite_version = '3.0.0'");
    }
    try (TrellisServer server = TestServers.builder().sqlite(file).start()) {
      assertEquals(List.of(thread), search(new HttpClientHelper(server), "metadata", Map.of("team", "red")));
    }
  }

  @org.junit.jupiter.api.Test
  void aFilterMatchingThousandsOfThreadsPagesAndCountsLikeAFewMatches() throws Exception {
    java.nio.file.Path file = TestServers.tempDir().resolve("many.db");
    TestServers.builder().sqlite(file).start().close();
    List<String> ids = new ArrayList<>();
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file)) {
      c.setAutoCommit(false);
      try (var ps = c.prepareStatement("INSERT INTO trellis_threads (thread_id, owner, status, metadata, config, values_json, "
          + "interrupts, created_at, updated_at, state_updated_at) VALUES (?, '', 'idle', ?, '{}', ?, '{}', ?, ?, ?)")) {
        for (int i = 0; i < 2500; i++) {
          String id = java.util.UUID.randomUUID().toString();
          ids.add(id);
          String at = java.time.Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i).toString();
          ps.setString(1, id);
          ps.setString(2, "{\"graph_id\":\"agent\",\"rare\":" + (i % 1000 == 0) + "}");
          ps.setString(3, "{\"count\":" + i + ",\"even\":" + (i % 2 == 0) + "}");
          ps.setString(4, at);
          ps.setString(5, at);
          ps.setString(6, at);
          ps.addBatch();
        }
        ps.executeBatch();
      }
      c.commit();
    }
    try (TrellisServer server = TestServers.builder().sqlite(file).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      HttpClientHelper.Reply all = http.call("POST", "/threads/search", Map.of("metadata", Map.of("graph_id", "agent"),
          "limit", 3, "offset", 1));
      assertEquals(ids.reversed().subList(1, 4), ids(all));
      assertEquals("2500", all.raw().headers().firstValue("X-Pagination-Total").orElse(""));
      assertEquals(List.of(ids.get(2000), ids.get(1000), ids.get(0)),
          ids(http.call("POST", "/threads/search", Map.of("metadata", Map.of("rare", true)))));
      assertEquals(List.of(ids.get(0), ids.get(2)), ids(http.call("POST", "/threads/search",
          Map.of("values", Map.of("even", true), "sort_by", "created_at", "sort_order", "asc", "limit", 2))));
      assertEquals(1250, ((Number) http.call("POST", "/threads/count", Map.of("values", Map.of("even", true))).body()).intValue());
      assertEquals(625, ((Number) http.call("POST", "/threads/count", Map.of("values", Map.of("even", true),
          "metadata", Map.of("graph_id", "agent"), "ids", ids.subList(0, 1250))).body()).intValue());
    }
  }
}
