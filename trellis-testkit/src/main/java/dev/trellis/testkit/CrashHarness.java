package dev.trellis.testkit;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The graph of the crash tests, and a main that runs it in a child JVM until that JVM is
 * killed. START → {@code fast} and {@code slow} in parallel → join → END. {@code fast}
 * records every execution in {@code <dir>/fast-runs}; {@code slow} blocks until the file
 * {@code <dir>/release} exists, announcing itself in {@code <dir>/slow-started}.
 *
 * <p>Usage: {@code CrashHarness <saver-factory-class> <location> <thread> <dir>} where the
 * factory is a {@code Function<String, CheckpointSaver>} with a public no-arg constructor.
 */
public final class CrashHarness {
  public static final Key<List<String>> LOG = Key.appending("log", String.class);

  private CrashHarness() {}

  public static CompiledGraph graph(CheckpointSaver saver, Path dir) {
    return StateGraph.of(Schema.of(LOG))
        .addNode("fast", (s, rt) -> {
          Files.writeString(dir.resolve("fast-runs"), "run\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
          return Update.of(LOG, List.of("fast"));
        })
        .addNode("slow", (s, rt) -> {
          if (!Files.exists(dir.resolve("release"))) {
            Files.writeString(dir.resolve("slow-started"), "yes");
            while (!Files.exists(dir.resolve("release"))) {
              Thread.sleep(20);
            }
          }
          return Update.of(LOG, List.of("slow"));
        })
        .addNode("join", (s, rt) -> Update.of(LOG, List.of("join")))
        .addEdge(StateGraph.START, "fast").addEdge(StateGraph.START, "slow")
        .addEdge(List.of("fast", "slow"), "join")
        .compile(CompileOptions.checkpointer(saver).withName("crash"));
  }

  @SuppressWarnings("unchecked")
  static CheckpointSaver saver(String factoryClass, String location) throws ReflectiveOperationException {
    Function<String, CheckpointSaver> f = (Function<String, CheckpointSaver>) Class.forName(factoryClass)
        .getConstructor().newInstance();
    return f.apply(location);
  }

  public static void main(String[] args) throws Exception {
    CheckpointSaver saver = saver(args[0], args[1]);
    graph(saver, Path.of(args[3])).invoke(Map.of("log", List.of()), dev.trellis.graph.RunConfig.thread(args[2]));
  }
}
