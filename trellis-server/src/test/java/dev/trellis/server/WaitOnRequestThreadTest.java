package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * A {@code /runs/wait} request whose run this process claims at creation executes the run on the request's own thread
 * (no thread started for it, no hand-off of its end back to the request); meanwhile another thread keeps the response
 * alive with newlines and notices a client that left. A background run still gets a thread of its own.
 */
class WaitOnRequestThreadTest {
  static final Key<String> THREAD = Key.of("thread", String.class);
  static final Key<Integer> N = Key.of("n", Integer.class);

  /** A one-node graph that records the name of the thread its node ran on, after waiting for {@code gate}. */
  private static TrellisServer server(CountDownLatch gate, Duration keepAlive) {
    return TestServers.builder().sqlite(TestServers.tempDir().resolve("server.db")).keepAlive(keepAlive)
        .graph("where", (saver, store) -> {
          StateGraph g = StateGraph.of(Schema.of(THREAD, N));
          g.addNode("record", (s, rt) -> {
            gate.await();
            return Update.of(THREAD, Thread.currentThread().getName());
          });
          g.addEdge(StateGraph.START, "record");
          return g.compile(CompileOptions.checkpointer(saver).withStore(store));
        }).start();
  }

  @Test
  void aWaitedRunClaimedAtCreationExecutesOnTheRequestThreadAndABackgroundRunOnItsOwn() throws Exception {
    try (TrellisServer server = server(new CountDownLatch(0), Duration.ofSeconds(5))) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      HttpClientHelper.Reply waited = http.call("POST", "/threads/" + t + "/runs/wait",
          Map.of("assistant_id", "where", "input", Map.of("n", 1)));
      assertEquals(200, waited.status(), waited.text());
      String where = (String) waited.map().get("thread");
      assertFalse(where.startsWith("trellis-run-"), "the waited run ran on " + where);
      assertEquals(1, ((Number) waited.map().get("n")).intValue(), waited.text());

      String run = http.call("POST", "/threads/" + t + "/runs", Map.of("assistant_id", "where", "input", Map.of("n", 2)))
          .get("run_id");
      Map<String, Object> joined = http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
      assertTrue(((String) joined.get("thread")).startsWith("trellis-run-"), "the background run ran on " + joined);
      assertEquals("success", http.call("GET", "/threads/" + t + "/runs/" + run, null).get("status"));
    }
  }

  @Test
  void aWaitedRunExecutingOnTheRequestThreadKeepsTheResponseAliveThenAnswersItsResult() throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    try (TrellisServer server = server(gate, Duration.ofMillis(50))) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      HttpResponse<InputStream> r = HttpClient.newHttpClient().send(waitRequest(server, t, Map.of("assistant_id",
          "where", "input", Map.of("n", 3))), HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream body = r.body()) {
        assertEquals('\n', body.read(), "a keep-alive newline while the node waits"); // the node is still held
        gate.countDown();
        String rest = new String(body.readAllBytes(), StandardCharsets.UTF_8).strip();
        @SuppressWarnings("unchecked")
        Map<String, Object> result = (Map<String, Object>) HttpClientHelper.readJson(rest);
        assertEquals(3, ((Number) result.get("n")).intValue(), rest);
        assertFalse(((String) result.get("thread")).startsWith("trellis-run-"), rest);
      }
      assertEquals(200, r.statusCode());
    }
  }

  @Test
  void aClientLeavingAWaitedRunExecutingOnItsThreadCancelsItWhenTheBodyAsks() throws Exception {
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("server.db"))
        .keepAlive(Duration.ofMillis(50)).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      // 505 ticks of the slow graph (76 s): it cannot end before the server notices the hang-up.
      HttpResponse<InputStream> r = HttpClient.newHttpClient().send(waitRequest(server, t, Map.of("assistant_id", "slow",
          "input", Map.of("log", List.of("in"), "n", -500), "config", Map.of("recursion_limit", 1000),
          "on_disconnect", "cancel")), HttpResponse.BodyHandlers.ofInputStream());
      String location = r.headers().firstValue("Content-Location").orElseThrow();
      try (InputStream body = r.body()) {
        assertEquals('\n', body.read());
      }
      String run = location.substring(location.lastIndexOf('/') + 1);
      Map<String, Object> out = http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
      assertEquals("interrupted", http.call("GET", "/threads/" + t + "/runs/" + run, null).get("status"));
      assertTrue(((List<?>) out.get("log")).size() < 506, "stopped early: " + out);
    }
  }

  private static HttpRequest waitRequest(TrellisServer server, String thread, Map<String, Object> body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/threads/" + thread + "/runs/wait"))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(HttpClientHelper.write(body)))
        .build();
  }
}
