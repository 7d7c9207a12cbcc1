package dev.trellis.bench;

import dev.trellis.graph.CompileOptions;
import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W13: {@code POST /threads/search} and {@code /threads/count} over HTTP with 50,000 threads of
 * one user, on SQLite and on PostgreSQL ({@code TRELLIS_PG_URL}, a fresh schema dropped after).
 * Each thread has metadata {@code {graph_id, assistant_id, user: u0..u499}} and values
 * {@code {count: 0..99, status: done|open, messages: [human, ai]}}. Filters: none; the one
 * agent-chat-ui sends ({@code graph_id}, all threads match, limit 100); another metadata key (100
 * match); a values key matching 500 and one matching 25,000; a message inside the values' list (one
 * matches: checked on each thread's whole values, as no index holds list items). Time per call, one client.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class W13ThreadSearch {
  static final int THREADS = 50_000;
  static final Map<String, String> FILTERS = Map.of(
      "none", "{}",
      "graph_id", "{\"metadata\":{\"graph_id\":\"agent\"},\"limit\":100}",
      "metadata_key", "{\"metadata\":{\"user\":\"u7\"}}",
      "values_500", "{\"values\":{\"count\":7}}",
      "values_25000", "{\"values\":{\"status\":\"done\"}}",
      "values_in_list", "{\"values\":{\"messages\":[{\"content\":\"hello 7\"}]}}");

  @Param({"sqlite", "postgres"})
  public String db;

  @Param({"none", "graph_id", "metadata_key", "values_500", "values_25000", "values_in_list"})
  public String filter;

  TrellisServer server;
  Path dir;
  String schemaUrl;
  String body;
  HttpClient http;
  String base;

  @Setup(Level.Trial)
  public void setup() throws IOException, SQLException {
    body = FILTERS.get(filter);
    String jdbc;
    if (db.equals("sqlite")) {
      dir = Files.createTempDirectory("w10");
      jdbc = "jdbc:sqlite:" + dir.resolve("w10.db");
    } else {
      String url = System.getenv("TRELLIS_PG_URL");
      String schema = "w10_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
      try (Connection c = DriverManager.getConnection(url); var st = c.createStatement()) {
        st.execute("CREATE SCHEMA " + schema);
      }
      schemaUrl = url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
      jdbc = schemaUrl;
    }
    start().close(); // creates the tables, indexes and triggers
    fill(jdbc);
    server = start();
    base = "http://127.0.0.1:" + server.port();
    http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  }

  private TrellisServer start() {
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1")
        .graph("agent", (saver, store) -> Workloads.chain10(CompileOptions.checkpointer(saver).withStore(store)));
    return (db.equals("sqlite") ? b.sqlite(dir.resolve("w10.db")) : b.postgres(schemaUrl)).start();
  }

  /** 50,000 threads of the anonymous user, inserted in one transaction (the triggers and indexes see every row). */
  private static void fill(String jdbc) throws SQLException {
    try (Connection c = DriverManager.getConnection(jdbc)) {
      c.setAutoCommit(false);
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO trellis_threads (thread_id, owner, graph_id, status, "
          + "metadata, config, values_json, interrupts, created_at, updated_at, state_updated_at) "
          + "VALUES (?, '', 'agent', 'idle', ?, '{}', ?, '{}', ?, ?, ?)")) {
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        String assistant = UUID.nameUUIDFromBytes("agent".getBytes()).toString();
        for (int i = 0; i < THREADS; i++) {
          String at = t0.plusMillis(i).toString();
          ps.setString(1, UUID.randomUUID().toString());
          ps.setString(2, "{\"graph_id\":\"agent\",\"assistant_id\":\"" + assistant + "\",\"user\":\"u" + (i % 500) + "\"}");
          ps.setString(3, "{\"count\":" + (i % 100) + ",\"status\":\"" + (i % 2 == 0 ? "done" : "open")
              + "\",\"messages\":[{\"type\":\"human\",\"content\":\"hello " + i + "\",\"id\":\"h" + i
              + "\"},{\"type\":\"ai\",\"content\":\"You said: hello " + i + "\",\"id\":\"a" + i + "\"}]}");
          ps.setString(4, at);
          ps.setString(5, at);
          ps.setString(6, at);
          ps.addBatch();
          if (i % 1000 == 999) {
            ps.executeBatch();
          }
        }
        ps.executeBatch();
      }
      if (jdbc.startsWith("jdbc:postgresql")) {
        try (var st = c.createStatement()) {
          // What the server writes with a thread's values (lists empty), computed as the schema's backfill does.
          st.execute("UPDATE trellis_threads SET values_search = trellis_values_search(values_json::jsonb)");
        }
      }
      c.commit();
      if (jdbc.startsWith("jdbc:postgresql")) {
        try (var st = c.createStatement()) {
          c.setAutoCommit(true);
          st.execute("ANALYZE trellis_threads");
        }
      }
    }
  }

  @TearDown(Level.Trial)
  public void teardown() throws SQLException {
    server.close();
    if (schemaUrl != null) {
      String schema = schemaUrl.substring(schemaUrl.indexOf("currentSchema=") + "currentSchema=".length());
      try (Connection c = DriverManager.getConnection(System.getenv("TRELLIS_PG_URL")); var st = c.createStatement()) {
        st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      }
    }
  }

  private String post(String path) throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + path))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200 || r.body().isEmpty()) {
      throw new IllegalStateException(path + " answered " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }

  @Benchmark
  public String search() throws IOException, InterruptedException {
    return post("/threads/search");
  }

  @Benchmark
  public String count() throws IOException, InterruptedException {
    return post("/threads/count");
  }
}
