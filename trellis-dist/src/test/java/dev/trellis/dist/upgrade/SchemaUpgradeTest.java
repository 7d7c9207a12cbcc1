package dev.trellis.dist.upgrade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.apps.opencouch.SessionEndProvider;
import dev.trellis.apps.opencouch.safety.JdbcCrisisLog;
import dev.trellis.apps.rrc.RrcProvider;
import dev.trellis.graph.CompileOptions;
import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.TrellisServer;
import dev.trellis.sqlite.SqliteDatabase;
import dev.trellis.testkit.JsonValues;
import dev.trellis.testkit.PgSchema;
import dev.trellis.testkit.ScenarioRunner;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database written by the last release before versioned schemas ({@code upgrade/unversioned.db},
 * {@code upgrade/unversioned-postgres.sql}, made by {@link MakeUnversionedFixture} at fd73006) opens
 * on this release: every component's schema is baselined and migrated, and every thread,
 * checkpoint, run, cron, store item and application row is still there and still works.
 */
class SchemaUpgradeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String THREAD = "00000000-0000-4000-8000-000000000001";
  /** Each component's history, as every upgraded database holds it: baselined, then versions 1, 2, … in order. */
  private static final List<String> COMPONENTS = List.of("trellis_saver", "trellis_store", "trellis_cache",
      "trellis_server", "rrc", "opencouch");
  /** Tables the server itself updates once running (a fired cron, its run): their rows are checked by key. */
  private static final Set<String> UPDATED = Set.of("trellis_crons", "trellis_runs", "trellis_threads",
      "trellis_thread_terms", "trellis_assistants", "trellis_run_events");

  @TempDir
  Path dir;

  private static TrellisServer.Builder served() throws IOException {
    JsonNode spec = JsonValues.MAPPER.readTree(Path.of("../examples/chain.json").toFile());
    var graph = ScenarioRunner.graph(spec);
    return TrellisServer.builder().port(0).host("127.0.0.1")
        .graph("chain", (saver, store) -> graph.compile(CompileOptions.checkpointer(saver).withStore(store).withName("chain")))
        .provider(new RrcProvider()).provider(new SessionEndProvider());
  }

  private Path sqliteFixture() throws IOException {
    Path file = dir.resolve("unversioned.db");
    try (var in = getClass().getResourceAsStream("/upgrade/unversioned.db")) {
      Files.copy(in, file);
    }
    return file;
  }

  @Test
  void aSqliteFileOfTheUnversionedReleaseMigratesAndKeepsEveryRow() throws Exception {
    Path file = sqliteFixture();
    String url = "jdbc:sqlite:" + file;
    TableRows before = read(url);

    try (TrellisServer server = served().sqlite(file).start()) {
      new JdbcCrisisLog(SqliteDatabase.open(file, "FULL"));   // OpenCouch's log, as its chat opens it
      checkServed(server, before);
    }

    assertKept(before, read(url));
    assertHistories(url);
  }

  @Test
  void aPostgresDatabaseOfTheUnversionedReleaseMigratesAndKeepsEveryRow() throws Exception {
    try (PgSchema schema = PgSchema.create("upgrade_")) {
      String dump = new String(getClass().getResourceAsStream("/upgrade/unversioned-postgres.sql").readAllBytes(),
          StandardCharsets.UTF_8);
      try (Connection c = DriverManager.getConnection(schema.url()); var st = c.createStatement()) {
        st.execute(dump);
      }
      TableRows before = read(schema.url());

      try (TrellisServer server = served().postgres(schema.url()).start();
           PostgresDatabase db = PostgresDatabase.connect(schema.url())) {
        new JdbcCrisisLog(db);
        checkServed(server, before);
      }

      assertKept(before, read(schema.url()));
      assertHistories(schema.url());
    }
  }

  @Test
  void aDatabaseFromANewerReleaseStopsTheStartSayingSo() throws Exception {
    Path file = sqliteFixture();
    served().sqlite(file).start().close();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement()) {
      st.execute("INSERT INTO trellis_server_schema_history (installed_rank, version, description, type, script, "
          + "checksum, installed_by, execution_time, success) SELECT max(installed_rank) + 1, '7', 'from the future', "
          + "'SQL', 'V7__from_the_future.sql', 0, 'test', 1, 1 FROM trellis_server_schema_history");
    }

    Exception e = assertThrows(Exception.class, () -> served().sqlite(file).start());

    String messages = messages(e);
    assertTrue(messages.contains("trellis_server schema is at version 7, newer than this release knows (up to "),
        messages);
  }

  /** What a client sees: the old threads' state and history, their runs, the crons, the store; an old thread runs on. */
  private static void checkServed(TrellisServer server, TableRows before) throws Exception {
    String base = "http://127.0.0.1:" + server.port();
    JsonNode threads = call(base, "POST", "/threads/search", Map.of("metadata", Map.of("fixture", "unversioned")));
    assertEquals(2, threads.size());
    JsonNode state = call(base, "GET", "/threads/" + THREAD + "/state", null);
    assertEquals(20, state.at("/values/log").size(), state.toString());
    JsonNode history = call(base, "POST", "/threads/" + THREAD + "/history", Map.of("limit", 1000));
    long checkpoints = before.tables().get("checkpoints").stream().filter(r -> r.startsWith(THREAD + "|")).count();
    assertEquals(checkpoints, history.size());
    assertEquals(2, call(base, "GET", "/threads/" + THREAD + "/runs", null).size());
    Set<String> schedules = new TreeSet<>();
    call(base, "POST", "/runs/crons/search", Map.of("limit", 100)).forEach(cron -> schedules.add(cron.get("schedule").asText()));
    assertEquals(Set.of("0 9 * * 1", "30 6 * * *", "*/5 * * * *"), schedules);
    JsonNode items = call(base, "POST", "/store/items/search", Map.of("namespace_prefix", List.of("fixture")));
    assertEquals(2, items.get("items").size());
    assertEquals("kept across the upgrade", call(base, "GET", "/store/items?namespace=fixture.notes&key=first", null)
        .at("/value/text").asText());

    call(base, "POST", "/threads/" + THREAD + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
    assertEquals(30, call(base, "GET", "/threads/" + THREAD + "/state", null).at("/values/log").size());
  }

  private static void assertKept(TableRows before, TableRows after) {
    for (String table : before.tables().keySet()) {
      assertTrue(after.tables().containsKey(table), "table " + table + " is gone");
      if (UPDATED.contains(table)) {
        Set<String> lost = new TreeSet<>(before.keys(table));
        lost.removeAll(after.keys(table));
        assertEquals(Set.of(), lost, "rows lost from " + table);
      } else {
        Set<String> lost = new TreeSet<>(before.tables().get(table));
        lost.removeAll(after.tables().get(table));
        assertEquals(Set.of(), lost, "rows lost or changed in " + table);
      }
    }
    assertTrue(before.tables().get("rrc_hitl_approvals").size() == 1 && before.tables().get("opencouch_crisis_log").size() == 1
        && before.tables().get("trellis_crons").size() == 3 && before.tables().get("store_items").size() == 2,
        "the fixture holds what it should");
  }

  private static void assertHistories(String url) throws SQLException {
    try (Connection c = DriverManager.getConnection(url); var st = c.createStatement()) {
      for (String component : COMPONENTS) {
        List<String> versions = new ArrayList<>();
        try (var rs = st.executeQuery("SELECT version, type, success FROM " + component + "_schema_history ORDER BY installed_rank")) {
          while (rs.next()) {
            versions.add(rs.getString(1) + ":" + rs.getString(2) + ":" + rs.getBoolean(3));
          }
        }
        List<String> expected = new ArrayList<>(List.of("0:BASELINE:true"));
        for (int v = 1; v < Math.max(2, versions.size()); v++) {
          expected.add(v + ":SQL:true");
        }
        assertEquals(expected, versions, component);
      }
    }
  }

  private static TableRows read(String url) throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      return TableRows.read(c);
    }
  }

  private static String messages(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t.getMessage()).append('\n');
    }
    return all.toString();
  }

  private static JsonNode call(String base, String method, String path, Object body) throws Exception {
    HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json");
    req.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
    HttpResponse<String> res = HTTP.send(req.build(), HttpResponse.BodyHandlers.ofString());
    assertTrue(res.statusCode() < 300, method + " " + path + " → " + res.statusCode() + " " + res.body());
    return JSON.readTree(res.body());
  }
}
