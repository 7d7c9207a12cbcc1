package dev.trellis.apps.rrc;

import dev.trellis.agent.model.ChatModel;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.checkpoint.store.HashingEmbeddings;
import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.checkpoint.store.IndexConfig;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.sqlite.SqliteDatabase;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A pipeline on real components for one test: SQLite (approvals, skills, ledger, the bundled
 * knowledge graph), an in-memory checkpointer and a store with semantic search, the offline
 * planner, and an OpenTelemetry SDK exporting spans to memory.
 */
final class Fixture implements AutoCloseable {
  final SqliteDatabase db;
  final InMemorySpanExporter spans = InMemorySpanExporter.create();
  final SdkTracerProvider tracerProvider = SdkTracerProvider.builder()
      .addSpanProcessor(SimpleSpanProcessor.create(spans)).build();
  final RrcDeps deps;
  final InMemorySaver saver = new InMemorySaver();
  final InMemoryStore store = new InMemoryStore(Clock.systemUTC(), new IndexConfig(new HashingEmbeddings(256), List.of("summary")));
  private CompiledGraph graph;

  Fixture() {
    db = SqliteDatabase.open(dev.trellis.testkit.TempDirs.create("rrc").resolve("rrc.db"), "NORMAL");
    deps = new RrcDeps(new PlannerModel(), JdbcApprovals.open(db, Clock.systemUTC()), Skills.open(db, Clock.systemUTC()),
        KnowledgeGraph.open(db), ToolBindings.bundled(), AgentConfigs.bundled(), new Tracing(OpenTelemetrySdk.builder().setTracerProvider(tracerProvider).build()), Clock.systemUTC());
  }

  CompiledGraph graph() {
    if (graph == null) {
      graph = graph(deps);
    }
    return graph;
  }

  CompiledGraph graph(RrcDeps with) {
    return RrcGraph.graph(with, CompileOptions.checkpointer(saver).withStore(store));
  }

  CompiledGraph graph(ChatModel model) {
    return graph(deps.withModel(model));
  }

  static RunConfig thread(String id) {
    return RunConfig.thread(id).withRecursionLimit(RrcGraph.RECURSION_LIMIT);
  }

  static Map<String, Object> input(String agentType, String message, Object... metadata) {
    Map<String, Object> md = new LinkedHashMap<>();
    for (int i = 0; i < metadata.length; i += 2) {
      md.put((String) metadata[i], metadata[i + 1]);
    }
    Map<String, Object> in = new LinkedHashMap<>();
    in.put("agent_type", agentType);
    in.put("execution_id", java.util.UUID.randomUUID().toString());
    in.put("metadata", md);
    if (message != null) {
      in.put("input", message);
    }
    return in;
  }

  /** Runs one execution and returns the nodes it ran, in order. */
  static List<String> path(CompiledGraph g, Map<String, Object> input, RunConfig thread) {
    List<String> nodes = new ArrayList<>();
    try (GraphStream s = g.stream(input, thread, StreamMode.UPDATES)) {
      for (StreamPart p : s) {
        if (p instanceof StreamPart.Updates u) {
          nodes.add(u.node());
        }
      }
    }
    return nodes;
  }

  Map<String, Object> state(String thread) {
    return graph().getState(thread(thread)).values();
  }

  /** Every saved checkpoint of the thread. */
  List<StateSnapshot> history(String thread) {
    return graph().getStateHistory(thread(thread));
  }

  @Override
  public void close() {
    tracerProvider.close();
    db.close();
  }

  /** These deps, with {@code create_entity} counting its calls into {@code creations}. */
  RrcDeps countingCreations(java.util.concurrent.atomic.AtomicInteger creations) {
    return deps.withTools(ToolBindings.bundled().with("create_entity", (args, call) -> {
      creations.incrementAndGet();
      return EntityTools.create(args, call);
    }));
  }

  /** One rule_37 turn on {@code thread}, run on the graph built with {@code d}. */
  void turn(RrcDeps d, String thread, String message) {
    graph(d).invoke(input("rule_37", message), thread(thread));
  }

  /** The state of {@code thread} as the graph built with {@code d} reads it. */
  Map<String, Object> values(RrcDeps d, String thread) {
    return graph(d).getState(thread(thread)).values();
  }
}
