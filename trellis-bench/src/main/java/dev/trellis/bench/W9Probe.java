package dev.trellis.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * W9 measured by counting instead of JMH: the same server, graph and client as {@link W9Server}
 * (8 client threads each creating a thread and waiting for a run on it), run for a number of
 * operations after a warm-up, printing runs per second, p50 and p99 and, per run, the CPU time
 * of the process (server, client and JIT together), bytes allocated by the server's threads and
 * by the client's, bytes read and written by the process, and with {@code --count} what went to
 * SQLite (statements, batch rows, commits, reads, and each statement's count; see {@link CountingJdbc}, whose
 * wrapping costs a little time, so take speed from a run without it).
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.trellis.bench.W9Probe [--count] [--warmup N] [--runs N] [--clients N]}
 * (defaults 30,000 warm-up runs, 10,000 measured, 8 clients: after 6,000 runs C2 still compiled about a fifth of
 * the process's CPU, 0.3 ms a run, which {@link W9Parts} counts on the compiler threads; by 30,000 it has settled).
 */
public final class W9Probe {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  /** Bytes allocated by client threads that have ended (each adds its own as it ends). */
  private static final java.util.concurrent.atomic.LongAdder CLIENT_THREAD_BYTES = new java.util.concurrent.atomic.LongAdder();

  private W9Probe() {}

  public static void main(String[] args) throws Exception {
    int warmup = 30_000;
    int runs = 10_000;
    int clients = 8;
    boolean count = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--count" -> count = true;
        case "--warmup" -> warmup = Integer.parseInt(args[++i]);
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--clients" -> clients = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]
            + "; use [--count] [--warmup N] [--runs N] [--clients N]");
      }
    }
    CountingJdbc sql = new CountingJdbc();
    if (count) {
      CountingJdbc.installSqlite(sql);
    }
    W9Server w9 = new W9Server();
    w9.setup();
    try {
      drive(w9, clients, warmup, null);
      long[] sqlBefore = sql.snapshot();
      java.util.Map<String, Long> bySqlBefore = sql.bySql();
      java.util.Map<String, Long> rowsBefore = sql.rowsBySql();
      java.util.Map<String, Long> changesBefore = sql.changesBySql();
      Sample before = Sample.take();
      long[] latencies = new long[runs];
      long started = System.nanoTime();
      drive(w9, clients, runs, latencies);
      double seconds = (System.nanoTime() - started) / 1e9;
      Sample after = Sample.take();
      long[] sqlAfter = sql.snapshot();
      Arrays.sort(latencies);
      System.out.printf(Locale.ROOT, "W9Probe %d runs, %d clients%s: %.0f runs/s, p50 %.2f ms, p99 %.2f ms%n", runs, clients,
          count ? " (counting SQL)" : "", runs / seconds, latencies[runs / 2] / 1e6, latencies[(int) (runs * 0.99)] / 1e6);
      System.out.printf(Locale.ROOT, "per run: CPU %.3f ms, allocated %.1f KB by the server, %.1f KB by the client, "
          + "read %.2f KB, written %.2f KB, %.2f read and %.2f write syscalls (files and sockets)%n",
          (after.cpuNanos - before.cpuNanos) / 1e6 / runs,
          (after.serverBytes - before.serverBytes) / 1024.0 / runs, (after.clientBytes - before.clientBytes) / 1024.0 / runs,
          (after.io[0] - before.io[0]) / 1024.0 / runs, (after.io[1] - before.io[1]) / 1024.0 / runs,
          (double) (after.io[2] - before.io[2]) / runs, (double) (after.io[3] - before.io[3]) / runs);
      if (count) {
        StringBuilder sb = new StringBuilder("per run (SQLite):");
        for (int i = 0; i < sqlAfter.length; i++) {
          sb.append(String.format(Locale.ROOT, " %s %.2f;", CountingJdbc.NAMES[i],
              (double) (sqlAfter[i] - sqlBefore[i]) / runs));
        }
        System.out.println(sb);
        java.util.Map<String, Long> bySql = sql.bySql();
        java.util.Map<String, Long> rows = sql.rowsBySql();
        java.util.Map<String, Long> changes = sql.changesBySql();
        final int n = runs;
        System.out.println("  (executions per run; rows: written by the statement itself per run; +trigger: rows its "
            + "triggers wrote per run, from sqlite3_total_changes)");
        bySql.entrySet().stream().map(e -> java.util.Map.entry(e.getKey(), e.getValue() - bySqlBefore.getOrDefault(e.getKey(), 0L)))
            .filter(e -> e.getValue() > 0).sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed())
            .forEach(e -> {
              long own = rows.getOrDefault(e.getKey(), 0L) - rowsBefore.getOrDefault(e.getKey(), 0L);
              long all = changes.getOrDefault(e.getKey(), 0L) - changesBefore.getOrDefault(e.getKey(), 0L);
              System.out.printf(Locale.ROOT, "  %.2f per run, rows %.2f, +trigger %.2f: %s%n", (double) e.getValue() / n,
                  (double) own / n, Math.max(0, all - own) / (double) n, e.getKey().replaceAll("\\s+", " "));
            });
      }
    } finally {
      w9.teardown();
    }
  }

  /** Runs {@code total} operations over {@code clients} threads; records each one's latency when asked. */
  private static void drive(W9Server w9, int clients, int total, long[] latencies) throws InterruptedException {
    AtomicInteger next = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CountDownLatch done = new CountDownLatch(clients);
    for (int c = 0; c < clients; c++) {
      Thread t = new Thread(() -> {
        long allocated = THREADS.getCurrentThreadAllocatedBytes();
        try {
          for (int i; (i = next.getAndIncrement()) < total && failure.get() == null; ) {
            long t0 = System.nanoTime();
            w9.createThreadAndWait();
            if (latencies != null) {
              latencies[i] = System.nanoTime() - t0;
            }
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        } finally {
          CLIENT_THREAD_BYTES.add(THREADS.getCurrentThreadAllocatedBytes() - allocated);
          done.countDown();
        }
      }, "w9-client-" + c);
      t.start();
    }
    done.await();
    if (failure.get() != null) {
      throw new IllegalStateException("a W9 client failed: " + failure.get(), failure.get());
    }
  }

  /** Process CPU time, bytes allocated by server and client threads, and the process's I/O counters. */
  private record Sample(long cpuNanos, long serverBytes, long clientBytes, long[] io) {
    static Sample take() throws java.io.IOException {
      var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      var threads = THREADS;
      long server = 0;
      long client = CLIENT_THREAD_BYTES.sum();
      for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
        if (info == null) {
          continue;
        }
        long bytes = threads.getThreadAllocatedBytes(info.getThreadId());
        if (bytes < 0) {
          continue;
        }
        if (info.getThreadName().startsWith("w9-client-")) {
          continue; // counted as they end
        }
        // The client: the probe's threads and the JDK HttpClient's own (its selector and workers).
        if (info.getThreadName().startsWith("HttpClient-")) {
          client += bytes;
        } else {
          server += bytes;
        }
      }
      return new Sample(os.getProcessCpuTime(), server, client, procIo());
    }

    /** rchar, wchar, syscr, syscw of /proc/self/io (zeros where it does not exist). */
    private static long[] procIo() throws java.io.IOException {
      long[] out = new long[4];
      Path p = Path.of("/proc/self/io");
      if (!Files.exists(p)) {
        return out;
      }
      for (String line : Files.readAllLines(p)) {
        String[] kv = line.split(":\\s*");
        int i = switch (kv[0]) {
          case "rchar" -> 0;
          case "wchar" -> 1;
          case "syscr" -> 2;
          case "syscw" -> 3;
          default -> -1;
        };
        if (i >= 0) {
          out[i] = Long.parseLong(kv[1].trim());
        }
      }
      return out;
    }
  }
}
