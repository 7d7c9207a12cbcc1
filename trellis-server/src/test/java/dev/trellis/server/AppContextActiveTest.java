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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link AppContext#active} finds the caller's unfinished run on a thread and reads its events from the first. */
class AppContextActiveTest {
  static final Key<String> TEXT = Key.of("text", String.class);

  /** Serves "held" (its node waits for {@link #release}) and mounts GET /active/{tid}: the run found and its events so far. */
  static final class HeldProvider implements GraphProvider {
    final Semaphore entered = new Semaphore(0);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public String graphId() {
      return "held";
    }

    @Override
    public CompiledGraph build(CheckpointSaver saver, Store store) {
      throw new AssertionError("built with the AppContext");
    }

    @Override
    public CompiledGraph build(AppContext app) {
      return StateGraph.of(Schema.of(TEXT))
          .addNode("hold", (s, rt) -> {
            entered.release();
            if (!release.await(30, TimeUnit.SECONDS)) {
              throw new IllegalStateException("never released");
            }
            return Update.of(TEXT, s.get(TEXT) + "!");
          })
          .addEdge(StateGraph.START, "hold")
          .compile(CompileOptions.checkpointer(app.saver()).withStore(app.store()).withName("held"));
    }

    @Override
    public List<Routes> routes(AppContext app) {
      return List.of(r -> r.get("/active/{tid}", ctx -> {
        var found = app.active(ctx, ctx.pathParam("tid"));
        if (found.isEmpty()) {
          Http.json(ctx, 404, Map.of("detail", "none"));
          return;
        }
        try (AppContext.Submitted run = found.get()) {
          List<String> events = new ArrayList<>();
          AppContext.Event first = run.events().next(10_000);
          events.add(first == null ? null : first.event());
          if ("true".equals(ctx.queryParam("to_end"))) {
            release.countDown();
            for (AppContext.Event e = run.events().next(10_000); e != null && !e.done(); e = run.events().next(10_000)) {
              events.add(e.event());
            }
          }
          Http.json(ctx, Map.of("run_id", run.runId(), "thread_id", run.threadId(), "events", events));
        }
      }));
    }
  }

  @Test
  void activeFindsTheRunningRunReadsItFromTheFirstEventAndNothingOnceItEnded(@TempDir Path dir) throws Exception {
    HeldProvider provider = new HeldProvider();
    try (TrellisServer server = TestServers.builder().sqlite(dir.resolve("s.db")).provider(provider).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String thread = UUID.randomUUID().toString();
      assertEquals(404, http.call("GET", "/active/" + thread, null).status(), "no thread, no run");
      HttpClientHelper.Reply created = http.call("POST", "/threads/" + thread + "/runs", Map.of("assistant_id", "held",
          "if_not_exists", "create", "input", Map.of("text", "hi"), "stream_mode", List.of("values", "updates")));
      assertEquals(200, created.status(), created.text());
      assertTrue(provider.entered.tryAcquire(30, TimeUnit.SECONDS));
      HttpClientHelper.Reply joined = http.call("GET", "/active/" + thread + "?to_end=true", null);
      assertEquals(200, joined.status(), joined.text());
      assertEquals(created.map().get("run_id"), joined.map().get("run_id"));
      assertEquals(thread, joined.map().get("thread_id"));
      assertEquals(List.of("metadata", "values", "updates", "values"), joined.map().get("events"),
          "every event of the run from its first, already sent or not");
      http.call("GET", "/threads/" + thread + "/runs/" + created.map().get("run_id") + "/join", null);
      assertEquals(404, http.call("GET", "/active/" + thread, null).status(), "an ended run is not active");
      assertEquals(404, http.call("GET", "/active/" + UUID.randomUUID(), null).status(), "another thread has none");
    }
  }
}
