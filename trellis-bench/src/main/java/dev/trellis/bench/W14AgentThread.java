package dev.trellis.bench;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.server.TrellisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * W14: an agent thread driven to 10,000 messages in 100 runs through the real server. The
 * agent ({@code create_agent}'s loop: model, then one task per tool call, each a {@code Send}
 * carrying the state) has a scripted model that asks for 13 tool calls 7 times and then answers,
 * so a run adds 100 messages: the user's, 7 × (one AI message and 13 tool answers), the answer.
 * Each run is {@code POST /threads/{id}/runs/wait}; its time is taken at the client and the
 * bytes it adds to the server's rows ({@link ServerThreads#storedBytes}) are read after it.
 * Prints {@code ms_per_run_N} (median of the 5 runs ending at N: the request sent, the whole
 * answer read and parsed into maps, as a client of the API does), {@code answer_ms_per_run_N}
 * (likewise, to the answer's last byte, without the client's parse: what the server costs
 * plus the transfer), {@code jit_ms_per_run_N} (the mean time the JIT compilers spent during
 * those runs, server and client together: run 10 is still partly cold), {@code bytes_per_run_N}
 * (likewise), {@code saver_bytes_per_run_N} (the checkpoint saver's rows alone, without run rows
 * and, on PostgreSQL, the run events kept for joining streams) and {@code new_message_bytes_N} (the JSON bytes of the run's new messages in the
 * answer) for N = 10, 100, and {@code stored_bytes_100}.
 * Usage: {@code java -cp benchmarks.jar dev.trellis.bench.W14AgentThread [sqlite|postgres] [RUNS]}.
 */
public final class W14AgentThread {
  static final int ROUNDS = 7;
  static final int CALLS = 13;

  /** The JIT compilers' elapsed time (server and client share this JVM): how warm the runs near N are. */
  private static final java.lang.management.CompilationMXBean JIT = java.lang.management.ManagementFactory.getCompilationMXBean();

  private W14AgentThread() {}

  private static double mean(double[] values, int from, int to) {
    double sum = 0;
    for (int i = from; i <= to; i++) {
      sum += values[i];
    }
    return sum / (to - from + 1);
  }

  static ChatModel model() {
    return request -> {
      List<Message> m = request.messages();
      int lastHuman = 0;
      for (int i = m.size() - 1; i >= 0; i--) {
        if (m.get(i) instanceof Message.Human) {
          lastHuman = i;
          break;
        }
      }
      long asked = m.subList(lastHuman, m.size()).stream().filter(x -> x instanceof Message.Ai).count();
      if (asked >= ROUNDS) {
        return new Message.Ai(null, "All " + ROUNDS * CALLS + " lookups are done; here is the summary.", List.of(), null);
      }
      List<Message.ToolCall> calls = new ArrayList<>();
      for (int i = 0; i < CALLS; i++) {
        calls.add(new Message.ToolCall("call-" + m.size() + "-" + i, "lookup", Map.of("key", "item " + i)));
      }
      return new Message.Ai(null, "", calls, null);
    };
  }

  static void graphs(TrellisServer.Builder b) {
    Tool lookup = Tool.of(new ToolSpec("lookup", "looks a key up",
        Map.of("type", "object", "properties", Map.of("key", Map.of("type", "string")))),
        (args, ctx) -> "the value of " + args.get("key") + " is a short sentence of about sixty characters");
    b.graph("agent", (saver, store) -> Agent.builder(model()).tools(lookup)
        .compile(dev.trellis.graph.CompileOptions.checkpointer(saver).withStore(store).withName("agent")));
  }

  public static void main(String[] args) throws Exception {
    String db = args.length > 0 ? args[0] : "sqlite";
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    Path dir = Files.createTempDirectory("w14");
    String pg = System.getenv("TRELLIS_PG_URL");
    if (db.equals("postgres") && pg == null) {
      throw new IllegalArgumentException("set TRELLIS_PG_URL for W14 on PostgreSQL");
    }
    double[] ms = new double[runs + 1];
    double[] answerMs = new double[runs + 1];
    double[] jitMs = new double[runs + 1];
    double[] bytes = new double[runs + 1];
    double[] newBytes = new double[runs + 1];
    double[] saverBytes = new double[runs + 1];
    long total;
    try (ServerThreads s = db.equals("postgres") ? ServerThreads.postgres(pg, W14AgentThread::graphs)
        : ServerThreads.sqlite(dir.resolve("w14.db"), W14AgentThread::graphs)) {
      String thread = s.newThread();
      long before = s.storedBytes();
      long first = before;
      long saverBefore = s.checkpointBytes();
      int had = 0;
      for (int run = 1; run <= runs; run++) {
        Map<String, Object> body = Map.of("assistant_id", "agent", "input",
            Map.of("messages", List.of(Map.of("role", "user", "content", "question " + run + ": look the items up"))));
        long jit0 = JIT.getTotalCompilationTime();
        long t0 = System.nanoTime();
        byte[] bytesIn = s.exchange("POST", "/threads/" + thread + "/runs/wait", body);
        long t1 = System.nanoTime();
        Object answer = ServerThreads.parse(bytesIn);
        ms[run] = (System.nanoTime() - t0) / 1e6;
        answerMs[run] = (t1 - t0) / 1e6;
        jitMs[run] = JIT.getTotalCompilationTime() - jit0;
        List<?> messages = ServerThreads.list(answer, "messages");
        newBytes[run] = ServerThreads.JSON.writeValueAsBytes(messages.subList(had, messages.size())).length;
        had = messages.size();
        long now = s.storedBytes();
        bytes[run] = now - before;
        before = now;
        long saverNow = s.checkpointBytes();
        saverBytes[run] = saverNow - saverBefore;
        saverBefore = saverNow;
        if (run % 10 == 0) {
          System.err.printf(Locale.ROOT, "run %d: %d messages, %.1f ms (answer %.1f ms), %.0f B%n", run, had, ms[run],
              answerMs[run], bytes[run]);
        }
      }
      total = before - first;
    }
    String engine = db.equals("postgres") ? "trellis-pg" : "trellis";
    for (int n : new int[] {10, runs}) {
      System.out.printf(Locale.ROOT, "%s W14 ms_per_run_%d %.2f ms%n", engine, n, ServerThreads.median(ms, n - 4, n));
      System.out.printf(Locale.ROOT, "%s W14 answer_ms_per_run_%d %.2f ms%n", engine, n, ServerThreads.median(answerMs, n - 4, n));
      System.out.printf(Locale.ROOT, "%s W14 jit_ms_per_run_%d %.2f ms%n", engine, n, mean(jitMs, n - 4, n));
      System.out.printf(Locale.ROOT, "%s W14 bytes_per_run_%d %.0f B%n", engine, n, ServerThreads.median(bytes, n - 4, n));
      System.out.printf(Locale.ROOT, "%s W14 saver_bytes_per_run_%d %.0f B%n", engine, n, ServerThreads.median(saverBytes, n - 4, n));
      System.out.printf(Locale.ROOT, "%s W14 new_message_bytes_%d %.0f B%n", engine, n, ServerThreads.median(newBytes, n - 4, n));
    }
    System.out.printf(Locale.ROOT, "%s W14 stored_bytes_%d %d B%n", engine, runs, total);
  }
}
