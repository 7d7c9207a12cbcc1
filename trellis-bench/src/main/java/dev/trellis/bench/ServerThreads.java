package dev.trellis.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What W14 and W15 share: a server on a SQLite file or a fresh PostgreSQL schema, a JDK HTTP
 * client for {@code /threads} and {@code /runs/wait}, and the bytes the server's rows hold
 * (checkpoints, their writes, lists and blobs, runs and run events: the rows that grow with
 * runs; a thread's own row is rewritten, not added to).
 */
final class ServerThreads implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final String[][] GROWING = {
      {"checkpoints", "checkpoint", "metadata"}, {"checkpoint_writes", "value"}, {"checkpoint_appends", "tail"},
      {"checkpoint_blobs", "value"}, {"trellis_runs", "result", "kwargs", "metadata"}, {"trellis_run_events", "data"}};

  final TrellisServer server;
  private final HttpClient http = HttpClient.newHttpClient();
  private final Connection db;
  private final boolean postgres;
  private final String schema;

  private ServerThreads(TrellisServer server, Connection db, boolean postgres, String schema) {
    this.server = server;
    this.db = db;
    this.postgres = postgres;
    this.schema = schema;
  }

  /** A server on {@code file} (SQLite) configured by {@code graphs}. */
  static ServerThreads sqlite(Path file, Consumer<TrellisServer.Builder> graphs) throws SQLException {
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(file);
    graphs.accept(b);
    TrellisServer server = b.start();
    return new ServerThreads(server, DriverManager.getConnection("jdbc:sqlite:" + file), false, null);
  }

  /** A server on a new schema of {@code TRELLIS_PG_URL}, dropped on close. */
  static ServerThreads postgres(String base, Consumer<TrellisServer.Builder> graphs) throws SQLException {
    String schema = "bench_" + Long.toHexString(System.nanoTime());
    Connection c = DriverManager.getConnection(base);
    try (var st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + schema);
      st.execute("SET search_path TO " + schema);
    }
    String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1").postgres(url);
    graphs.accept(b);
    return new ServerThreads(b.start(), c, true, schema);
  }

  /** Sends {@code body} (JSON) and reads the JSON answer. */
  Object call(String method, String path, Object body) throws IOException, InterruptedException {
    return parse(exchange(method, path, body));
  }

  /** The JSON data of an answer's bytes. */
  static Object parse(byte[] answer) throws IOException {
    return JSON.readValue(answer, Object.class);
  }

  /** Sends {@code body} (JSON) and returns the answer's bytes, read to the last, unparsed. */
  byte[] exchange(String method, String path, Object body) throws IOException, InterruptedException {
    HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .header("Content-Type", "application/json");
    r = body == null ? r.method(method, HttpRequest.BodyPublishers.noBody())
        : r.method(method, HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
    HttpResponse<byte[]> res = http.send(r.build(), HttpResponse.BodyHandlers.ofByteArray());
    if (res.statusCode() >= 300) {
      throw new IllegalStateException(method + " " + path + ": " + res.statusCode() + " " + new String(res.body()));
    }
    return res.body();
  }

  @SuppressWarnings("unchecked")
  String newThread() throws IOException, InterruptedException {
    return (String) ((Map<String, Object>) call("POST", "/threads", Map.of())).get("thread_id");
  }

  /** The bytes of the growing rows' payload columns. */
  long storedBytes() throws SQLException {
    return bytes(GROWING.length);
  }

  /** The bytes of the checkpoint saver's rows alone (checkpoints, writes, lists, blobs). */
  long checkpointBytes() throws SQLException {
    return bytes(4);
  }

  /** Checkpoints stored. */
  long checkpoints() throws SQLException {
    try (var st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM checkpoints")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private long bytes(int tables) throws SQLException {
    long total = 0;
    for (String[] t : Arrays.copyOf(GROWING, tables)) {
      String len = postgres ? "OCTET_LENGTH" : "LENGTH";
      String sum = String.join(" + ", Arrays.stream(t).skip(1).map(c -> "COALESCE(" + len + "(" + c + "), 0)").toList());
      try (var st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT COALESCE(SUM(" + sum + "), 0) FROM " + t[0])) {
        rs.next();
        total += rs.getLong(1);
      } catch (SQLException missing) {
        // a table this database does not have (run events live in memory on SQLite)
      }
    }
    return total;
  }

  /** The median of {@code values[from..to]}. */
  static double median(double[] values, int from, int to) {
    double[] w = Arrays.copyOfRange(values, from, to + 1);
    Arrays.sort(w);
    return w.length % 2 == 1 ? w[w.length / 2] : (w[w.length / 2 - 1] + w[w.length / 2]) / 2;
  }

  static List<?> list(Object map, String key) {
    return (List<?>) ((Map<?, ?>) map).get(key);
  }

  @Override
  public void close() throws SQLException {
    server.close();
    if (postgres) {
      try (var st = db.createStatement()) {
        st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      }
    }
    db.close();
  }
}
