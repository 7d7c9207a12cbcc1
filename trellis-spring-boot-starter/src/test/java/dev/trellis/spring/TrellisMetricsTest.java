package dev.trellis.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.server.TrellisServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The run counters stay bound to the server's worker for the meter registry's whole life. */
class TrellisMetricsTest {
  private static final Key<String> NAME = Key.of("name", String.class);

  @Test
  void runCountersStillCountAfterAGarbageCollection() throws Exception {
    Path dir = Files.createTempDirectory("trellis-metrics");
    StateGraph graph = StateGraph.of(Schema.of(NAME))
        .addNode("greet", (s, rt) -> Update.of(NAME, "Hello"))
        .addEdge(StateGraph.START, "greet").addEdge("greet", StateGraph.END);
    StepTally steps = new StepTally();
    try (TrellisServer server = TrellisServer.builder().sqlite(dir.resolve("metrics.db")).port(0)
        .graph("hello", (saver, store) -> graph.compile(CompileOptions.checkpointer(saver).withStore(store)))
        .start()) {
      SimpleMeterRegistry registry = new SimpleMeterRegistry();
      TrellisMetrics metrics = new TrellisMetrics(server, steps);   // as Spring holds its bean
      metrics.bindTo(registry);
      collectGarbage();
      HttpClient http = HttpClient.newHttpClient();
      for (int i = 0; i < 2; i++) {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/runs/wait"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"assistant_id\":\"hello\",\"input\":{}}")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
      }
      long deadline = System.nanoTime() + 30_000_000_000L;   // the worker counts a run just after its result is stored
      while (server.runCounters().ended("success") < 2 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(2, server.runCounters().ended("success"));
      assertEquals(2.0, registry.get("trellis.runs.started").functionCounter().count());
      assertEquals(2.0, registry.get("trellis.runs.ended").tag("status", "success").functionCounter().count());
      assertEquals(2, registry.get("trellis.runs.duration").functionTimer().count());
      Reference.reachabilityFence(metrics);
    }
  }

  /** Runs collections until a fresh weakly held object is gone (what any later GC would do to a weak meter's state). */
  private static void collectGarbage() throws InterruptedException {
    WeakReference<Object> probe = new WeakReference<>(new Object());
    for (int i = 0; i < 50 && probe.get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
  }
}
