package dev.trellis.apps.neura;

import dev.trellis.graph.CompileOptions;
import dev.trellis.pipeline.SkipStore;
import dev.trellis.pipeline.Tool;
import dev.trellis.server.TrellisServer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Neura skip-gate measurement: runs the {@link Workload} through the HTTP API twice —
 * with skip gates (skip state in the server's Store) and without — and reports the share of
 * tool executions skipped after turn 3, tool calls saved, and per-turn latency percentiles.
 * {@code toolLatencyMs} adds a fixed wait to every tool call, standing in for the network
 * services the production tools call (the bundled tools are local SQLite reads).
 */
public final class NeuraBench {
  static final List<String> TOOLS = List.of("client_signal", "provider_genome", "patient_context", "therapeutic_fit",
      "session_narrative");

  record Result(long toolRuns, long toolSkipsAfter3, long toolSlotsAfter3, long toolRunsTotal, List<Long> latenciesMicros) {
    double skipShareAfter3() {
      return toolSlotsAfter3 == 0 ? 0 : (double) toolSkipsAfter3 / toolSlotsAfter3;
    }

    long percentile(double p) {
      List<Long> sorted = latenciesMicros.stream().sorted().toList();
      return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
    }
  }

  static NeuraDeps slowed(NeuraDeps deps, long toolLatencyMs) {
    NeuraDeps d = deps;
    for (String name : TOOLS) {
      Tool inner = deps.tools().get(name);
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

  @SuppressWarnings("unchecked")
  static Result run(Http http, String assistant, List<List<Workload.Turn>> sessions) {
    long runs = 0, skipsAfter3 = 0, slotsAfter3 = 0;
    List<Long> lat = new ArrayList<>();
    for (List<Workload.Turn> session : sessions) {
      for (Workload.Turn t : session) {
        long start = System.nanoTime();
        Map<String, Object> s = http.turn(assistant, assistant + ":" + t.input().get("turn_id"), t.input());
        lat.add((System.nanoTime() - start) / 1000);
        Map<String, Object> bundle = (Map<String, Object>) s.get("bundle");
        if (bundle == null) {
          continue;
        }
        int skipped = ((List<String>) bundle.get("skipped")).size();
        runs += TOOLS.size() - skipped;
        if (t.index() >= 3) {
          skipsAfter3 += skipped;
          slotsAfter3 += TOOLS.size();
        }
      }
    }
    return new Result(runs, skipsAfter3, slotsAfter3, runs, lat);
  }

  public static Map<String, Object> measure(long seed, int sessions, int turns, long toolLatencyMs) throws Exception {
    NeuraDeps base = slowed(NeuraDeps.bundled(), toolLatencyMs);
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(Files.createTempDirectory("neura-bench").resolve("bench.db"))
        .graph("neura", (saver, store) -> NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store), base))
        .graph("neura_noskip", (saver, store) ->
            NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store), base.withSkipStore(NO_SKIPS)))
        .start()) {
      Http http = new Http(server.port());
      List<List<Workload.Turn>> work = Workload.generate(seed, sessions, turns);
      Result gated = run(http, "neura", work);
      Result ungated = run(http, "neura_noskip", work);
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("sessions", sessions);
      report.put("turns_per_session", turns);
      report.put("seed", seed);
      report.put("tool_latency_ms", toolLatencyMs);
      report.put("skip_share_after_turn_3", Math.round(gated.skipShareAfter3() * 1000) / 10.0 + " %");
      report.put("tool_calls_with_gates", gated.toolRuns());
      report.put("tool_calls_without_gates", ungated.toolRuns());
      report.put("tool_calls_saved", ungated.toolRuns() - gated.toolRuns());
      report.put("turn_latency_ms_with_gates_p50/p90/p99", ms(gated));
      report.put("turn_latency_ms_without_gates_p50/p90/p99", ms(ungated));
      return report;
    }
  }

  private static String ms(Result r) {
    return String.format("%.1f / %.1f / %.1f", r.percentile(0.5) / 1000.0, r.percentile(0.9) / 1000.0,
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
