package dev.trellis.bench;

import dev.trellis.graph.CompileOptions;
import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W9: the W1 graph behind the HTTP server on its SQLite default; 8 concurrent clients each
 * create a thread and run-wait on it (two requests per operation, as the SDK does). Measured
 * as runs per second and as the latency distribution (p99). With {@code -Dw9.url=http://...}
 * it drives another server instead (LangGraph's JS server in bench/peers/langgraph-server),
 * whose graph must be named {@code chain}; a comma-separated list of URLs spreads the clients
 * over several server processes (client <i>i</i> talks to URL <i>i</i> mod n; bench/run-w9-postgres.sh).
 * Fields are package-private for {@link W9Probe} and {@link W9Parts}, which drive it without JMH.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.SECONDS)
// Warm-up of ~30 s (~30,000 runs): after 6 s the JIT still compiled a fifth of the process's CPU (W9Parts).
@Warmup(iterations = 6, time = 5)
@Measurement(iterations = 5, time = 3)
@Threads(8)
@Fork(1)
public class W9Server {
  private static final java.util.regex.Pattern THREAD_ID = java.util.regex.Pattern.compile("\"thread_id\"\\s*:\\s*\"([^\"]+)\"");
  private static final java.util.regex.Pattern COUNT_10 = java.util.regex.Pattern.compile("\"count\"\\s*:\\s*10\\b");
  private static final String INPUT = "{\"assistant_id\":\"chain\",\"input\":{\"count\":0}}";
  TrellisServer server;
  Path dir;
  String[] bases;
  private final java.util.concurrent.atomic.AtomicInteger clients = new java.util.concurrent.atomic.AtomicInteger();
  private final ThreadLocal<String> base = ThreadLocal.withInitial(() -> bases[clients.getAndIncrement() % bases.length]);
  HttpClient http;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    String url = System.getProperty("w9.url");
    if (url == null) {
      dir = Files.createTempDirectory("w9");
      server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(dir.resolve("w9.db"))
          .graph("chain", (saver, store) -> Workloads.chain10(CompileOptions.checkpointer(saver).withStore(store)))
          .start();
      url = "http://127.0.0.1:" + server.port();
    }
    bases = url.split(",");
    http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  }

  @TearDown(Level.Trial)
  public void teardown() {
    if (server != null) {
      server.close();
    }
  }

  private String post(String path, String body) throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base.get() + path))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException(path + " answered " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }

  @Benchmark
  public String createThreadAndWait() throws IOException, InterruptedException {
    long t0 = dev.trellis.diagnostics.Waits.now();
    java.util.regex.Matcher m = THREAD_ID.matcher(post("/threads", "{}"));
    dev.trellis.diagnostics.Waits.since("client.1-thread", t0);
    t0 = dev.trellis.diagnostics.Waits.now();
    if (!m.find()) {
      throw new IllegalStateException("no thread_id in the reply");
    }
    String out = post("/threads/" + m.group(1) + "/runs/wait", INPUT);
    dev.trellis.diagnostics.Waits.since("client.2-wait", t0);
    if (!COUNT_10.matcher(out).find()) {
      throw new IllegalStateException("unexpected result " + out);
    }
    return out;
  }
}
