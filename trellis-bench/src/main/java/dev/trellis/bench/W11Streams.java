package dev.trellis.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * W11: {@code STREAMS} (default 1,000) event streams held open on one server process. Starts
 * {@link W11Server} as a child process, creates one thread per stream and opens the thread's
 * stream ({@code GET /threads/{id}/stream}, the SDKs' {@code joinStream}) with the JDK
 * HttpClient; measures the server's heap after GC (and resident size) before and after, then
 * starts one {@code ticker} run on every thread (the server executes them as its worker slots
 * allow) and measures how long each custom event took from the node's write to the client
 * (both clocks are this machine's). Prints {@code trellis W11 bytes_per_stream},
 * {@code rss_bytes_per_stream}, {@code p50_ms}, {@code p99_ms}, {@code max_ms}.
 * Usage: {@code java -cp benchmarks.jar dev.trellis.bench.W11Streams [STREAMS]}.
 */
public final class W11Streams {
  private static final Pattern SENT = Pattern.compile("\"sent_us\"\\s*:\\s*(\\d+)");
  private static final Pattern THREAD_ID = Pattern.compile("\"thread_id\"\\s*:\\s*\"([^\"]+)\"");

  private W11Streams() {}

  public static void main(String[] args) throws Exception {
    int streams = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
    String java = ProcessHandle.current().info().command().orElse("java");
    Process server = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        "dev.trellis.bench.W11Server").redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
      PrintStream in = new PrintStream(server.getOutputStream(), true, StandardCharsets.UTF_8);
      String base = "http://127.0.0.1:" + out.readLine().substring("port ".length());
      run(base, streams, out, in);
    } finally {
      server.getOutputStream().close();
      if (!server.waitFor(20, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  private static long[] heap(BufferedReader out, PrintStream in) throws IOException {
    in.println("heap");
    String[] parts = out.readLine().split(" ");
    return new long[] {Long.parseLong(parts[1]), Long.parseLong(parts[2])};
  }

  private static void run(String base, int streams, BufferedReader out, PrintStream in) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
    List<String> threads = new ArrayList<>();
    for (int i = 0; i < streams; i++) {
      Matcher m = THREAD_ID.matcher(post(http, base + "/threads", "{}"));
      if (!m.find()) {
        throw new IllegalStateException("no thread_id in the reply");
      }
      threads.add(m.group(1));
    }
    long[] before = heap(out, in);
    ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
    AtomicInteger received = new AtomicInteger();
    CountDownLatch open = new CountDownLatch(streams);
    List<InputStream> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();
    for (String tid : threads) {
      Thread.ofVirtual().start(() -> read(http, base + "/threads/" + tid + "/stream", open, bodies, latencies, received));
    }
    if (!open.await(120, TimeUnit.SECONDS)) {
      throw new IllegalStateException("only " + (streams - open.getCount()) + " of " + streams + " streams opened");
    }
    Thread.sleep(1_000);
    long[] idle = heap(out, in);
    long t0 = System.nanoTime();
    String body = "{\"assistant_id\":\"ticker\",\"input\":{},\"stream_mode\":[\"custom\"]}";
    try (var pool = Executors.newFixedThreadPool(8)) {
      for (String tid : threads) {
        pool.submit(() -> post(http, base + "/threads/" + tid + "/runs", body));
      }
    }
    int expected = streams * W11Server.EVENTS;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
    while (received.get() < expected && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    for (InputStream b : bodies) {
      b.close();
    }
    long[] lat = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
    if (lat.length < expected) {
      System.err.println("W11: only " + lat.length + " of " + expected + " events arrived");
    }
    PrintStream o = System.out;
    o.printf(Locale.ROOT, "trellis W11 bytes_per_stream %.0f B%n", (idle[0] - before[0]) / (double) streams);
    o.printf(Locale.ROOT, "trellis W11 rss_bytes_per_stream %.0f B%n", (idle[1] - before[1]) / (double) streams);
    o.printf(Locale.ROOT, "trellis W11 p50_ms %.2f ms%n", pct(lat, 50) / 1e3);
    o.printf(Locale.ROOT, "trellis W11 p99_ms %.2f ms%n", pct(lat, 99) / 1e3);
    o.printf(Locale.ROOT, "trellis W11 max_ms %.2f ms%n", lat.length == 0 ? 0 : lat[lat.length - 1] / 1e3);
    o.printf(Locale.ROOT, "trellis W11 events_per_s %.0f ops/s%n", lat.length / seconds);
  }

  private static double pct(long[] sorted, int p) {
    return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
  }

  private static String post(HttpClient http, String url, String body) throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException(url + " answered " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }

  /** Holds one thread stream open, recording each custom event's delivery latency in µs until the body is closed. */
  private static void read(HttpClient http, String url, CountDownLatch open, List<InputStream> bodies,
      ConcurrentLinkedQueue<Long> latencies, AtomicInteger received) {
    try {
      HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(10))
          .header("Accept", "text/event-stream").GET().build(), HttpResponse.BodyHandlers.ofInputStream());
      bodies.add(r.body());
      open.countDown();
      BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.startsWith("data: ")) {
          Matcher m = SENT.matcher(line);
          if (m.find()) {
            Instant now = Instant.now();
            latencies.add(now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000 - Long.parseLong(m.group(1)));
            received.incrementAndGet();
          }
        }
      }
    } catch (IOException | InterruptedException e) {
      // the body was closed at the end of the measurement
    }
  }
}
