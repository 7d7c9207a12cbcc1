package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.server.auth.Authenticator;
import dev.trellis.server.route.Http;
import dev.trellis.server.route.Routes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an application's routes learn about the caller from {@link AppContext}: who it is, which
 * threads are its own (as the threads API decides: another user's thread is as one that does not
 * exist), and the run to follow on a thread — the unfinished one, else the one that just ended.
 */
class AppContextOwnershipTest {
  /** "held" from AppContextActiveTest, plus GET /whose/{tid} and GET /latest/{tid}. */
  static final class Provider implements GraphProvider {
    final AppContextActiveTest.HeldProvider held = new AppContextActiveTest.HeldProvider();

    @Override
    public String graphId() {
      return held.graphId();
    }

    @Override
    public dev.trellis.core.CompiledGraph build(dev.trellis.checkpoint.CheckpointSaver saver,
                                                dev.trellis.checkpoint.store.Store store) {
      throw new AssertionError("built with the AppContext");
    }

    @Override
    public dev.trellis.core.CompiledGraph build(AppContext app) {
      return held.build(app);
    }

    @Override
    public List<Routes> routes(AppContext app) {
      return List.of(r -> {
        r.get("/whose/{tid}", ctx -> {
          Map<String, Object> out = new LinkedHashMap<>();
          out.put("caller", app.caller(ctx).user());
          out.put("own_thread", app.ownThread(ctx, ctx.pathParam("tid")).orElse(null));
          out.put("owns", app.owns(ctx, ctx.pathParam("tid")));
          Http.json(ctx, out);
        });
        r.get("/latest/{tid}", ctx -> {
          var found = app.latest(ctx, ctx.pathParam("tid"));
          if (found.isEmpty()) {
            Http.json(ctx, 404, Map.of("detail", "none"));
            return;
          }
          try (AppContext.Submitted run = found.get()) {
            List<String> events = new ArrayList<>();
            for (AppContext.Event e = run.events().next(10_000); e != null && !e.done(); e = run.events().next(10_000)) {
              events.add(e.event());
            }
            Http.json(ctx, Map.of("run_id", run.runId(), "events", events));
          }
        });
      });
    }
  }

  @Test
  void ownershipFollowsTheThreadsOwnerAndLatestReplaysARunThatJustEnded(@TempDir Path dir) {
    Provider provider = new Provider();
    provider.held.release.countDown();
    try (TrellisServer server = TestServers.builder().sqlite(dir.resolve("s.db"))
        .authenticator(Authenticator.apiKeys(Map.of("ka", "alice", "kb", "bob"))).provider(provider).start()) {
      HttpClientHelper alice = new HttpClientHelper(server).as("ka");
      HttpClientHelper bob = new HttpClientHelper(server).as("kb");
      String thread = UUID.randomUUID().toString();
      HttpClientHelper.Reply created = alice.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "held",
          "if_not_exists", "create", "input", Map.of("text", "hi"), "stream_mode", List.of("values"),
          "stream_resumable", true));
      assertEquals(200, created.status(), created.text());

      Map<?, ?> hers = (Map<?, ?>) alice.call("GET", "/whose/" + thread, null).body();
      assertEquals(Map.of("caller", "alice", "own_thread", thread, "owns", true), hers);
      Map<?, ?> his = (Map<?, ?>) bob.call("GET", "/whose/" + thread, null).body();
      assertEquals("bob", his.get("caller"));
      assertEquals(null, his.get("own_thread"), "another user's thread is none of Bob's");
      assertEquals(false, his.get("owns"));
      assertEquals(false, ((Map<?, ?>) alice.call("GET", "/whose/" + UUID.randomUUID(), null).body()).get("owns"),
          "a thread that does not exist is nobody's");

      HttpClientHelper.Reply latest = alice.call("GET", "/latest/" + thread, null);
      assertEquals(200, latest.status(), "the run that just ended is still followed: " + latest.text());
      assertEquals(List.of("metadata", "values", "values"), ((Map<?, ?>) latest.body()).get("events"), "from its first event");
      assertEquals(404, bob.call("GET", "/latest/" + thread, null).status(), "not another user's run");
    }
  }
}
