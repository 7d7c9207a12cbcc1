package dev.trellis.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.graph.CompileOptions;
import dev.trellis.server.GraphProvider;
import dev.trellis.server.auth.Authenticator;
import dev.trellis.server.TrellisServer;
import dev.trellis.testkit.Json;
import dev.trellis.testkit.ScenarioRunner;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code trellis serve}: the LangGraph-compatible server over the graphs in a directory of
 * JSON graph files (each file's name is its graph id), the offline demo {@code agent} and every
 * {@link GraphProvider} on the class path (the reference applications), on SQLite by default or PostgreSQL.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = "Serve graphs over LangGraph's HTTP API (assistants, threads, runs with SSE, store).")
final class ServeCommand implements Callable<Integer> {
  @Option(names = "--graphs", description = "directories or files of JSON graphs (default: $TRELLIS_EXAMPLES or ./examples)")
  List<File> graphs = new ArrayList<>();

  @Option(names = "--db", description = "SQLite file (embedded mode, default: trellis.db)", defaultValue = "trellis.db")
  Path db;

  @Option(names = "--postgres", description = "PostgreSQL JDBC URL: share runs with other server processes")
  String postgres;

  @Option(names = "--host", defaultValue = "127.0.0.1",
      description = "interface to listen on (default 127.0.0.1, this machine only; 0.0.0.0 to expose it)")
  String host;

  @Option(names = "--port", description = "port (default 2024, LangGraph's; the next free one up to 2034 when it is taken)")
  Integer port;

  @Option(names = "--api-key", description = "KEY=USER: require x-api-key; repeat for several users")
  List<String> apiKeys = new ArrayList<>();

  @Option(names = "--worker-slots", defaultValue = "16", description = "runs this process executes at once")
  int slots;

  @Option(names = "--worker-id", description = "this process's worker id (default: random)")
  String workerId;

  @Option(names = "--lease-seconds", defaultValue = "10")
  int lease;

  @Option(names = "--grace-seconds", defaultValue = "30", description = "shutdown waits this long for running runs")
  int grace;

  @Option(names = "--log-format", defaultValue = "text", description = "text (one line per event) or json (one object per line)")
  String logFormat;

  @Option(names = "--max-state-size", defaultValue = "8388608",
      description = "largest saved checkpoint in bytes (default 8 MiB); a run whose state grows past it ends in error")
  long maxStateBytes;

  @Override
  public Integer call() throws Exception {
    LogFormat.apply(logFormat, System.out);
    TrellisServer.Builder b = TrellisServer.builder().host(host).workerSlots(slots).maxStateBytes(maxStateBytes)
        .lease(Duration.ofSeconds(lease)).shutdownGrace(Duration.ofSeconds(grace));
    if (workerId != null) {
      b.workerId(workerId);
    }
    b = postgres != null ? b.postgres(postgres) : b.sqlite(db);
    if (graphs.isEmpty()) {
      String env = System.getenv("TRELLIS_EXAMPLES");
      graphs.add(new File(env != null ? env : "examples"));
    }
    List<String> ids = new ArrayList<>();
    for (Path file : files()) {
      JsonNode spec = Json.MAPPER.readTree(file.toFile());
      String id = file.getFileName().toString().replaceFirst("\\.json$", "");
      var builder = ScenarioRunner.graph(spec);
      b.graph(id, (saver, store) -> builder.compile(CompileOptions.checkpointer(saver).withStore(store)
          .withUnreachableAllowed(true).withName(id)));
      ids.add(id);
    }
    b.graph("agent", (saver, store) -> DemoAgent.build(CompileOptions.checkpointer(saver).withStore(store)));
    ids.add("agent");
    for (GraphProvider provider : ServiceLoader.load(GraphProvider.class)) {
      b.graph(provider.graphId(), provider);
      provider.routes().forEach(b::routes);
      ids.add(provider.graphId());
    }
    if (!apiKeys.isEmpty()) {
      Map<String, String> keys = new HashMap<>();
      for (String kv : apiKeys) {
        int eq = kv.indexOf('=');
        if (eq < 1) {
          System.err.println("--api-key takes KEY=USER, got " + kv);
          return 2;
        }
        keys.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
      b.authenticator(Authenticator.apiKeys(keys));
    }
    var otel = OtlpExport.apply(b, System.getenv());
    TrellisServer server = start(b);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      if (otel != null) {
        otel.close();
      }
      stopped.countDown();
    }));
    System.out.println("trellis server on http://" + host + ":" + server.port() + " (" + (postgres != null ? "PostgreSQL"
        : "SQLite " + db) + ", worker " + server.workerId() + ") serving graphs " + ids);
    System.out.println("Trellis Studio: http://" + host + ":" + server.port() + "/studio/");
    System.out.flush();
    stopped.await();
    return 0;
  }

  /** Starts on the given port, or on 2024 — or the next free port up to 2034 when 2024 is taken. */
  private TrellisServer start(TrellisServer.Builder b) {
    if (port != null) {
      return b.port(port).start();
    }
    IllegalStateException last = null;
    for (int p = 2024; p <= 2034; p++) {
      try {
        return b.port(p).start();
      } catch (IllegalStateException e) {
        System.err.println("port " + p + " is taken; trying " + (p + 1));
        last = e;
      }
    }
    throw last;
  }

  private List<Path> files() throws IOException {
    List<Path> out = new ArrayList<>();
    for (File f : graphs) {
      if (f.isDirectory()) {
        try (Stream<Path> s = Files.list(f.toPath())) {
          s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(out::add);
        }
      } else if (f.isFile()) {
        out.add(f.toPath());
      } else {
        throw new IOException("no graph file or directory " + f);
      }
    }
    if (out.isEmpty()) {
      throw new IOException("no *.json graphs in " + graphs);
    }
    return out;
  }
}
