package dev.trellis.dist.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.apps.opencouch.SessionEndProvider;
import dev.trellis.apps.opencouch.safety.CrisisRecord;
import dev.trellis.apps.opencouch.safety.JdbcCrisisLog;
import dev.trellis.apps.rrc.Approval;
import dev.trellis.apps.rrc.JdbcApprovals;
import dev.trellis.apps.rrc.RrcProvider;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.graph.CompileOptions;
import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.TrellisServer;
import dev.trellis.sqlite.SqliteDatabase;
import dev.trellis.testkit.JsonValues;
import dev.trellis.testkit.ScenarioRunner;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Writes the upgrade fixture with the code of the last release before versioned schemas (run at
 * commit fd73006): {@code sqlite FILE} or {@code postgres JDBC_URL}. Threads, checkpoints, runs,
 * crons (a user's and a system one), store items, an idempotency key and the apps' tables (rrc's
 * seeded knowledge graph and skills, an approval; OpenCouch's crisis log).
 */
public final class MakeUnversionedFixture {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  public static void main(String[] args) throws Exception {
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1");
    JsonNode spec = JsonValues.MAPPER.readTree(Path.of("../examples/chain.json").toFile());
    var graph = ScenarioRunner.graph(spec);
    b.graph("chain", (saver, store) -> graph.compile(CompileOptions.checkpointer(saver).withStore(store).withName("chain")));
    b.provider(new RrcProvider()).provider(new SessionEndProvider());
    b = args[0].equals("sqlite") ? b.sqlite(Path.of(args[1])) : b.postgres(args[1]);
    try (TrellisServer server = b.start()) {
      String base = "http://127.0.0.1:" + server.port();
      for (int i = 1; i <= 2; i++) {
        String thread = "00000000-0000-4000-8000-00000000000" + i;
        call(base, "POST", "/threads", Map.of("thread_id", thread, "metadata", Map.of("fixture", "unversioned", "n", i)));
        for (int r = 0; r < 2; r++) {
          call(base, "POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
        }
      }
      call(base, "POST", "/threads/00000000-0000-4000-8000-000000000001/runs/crons",
          Map.of("assistant_id", "chain", "schedule", "0 9 * * 1", "input", Map.of("count", 5)));
      call(base, "POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "30 6 * * *", "timezone",
          "Europe/Paris", "input", Map.of("count", 7)));
      call(base, "PUT", "/store/items", Map.of("namespace", List.of("fixture", "notes"), "key", "first",
          "value", Map.of("text", "kept across the upgrade")));
      call(base, "PUT", "/store/items", Map.of("namespace", List.of("fixture", "notes"), "key", "second",
          "value", Map.of("text", "also kept")));
    }
    try (JdbcDatabase db = args[0].equals("sqlite") ? SqliteDatabase.open(Path.of(args[1]), "FULL")
        : PostgresDatabase.connect(args[1])) {
      JdbcApprovals.open(db, Clock.systemUTC()).request(new Approval.Subject("00000000-0000-4000-8000-000000000001",
          "conv-1", null, "exec-1", List.of("tool_call"), "create_entity", "call-1", "args", "content"),
          Map.of("reason", "fixture"));
      new JdbcCrisisLog(db).append(new CrisisRecord("crisis-1", "00000000-0000-4000-8000-000000000002", "user-1",
          "session-1", 1, "high", "self_harm", "keyword", "matched", "message", "escalated", "persistent", 1_700_000_000_000L));
    }
  }

  private static JsonNode call(String base, String method, String path, Object body) throws Exception {
    HttpResponse<String> res = HTTP.send(HttpRequest.newBuilder(URI.create(base + path))
        .header("Content-Type", "application/json")
        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
        HttpResponse.BodyHandlers.ofString());
    if (res.statusCode() >= 300) {
      throw new IllegalStateException(method + " " + path + " → " + res.statusCode() + " " + res.body());
    }
    return res.body().isEmpty() ? null : JSON.readTree(res.body());
  }
}
