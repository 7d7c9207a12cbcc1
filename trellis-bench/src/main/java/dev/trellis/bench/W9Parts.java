package dev.trellis.bench;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Durability;
import dev.trellis.graph.RunConfig;
import dev.trellis.server.TrellisServer;
import dev.trellis.server.route.Http;
import dev.trellis.server.wire.Json;
import dev.trellis.sqlite.SqliteSaver;
import io.javalin.Javalin;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * W9's CPU per run by component, by subtraction: each variant does W9's work minus a part, and prints
 * runs per second, process CPU per run (split by thread group: the client's threads, the server's carrier
 * and Jetty threads, and the rest of the process: JIT, GC, VM) and bytes allocated per run. Variants:
 *
 * <ul>
 *   <li>{@code full}: W9 as {@link W9Probe} runs it (server on a SQLite file in the temp directory);
 *   <li>{@code floor}: the same client and bodies against a bare Javalin with the server's settings
 *       (virtual threads, body limit) whose two routes answer W9's recorded replies as bytes;
 *   <li>{@code floor-trellis}: the same against the real server (all its routes, before-handlers, request
 *       log) on routes under {@code /x} that parse the body as the server does and write the recorded
 *       reply as JSON: Jetty, Javalin, the server's request plumbing and JSON, no database, no graph;
 *   <li>{@code shm}: W9 with the SQLite file on {@code /dev/shm} (no disk, fsync free);
 *   <li>{@code memsaver}: W9 whose graph is compiled with an in-memory checkpointer (the server's own
 *       rows stay in SQLite; checkpoints are neither encoded nor written);
 *   <li>{@code engine}: the chain graph alone on a SQLite saver (file in the temp directory, durability async),
 *       a new thread per run, on the same number of client threads;
 *   <li>{@code engine-mem}: the same on an in-memory saver.
 * </ul>
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.trellis.bench.W9Parts VARIANT [--warmup N] [--runs N] [--clients N]}
 * (defaults 6,000 warm-up runs, 10,000 measured, 8 clients). After 6,000 runs of W9 the JIT still compiles (a
 * fifth of the process's CPU); {@code --warmup 30000} measures it settled.
 */
public final class W9Parts {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  /** CPU and bytes of client threads that have ended (each adds its own as it ends). */
  private static final LongAdder CLIENT_CPU = new LongAdder();
  private static final String INPUT = "{\"assistant_id\":\"chain\",\"input\":{\"count\":0}}";

  private W9Parts() {}

  /** One unit of work per call, on any client thread. */
  private interface Op {
    void run() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      throw new IllegalArgumentException("name a variant: full, floor, floor-trellis, shm, memsaver, engine, engine-mem");
    }
    String variant = args[0];
    int warmup = 6000;
    int runs = 10_000;
    int clients = 8;
    for (int i = 1; i < args.length; i++) {
      switch (args[i]) {
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--clients" -> clients = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    AutoCloseable[] close = new AutoCloseable[1];
    Op op = switch (variant) {
      case "full" -> w9(server(newDb(null), false, close), "", close);
      case "shm" -> w9(server(newDb(Path.of("/dev/shm")), false, close), "", close);
      case "memsaver" -> w9(server(newDb(null), true, close), "", close);
      case "floor" -> floor(close);
      case "floor-trellis" -> floorTrellis(close);
      case "engine" -> engine(SqliteSaver.open(newDb(null)), close);
      case "engine-mem" -> engine(new InMemorySaver(), close);
      default -> throw new IllegalArgumentException("unknown variant " + variant);
    };
    try {
      drive(op, clients, warmup, null);
      dev.trellis.diagnostics.Waits.reset();
      Sample before = Sample.take();
      long[] latencies = new long[runs];
      long started = System.nanoTime();
      drive(op, clients, runs, latencies);
      double seconds = (System.nanoTime() - started) / 1e9;
      Sample after = Sample.take();
      double n = runs;
      java.util.Arrays.sort(latencies);
      System.out.printf(Locale.ROOT, "W9Parts %s %d runs, %d clients: %.0f runs/s, p50 %.2f ms, p99 %.2f ms; per run: CPU %.3f ms (client %.3f, "
              + "carriers %.3f, JIT %.3f, GC %.3f, other threads %.3f, ended threads %.3f), GC pauses %.3f ms, "
              + "allocated %.1f KB%n",
          variant, runs, clients, runs / seconds, latencies[runs / 2] / 1e6, latencies[(int) (runs * 0.99)] / 1e6,
          (after.cpu - before.cpu) / 1e6 / n,
          (after.client - before.client) / 1e6 / n, (after.carriers - before.carriers) / 1e6 / n,
          (after.jit - before.jit) / 1e6 / n, (after.gc - before.gc) / 1e6 / n, (after.others - before.others) / 1e6 / n,
          (after.rest() - before.rest()) / 1e6 / n, (after.gcMillis - before.gcMillis) / n,
          (after.allocated - before.allocated) / 1024.0 / n);
      if (dev.trellis.diagnostics.Waits.ON) {
        System.out.print("waits (name: per run, mean ms, ms per run):\n" + dev.trellis.diagnostics.Waits.report(runs));
      }
    } finally {
      close[0].close();
      for (Path dir : DIRS) {
        try (var files = Files.walk(dir)) {
          files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
      }
    }
  }

  /** Directories holding the databases this run made, deleted at its end (W9's grows by ~50 MB a thousand runs). */
  private static final java.util.List<Path> DIRS = new java.util.ArrayList<>();

  /** A new database file in a new directory under {@code parent} (null: the temp directory). */
  private static Path newDb(Path parent) throws java.io.IOException {
    Path dir = parent == null ? Files.createTempDirectory("w9parts") : Files.createTempDirectory(parent, "w9parts");
    DIRS.add(dir);
    return dir.resolve("w9.db");
  }

  /** W9's server on {@code file}; with {@code memorySaver} its graph keeps checkpoints in memory. */
  private static TrellisServer server(Path file, boolean memorySaver, AutoCloseable[] close) {
    return server(file, memorySaver, false, close);
  }

  /** As above; with {@code floorRoutes} also floor-trellis's routes under {@code /x}. */
  private static TrellisServer server(Path file, boolean memorySaver, boolean floorRoutes, AutoCloseable[] close) {
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(file)
        .graph("chain", (saver, store) -> Workloads.chain10(
            CompileOptions.checkpointer(memorySaver ? new InMemorySaver() : saver).withStore(store)));
    if (floorRoutes) {
      b.routes(r -> {
          // floor-trellis's routes: the server's plumbing and JSON around a recorded reply
          r.post("/x/threads", ctx -> {
            Http.body(ctx);
            Http.json(ctx, Recorded.thread);
          });
          r.post("/x/threads/{thread_id}/runs/wait", ctx -> {
            Http.body(ctx);
            Http.json(ctx, Recorded.result);
          });
        });
    }
    TrellisServer s = b.start();
    close[0] = s;
    return s;
  }

  /** W9's own client (its two requests and checks) against {@code base}. */
  private static Op w9(TrellisServer s, String prefix, AutoCloseable[] close) {
    W9Server w9 = new W9Server();
    w9.bases = new String[] {"http://127.0.0.1:" + s.port() + prefix};
    w9.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    return w9::createThreadAndWait;
  }

  /** What W9's two requests answer, recorded from a real run before the floors serve them. */
  private static final class Recorded {
    static Map<String, Object> thread;
    static Map<String, Object> result;
    static byte[] threadBytes;
    static byte[] resultBytes;

    static void record(TrellisServer s) throws Exception {
      W9Server w9 = new W9Server();
      w9.bases = new String[] {"http://127.0.0.1:" + s.port()};
      w9.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      String base = w9.bases[0];
      var client = w9.http;
      String t = send(client, base + "/threads", "{}");
      thread = Json.object(t);
      String r = send(client, base + "/threads/" + thread.get("thread_id") + "/runs/wait", INPUT);
      result = Json.object(r);
      threadBytes = t.getBytes(StandardCharsets.UTF_8);
      resultBytes = r.getBytes(StandardCharsets.UTF_8);
      System.out.println("recorded replies: " + threadBytes.length + " B and " + resultBytes.length + " B");
    }

    private static String send(HttpClient client, String url, String body) throws Exception {
      return client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
              .header("Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString()).body();
    }
  }

  private static Op floor(AutoCloseable[] close) throws Exception {
    AutoCloseable[] real = new AutoCloseable[1];
    TrellisServer s = server(newDb(null), false, real);
    Recorded.record(s);
    s.close();
    Javalin app = Javalin.create(config -> {
      config.concurrency.useVirtualThreads = true;
      config.http.maxRequestSize = 10L << 20;
      config.startup.showJavalinBanner = false;
      config.jetty.host = "127.0.0.1";
      config.jetty.port = 0;
      config.routes.post("/threads", ctx -> {
        ctx.bodyAsBytes();
        ctx.contentType("application/json").result(Recorded.threadBytes);
      });
      config.routes.post("/threads/{thread_id}/runs/wait", ctx -> {
        ctx.bodyAsBytes();
        ctx.contentType("application/json").result(Recorded.resultBytes);
      });
    }).start();
    close[0] = app::stop;
    W9Server w9 = new W9Server();
    w9.bases = new String[] {"http://127.0.0.1:" + app.port()};
    w9.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    return w9::createThreadAndWait;
  }

  private static Op floorTrellis(AutoCloseable[] close) throws Exception {
    TrellisServer s = server(newDb(null), false, true, close);
    Recorded.record(s);
    return w9(s, "/x", close);
  }

  private static Op engine(CheckpointSaver saver, AutoCloseable[] close) {
    CompiledGraph graph = Workloads.chain10(CompileOptions.checkpointer(saver));
    close[0] = () -> {
      if (saver instanceof AutoCloseable c) {
        c.close();
      }
    };
    AtomicLong ids = new AtomicLong();
    return () -> {
      var state = graph.invoke(Map.of("count", 0),
          RunConfig.thread("t" + ids.incrementAndGet()).withDurability(Durability.ASYNC));
      if (!Integer.valueOf(10).equals(state.get(Workloads.COUNT))) {
        throw new IllegalStateException("unexpected result " + state);
      }
    };
  }

  private static void drive(Op op, int clients, int total, long[] latencies) throws InterruptedException {
    AtomicInteger next = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CountDownLatch done = new CountDownLatch(clients);
    for (int c = 0; c < clients; c++) {
      Thread t = new Thread(() -> {
        try {
          for (int i; (i = next.getAndIncrement()) < total && failure.get() == null; ) {
            long t0 = System.nanoTime();
            op.run();
            if (latencies != null) {
              latencies[i] = System.nanoTime() - t0;
            }
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        } finally {
          CLIENT_CPU.add(THREADS.getCurrentThreadCpuTime());
          done.countDown();
        }
      }, "w9-client-" + c);
      t.start();
    }
    done.await();
    if (failure.get() != null) {
      throw new IllegalStateException("a client failed: " + failure.get(), failure.get());
    }
  }

  /**
   * Process CPU and CPU by thread group, from each live thread's {@code /proc/self/task/<tid>/schedstat}
   * (nanoseconds on the CPU) grouped by its name: the client (ended client threads counted as they end), the
   * carriers (virtual threads: the server's request handlers, runs and graphs), JIT compilers, GC threads and the
   * rest; what threads that ended meanwhile used is left in the process total. Also GC pauses and allocation.
   */
  private record Sample(long cpu, long client, long carriers, long jit, long gc, long others, long gcMillis, long allocated) {
    static Sample take() throws java.io.IOException {
      var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      long client = CLIENT_CPU.sum();
      long carriers = 0;
      long jit = 0;
      long gc = 0;
      long others = 0;
      try (var tasks = Files.list(Path.of("/proc/self/task"))) {
        for (Path task : (Iterable<Path>) tasks::iterator) {
          String name;
          long ns;
          try {
            name = Files.readString(task.resolve("comm")).trim();
            ns = Long.parseLong(Files.readString(task.resolve("schedstat")).trim().split(" ")[0]);
          } catch (java.io.IOException | RuntimeException ended) {
            continue;
          }
          if (name.startsWith("w9-client-")) {
            continue; // counted as they end
          }
          if (name.startsWith("HttpClient-")) {
            client += ns;
          } else if (name.startsWith("ForkJoinPool")) {
            carriers += ns;
          } else if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
            jit += ns;
          } else if (name.startsWith("GC Thread") || name.startsWith("G1 ")) {
            gc += ns;
          } else {
            others += ns;
          }
        }
      }
      long gcMillis = 0;
      for (var g : ManagementFactory.getGarbageCollectorMXBeans()) {
        gcMillis += Math.max(0, g.getCollectionTime());
      }
      return new Sample(os.getProcessCpuTime(), client, carriers, jit, gc, others, gcMillis,
          THREADS.getTotalThreadAllocatedBytes());
    }

    long rest() {
      return cpu - client - carriers - jit - gc - others;
    }
  }
}
