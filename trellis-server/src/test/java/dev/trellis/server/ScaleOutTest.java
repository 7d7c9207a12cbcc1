package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.queue.FenceAccess;
import dev.trellis.server.queue.Fences;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Two servers on one PostgreSQL: streams and cancellation cross processes; fenced writers write nothing. */
class ScaleOutTest {
  static String url;
  static TrellisServer a;
  static TrellisServer b;
  static HttpClientHelper httpA;
  static HttpClientHelper httpB;

  @BeforeAll
  static void start() {
    url = PgTestDb.freshSchemaUrl();
    a = TestServers.builder().postgres(url).workerId("a").lease(Duration.ofSeconds(2)).start();
    b = TestServers.builder().postgres(url).workerId("b").workerSlots(1).lease(Duration.ofSeconds(2)).start();
    httpA = new HttpClientHelper(a);
    httpB = new HttpClientHelper(b);
  }

  @AfterAll
  static void stop() {
    a.close();
    b.close();
    PgTestDb.drop(url);
  }

  static String workerOf(String runId) throws Exception {
    try (var c = java.sql.DriverManager.getConnection(url);
         var st = c.prepareStatement("SELECT worker, status FROM trellis_runs WHERE run_id = ?")) {
      st.setString(1, runId);
      try (var rs = st.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  static String awaitRunning(HttpClientHelper http, String thread, String run) throws InterruptedException {
    long end = System.currentTimeMillis() + 120_000; // generous: a loaded machine is slow, never wrong
    while (System.currentTimeMillis() < end) {
      if ("running".equals(http.call("GET", "/threads/" + thread + "/runs/" + run, null).get("status"))) {
        return "running";
      }
      Thread.sleep(20);
    }
    throw new AssertionError("run " + run + " never started");
  }

  @Test
  void aClientOnOneProcessStreamsARunExecutingOnAnother() throws Exception {
    String thread = UUID.randomUUID().toString();
    String run = httpA.call("POST", "/threads/" + thread + "/runs", Map.of("assistant_id", "slow", "input", Map.of(),
        "if_not_exists", "create", "stream_resumable", true, "stream_mode", List.of("updates"))).get("run_id");
    HttpRequest join = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + b.port() + "/threads/" + thread + "/runs/"
        + run + "/stream")).header("Last-Event-ID", "0").GET().build();
    String sse = HttpClient.newHttpClient().send(join, HttpResponse.BodyHandlers.ofString()).body();
    assertEquals(5, sse.split("event: updates\r\n", -1).length - 1, sse);
    assertTrue(sse.contains("event: metadata"), sse);
    assertEquals("success", httpB.call("GET", "/threads/" + thread + "/runs/" + run, null).get("status"));
  }

  @Test
  void cancellingThroughOneProcessStopsARunOnAnother() throws Exception {
    String thread = UUID.randomUUID().toString();
    // 505 ticks (76 s): still running when the cancel arrives, however loaded the machine.
    String run = httpA.call("POST", "/threads/" + thread + "/runs", Map.of("assistant_id", "slow",
        "input", Map.of("n", -500), "config", Map.of("recursion_limit", 1000), "if_not_exists", "create")).get("run_id");
    awaitRunning(httpA, thread, run);
    String worker = workerOf(run);
    HttpClientHelper other = "a".equals(worker) ? httpB : httpA;
    assertEquals(202, other.call("POST", "/threads/" + thread + "/runs/" + run + "/cancel", null).status());
    Map<String, Object> joined = other.call("GET", "/threads/" + thread + "/runs/" + run + "/join", null).map();
    assertTrue(((Number) joined.getOrDefault("n", 0)).intValue() < 5, "stopped early: " + joined);
    assertEquals("interrupted", other.call("GET", "/threads/" + thread + "/runs/" + run, null).get("status"));
  }

  @Test
  void aWorkerThatLostItsLeaseCanWriteNoCheckpoint() throws Exception {
    // Worker "old" is alive for the test's length (its liveness lock held): without it the class's servers, sweeping
    // leases, found "old" provably dead and requeued its run before the test's first save (seen twice under load).
    try (PostgresDatabase pg = PostgresDatabase.connect(url);
        var old = dev.trellis.server.queue.WorkerLiveness.postgres(pg, java.sql.DriverManager.getConnection(url), "old")) {
      ServerDb db = new ServerDb(pg, true);
      String thread = "fenced-" + UUID.randomUUID();
      String run = UUID.randomUUID().toString();
      // Due now, not since 1970: the two servers of this class claim only runs due for longer than their hand-off
      // delay, so this claim is the test's own (due at 0 a server's worker could take it first and run it).
      long due = System.currentTimeMillis();
      db.tx(c -> db.update(c, "INSERT INTO trellis_runs (run_id, thread_id, assistant_id, owner, status, temporary, "
          + "created_at, updated_at, available_at, attempt, worker) VALUES (?, ?, 'x', '', 'pending', 0, ?, ?, ?, 0, NULL)",
          run, thread, ServerDb.now(), ServerDb.now(), due));
      dev.trellis.server.queue.RunStore store = new dev.trellis.server.queue.RunStore(db);
      Fences fences = new Fences(db, "old");
      // This run only: a pending run left in the shared database by another test (due earlier) is not the test's.
      var claimed = store.claim("old", 60_000, 1, java.util.List.of(run), Long.MAX_VALUE / 4);
      assertEquals(1, claimed.size());
      assertEquals(run, claimed.getFirst().runId());
      FenceAccess.hold(fences, claimed.getFirst());
      JdbcSaver saver = new JdbcSaver(pg, new JacksonSerde(), fences);
      CheckpointConfig cfg = CheckpointConfig.thread(thread);
      saver.put(cfg, checkpoint(), CheckpointMetadata.of("input", -1));
      // Another worker takes the run over: the attempt number moves on.
      db.tx(c -> db.update(c, "UPDATE trellis_runs SET worker = 'new', attempt = attempt + 1 WHERE run_id = ?", run));
      assertThrows(Fences.LeaseLostException.class, () -> saver.put(cfg, checkpoint(), CheckpointMetadata.of("loop", 0)));
      assertEquals(1, saver.list(cfg, null, 0).size(), "the fenced write left nothing");
    }
  }

  static Checkpoint checkpoint() {
    return new Checkpoint(CheckpointIds.next(), Instant.now().toString(), Map.of(), Map.of(), Map.of());
  }
}
