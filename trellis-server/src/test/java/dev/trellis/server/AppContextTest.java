package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.server.route.Http;
import dev.trellis.server.route.Routes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An application's own route queues a durable run through the {@link AppContext} its provider is given. */
class AppContextTest {
  static final Key<String> TEXT = Key.of("text", String.class);

  /** Serves "shout" and mounts POST /shout, which runs it on the queue and answers its events and result. */
  static class ShoutProvider implements GraphProvider {
    volatile boolean builtWithDatabase;

    @Override
    public String graphId() {
      return "shout";
    }

    @Override
    public CompiledGraph build(CheckpointSaver saver, Store store) {
      throw new AssertionError("a provider served with Builder.provider is built with the AppContext");
    }

    @Override
    public CompiledGraph build(AppContext app) {
      builtWithDatabase = app.database().transaction(c -> {
        try (var st = c.createStatement()) {
          st.execute("CREATE TABLE IF NOT EXISTS shout_log (id TEXT)");
        }
        return true;
      });
      return StateGraph.of(Schema.of(TEXT))
          .addNode("shout", (s, rt) -> Update.of(TEXT, s.get(TEXT).toUpperCase()))
          .addEdge(StateGraph.START, "shout")
          .compile(CompileOptions.checkpointer(app.saver()).withStore(app.store()).withName("shout"));
    }

    @Override
    public List<Routes> routes(AppContext app) {
      return List.of(r -> r.post("/shout", ctx -> {
        Map<String, Object> body = Http.body(ctx);
        try (AppContext.Submitted run = app.submit(ctx, (String) body.get("thread_id"), Map.of("assistant_id", "shout",
            "input", Map.of("text", body.get("text")), "stream_mode", List.of("updates")))) {
          List<String> events = new ArrayList<>();
          String result = null;
          for (AppContext.Event e = run.events().next(10_000); e != null; e = run.events().next(10_000)) {
            if (e.done()) {
              result = e.data();
              break;
            }
            events.add(e.event());
          }
          Http.json(ctx, Map.of("run_id", run.runId(), "thread_id", run.threadId(), "events", events,
              "result", String.valueOf(result)));
        }
      }));
    }
  }

  @Test
  void routeQueuesARunOnTheServersQueueAndReadsItsEventsToTheEnd(@TempDir Path dir) {
    ShoutProvider provider = new ShoutProvider();
    try (TrellisServer server = TestServers.builder().sqlite(dir.resolve("s.db")).provider(provider).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String thread = UUID.randomUUID().toString();
      HttpClientHelper.Reply r = http.call("POST", "/shout", Map.of("thread_id", thread, "text", "hi"));
      assertEquals(200, r.status(), r.text());
      assertTrue(provider.builtWithDatabase);
      assertTrue(((List<?>) r.map().get("events")).contains("updates"), r.text());
      assertTrue(r.get("result").contains("HI"), r.text());
      HttpClientHelper.Reply runs = http.call("GET", "/threads/" + thread + "/runs", null);
      assertEquals(1, runs.list().size());
      assertEquals("success", ((Map<?, ?>) runs.list().getFirst()).get("status"));
      assertEquals(r.get("run_id"), ((Map<?, ?>) runs.list().getFirst()).get("run_id"));
      assertEquals("HI", ((Map<?, ?>) http.call("GET", "/threads/" + thread + "/state", null).map().get("values")).get("text"));
    }
  }

  @Test
  void aBodyTheApiRefusesIsA4xxAndCreatesNoThread(@TempDir Path dir) {
    try (TrellisServer server = TestServers.builder().sqlite(dir.resolve("s.db")).provider(new ShoutProvider()).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      HttpClientHelper.Reply r = http.call("POST", "/shout", Map.of("thread_id", "not-a-uuid", "text", "hi"));
      assertEquals(422, r.status(), r.text());
      assertTrue(r.get("detail").contains("thread_id"), r.text());
    }
  }

  @Test
  void theProvidersAssistantConfigIsItsSystemAssistantsAndRunsMergeIt(@TempDir Path dir) {
    ShoutProvider tight = new ShoutProvider() {
      @Override
      public Map<String, Object> assistantConfig() {
        return Map.of("recursion_limit", 1);
      }
    };
    try (TrellisServer server = TestServers.builder().sqlite(dir.resolve("s.db")).provider(tight).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      HttpClientHelper.Reply assistant = http.call("POST", "/assistants/search", Map.of("graph_id", "shout"));
      assertTrue(assistant.text().contains("\"recursion_limit\":1"), assistant.text());
      HttpClientHelper.Reply run = http.call("POST", "/runs/wait", Map.of("assistant_id", "shout",
          "input", Map.of("text", "hi")));
      assertTrue(run.text().contains("GraphRecursionError"), "the run took the assistant's limit of 1: " + run.text());
      HttpClientHelper.Reply roomy = http.call("POST", "/runs/wait", Map.of("assistant_id", "shout",
          "input", Map.of("text", "hi"), "config", Map.of("recursion_limit", 5)));
      assertTrue(roomy.text().contains("HI"), "the run's own config wins: " + roomy.text());
    }
  }

  @Test
  void theProvidersDescriptionIsItsSystemAssistants(@TempDir Path dir) {
    ShoutProvider described = new ShoutProvider() {
      @Override
      public String description() {
        return "Shouts what it is told.";
      }
    };
    try (TrellisServer server = TestServers.builder().sqlite(dir.resolve("s.db")).provider(described).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      HttpClientHelper.Reply found = http.call("POST", "/assistants/search", Map.of("graph_id", "shout"));
      assertEquals(1, found.list().size(), found.text());
      assertEquals("Shouts what it is told.", ((Map<?, ?>) found.list().getFirst()).get("description"));
    }
  }
}
