package dev.trellis.apps.neura;

import dev.trellis.graph.CompileOptions;
import dev.trellis.pipeline.PipelineTool;
import dev.trellis.pipeline.SkipStore;
import dev.trellis.server.TrellisServer;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Neura skip-gate measurement: runs the {@link Workload} through the HTTP API on two
 * assistants, turn by turn alternately — with skip gates (skip state in the server's Store)
 * and without (a skip store that remembers nothing) — after 5 warm-up sessions, and reports the share of
 * tool executions skipped after turn 3, tool calls saved, and per-turn latency percentiles.
 * {@code toolLatencyMs} adds a fixed wait to every tool call, standing in for the network
 * services the production tools call (the bundled tools are local SQLite reads).
 */
public final class NeuraBench {
  static final List<String> TOOLS = List.of("client_signal", "provider_genome", "patient_context", "therapeutic_fit",
      "session_narrative");

  record Result(long toolRuns, long toolSkipsAfter3, long toolSlotsAfter3, Map<String, Long> skipsByTool,
                List<Long> latenciesMicros) {
    double skipShareAfter3() {
      return toolSlotsAfter3 == 0 ? 0 : (double) toolSkipsAfter3 / toolSlotsAfter3;
    }

    double meanMicros() {
      return latenciesMicros.stream().mapToLong(Long::longValue).average().orElse(0);
    }

    long percentile(double p) {
      List<Long> sorted = latenciesMicros.stream().sorted().toList();
      return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
    }
  }

  static NeuraDeps slowed(NeuraDeps deps, long toolLatencyMs) {
    NeuraDeps d = deps;
    for (String name : TOOLS) {
      PipelineTool inner = deps.tools().get(name);
      d = d.withTool(name, args -> {
        if (toolLatencyMs > 0) {
          Thread.sleep(toolLatencyMs);
        }
        return inner.call(args);
      });
    }
    return d;
  }

  /** A skip store that remembers nothing: every tool runs. */
  static final SkipStore NO_SKIPS = new SkipStore() {
    @Override
    public Optional<Entry> get(String session, String tool) {
      return Optional.empty();
    }

    @Override
    public void put(String session, String tool, Entry entry) {
    }
  };

  /** Counts one turn's tool runs and skips into {@code into} ({runs, skipsAfter3, slotsAfter3}) and {@code byTool}. */
  @SuppressWarnings("unchecked")
  private static void count(Map<String, Object> state, Workload.Turn t, long[] into, Map<String, Long> byTool) {
    Map<String, Object> bundle = (Map<String, Object>) state.get("bundle");
    if (bundle == null) {
      return; // a hijacked turn assembles nothing
    }
    List<String> skippedTools = (List<String>) bundle.get("skipped");
    skippedTools.forEach(tool -> byTool.merge(tool, 1L, Long::sum));
    int skipped = skippedTools.size();
    into[0] += TOOLS.size() - skipped;
    if (t.index() >= 3) {
      into[1] += skipped;
      into[2] += TOOLS.size();
    }
  }

  /**
   * Runs every turn on both assistants, alternating turn by turn (so JIT warm-up and machine
   * load fall on both alike), and returns {gated, ungated}.
   */
  static Result[] run(Http http, String gated, String ungated, List<List<Workload.Turn>> sessions) {
    long[][] counts = new long[2][3];
    List<List<Long>> lat = List.of(new ArrayList<>(), new ArrayList<>());
    List<Map<String, Long>> byTool = List.of(new LinkedHashMap<>(), new LinkedHashMap<>());
    String[] assistants = {gated, ungated};
    for (List<Workload.Turn> session : sessions) {
      for (Workload.Turn t : session) {
        for (int a = 0; a < 2; a++) {
          long start = System.nanoTime();
          Map<String, Object> s = http.turn(assistants[a], assistants[a] + ":" + t.input().get("turn_id"), t.input());
          lat.get(a).add((System.nanoTime() - start) / 1000);
          count(s, t, counts[a], byTool.get(a));
        }
      }
    }
    Result[] out = new Result[2];
    for (int a = 0; a < 2; a++) {
      out[a] = new Result(counts[a][0], counts[a][1], counts[a][2], byTool.get(a), lat.get(a));
    }
    return out;
  }

  public static Map<String, Object> measure(long seed, int sessions, int turns, long toolLatencyMs) throws Exception {
    NeuraDeps base = slowed(NeuraDeps.bundled(), toolLatencyMs);
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(Files.createTempDirectory("neura-bench").resolve("bench.db"))
        .graph("neura", (saver, store) -> NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store), base))
        .graph("neura_noskip", (saver, store) ->
            NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store), base.withSkipStore(NO_SKIPS)))
        .graph("warmup", (saver, store) -> NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store), base))
        .graph("warmup_noskip", (saver, store) ->
            NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store), base.withSkipStore(NO_SKIPS)))
        .start()) {
      Http http = new Http(server.port());
      run(http, "warmup", "warmup_noskip", Workload.generate(seed + 1, 5, turns, "warm")); // not counted
      double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
      Result[] r = run(http, "neura", "neura_noskip", Workload.generate(seed, sessions, turns));
      double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
      Result gated = r[0];
      Result ungated = r[1];
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("sessions", sessions);
      report.put("turns_per_session", turns);
      report.put("seed", seed);
      report.put("tool_latency_ms", toolLatencyMs);
      report.put("machine", Runtime.getRuntime().availableProcessors() + " cores, load average (1 min) "
          + String.format("%.2f before, %.2f after", loadBefore, loadAfter));
      report.put("skip_share_after_turn_3", Math.round(gated.skipShareAfter3() * 1000) / 10.0 + " %");
      report.put("tool_calls_with_gates", gated.toolRuns());
      report.put("tool_calls_without_gates", ungated.toolRuns());
      report.put("tool_calls_saved", ungated.toolRuns() - gated.toolRuns());
      Map<String, Long> byTool = new LinkedHashMap<>();
      TOOLS.forEach(tool -> byTool.put(tool, gated.skipsByTool().getOrDefault(tool, 0L)));
      report.put("turns_skipping_each_tool", byTool);
      report.put("turn_latency_ms_with_gates_mean/p50/p90/p99", ms(gated));
      report.put("turn_latency_ms_without_gates_mean/p50/p90/p99", ms(ungated));
      return report;
    }
  }

  private static String ms(Result r) {
    return String.format("%.1f / %.1f / %.1f / %.1f", r.meanMicros() / 1000.0, r.percentile(0.5) / 1000.0,
        r.percentile(0.9) / 1000.0,
        r.percentile(0.99) / 1000.0);
  }

  public static void main(String[] args) throws Exception {
    long seed = Long.getLong("neura.seed", 7);
    int sessions = Integer.getInteger("neura.sessions", 50);
    int turns = Integer.getInteger("neura.turns", 10);
    long latency = Long.getLong("neura.toolLatencyMs", 20);
    measure(seed, sessions, turns, latency).forEach((k, v) -> System.out.println(k + ": " + v));
  }
}
