package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CachePolicy;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A served graph built with {@link AppContext#cache()} has its cached nodes served from the server's database. */
class ServerNodeCacheTest {
  static final List<String> PG_URLS = new ArrayList<>();
  static final Key<String> TEXT = Key.of("text", String.class);

  static Stream<Arguments> databases() {
    return TestServers.onBothDatabases("cache.db", PG_URLS);
  }

  @AfterAll
  static void dropSchemas() {
    PG_URLS.forEach(PgTestDb::drop);
  }

  /** Serves "upper", whose one node is cached by input and counts its calls. */
  static final class UpperProvider implements GraphProvider {
    final AtomicInteger calls = new AtomicInteger();

    @Override
    public String graphId() {
      return "upper";
    }

    @Override
    public CompiledGraph build(CheckpointSaver saver, Store store) {
      throw new AssertionError("a provider is built with the AppContext");
    }

    @Override
    public CompiledGraph build(AppContext app) {
      return StateGraph.of(Schema.of(TEXT))
          .addNode("upper", (s, rt) -> {
            calls.incrementAndGet();
            return Update.of(TEXT, s.get(TEXT).toUpperCase());
          }, NodeOptions.cache(CachePolicy.byInput()))
          .addEdge(StateGraph.START, "upper")
          .compile(CompileOptions.checkpointer(app.saver()).withStore(app.store()).withCache(app.cache()).withName("upper"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void aCachedNodeRunsOnceForTheSameInputAcrossThreads(String name, Supplier<TrellisServer.Builder> db) {
    UpperProvider provider = new UpperProvider();
    try (TrellisServer server = db.get().provider(provider).start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      for (String thread : List.of(UUID.randomUUID().toString(), UUID.randomUUID().toString())) {
        http.call("POST", "/threads", Map.of("thread_id", thread));
        HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs/wait",
            Map.of("assistant_id", "upper", "input", Map.of("text", "hello")));
        assertEquals(200, r.status(), r.text());
        assertEquals("HELLO", r.map().get("text"), r.text());
      }
      assertEquals(1, provider.calls.get(), "the second thread's run was served from the cache");
    }
  }
}
