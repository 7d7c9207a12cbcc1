package dev.trellis.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.cache.InMemoryCache;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.AmbiguousResumeException;
import dev.trellis.error.EmptyInputException;
import dev.trellis.error.GraphRecursionException;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.error.NodeException;
import dev.trellis.graph.Command;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Durability;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Interrupt;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs a conformance scenario (FORMAT.md v1) on Trellis and returns the observed result
 * in the shape of {@code expect}: one map per run with events, final, next, interrupts,
 * error and history.
 */
public final class ScenarioRunner {
  /** LangGraph Python's default recursion limit, used when a run does not set one. */
  static final int PYTHON_DEFAULT_RECURSION_LIMIT = 10007;

  private ScenarioRunner() {}

  /**
   * The graph of a scenario file (channels, nodes made of ops, edges, routes) as a builder,
   * e.g. to serve it: {@code trellis serve} registers each example this way.
   */
  public static StateGraph graph(JsonNode scenario) {
    return new ScenarioGraph().build(scenario, "");
  }

  public static List<Map<String, Object>> run(JsonNode scenario) {
    return run(scenario, InMemorySaver::new);
  }

  /** Runs the scenario with threaded runs persisted by a saver from {@code savers} (one per scenario). */
  public static List<Map<String, Object>> run(JsonNode scenario, java.util.function.Supplier<CheckpointSaver> savers) {
    return run(scenario, savers, Durability.ASYNC);
  }

  /** As above, with threaded runs saved in the given durability mode. */
  public static List<Map<String, Object>> run(JsonNode scenario, java.util.function.Supplier<CheckpointSaver> savers,
                                              Durability durability) {
    ScenarioGraph graphs = new ScenarioGraph();
    CompiledGraph threaded;
    CompiledGraph plain;
    try {
      StateGraph builder = graphs.build(scenario, "");
      InMemoryCache cache = new InMemoryCache();
      // Scenarios follow LangGraph's rules, which accept nodes reached only by run-level gotos.
      CompileOptions options = CompileOptions.DEFAULT.withCache(cache).withUnreachableAllowed(true);
      threaded = builder.compile(options.withCheckpointer(savers.get()));
      plain = builder.compile(options);
    } catch (InvalidGraphException e) {
      List<Map<String, Object>> out = new ArrayList<>();
      for (int i = 0; i < scenario.path("runs").size(); i++) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("events", List.of());
        r.put("error", "InvalidGraph");
        out.add(r);
      }
      return out;
    }
    List<Map<String, Object>> results = new ArrayList<>();
    for (JsonNode run : scenario.path("runs")) {
      results.add(runOne(run, threaded, plain, durability));
    }
    return results;
  }

  private static Map<String, Object> runOne(JsonNode run, CompiledGraph threaded, CompiledGraph plain,
                                            Durability durability) {
    Map<String, Object> result = new LinkedHashMap<>();
    List<Object> events = new ArrayList<>();
    result.put("events", events);
    String thread = run.hasNonNull("thread") ? run.get("thread").asText() : null;
    CompiledGraph graph = thread != null ? threaded : plain;
    RunConfig config = RunConfig.DEFAULT.withDurability(durability)
        .withRecursionLimit(run.path("recursion_limit").asInt(PYTHON_DEFAULT_RECURSION_LIMIT));
    if (thread != null) {
      config = config.withThread(thread);
      if (run.has("from_checkpoint")) {
        List<StateSnapshot> history = graph.getStateHistory(config);
        int index = run.get("from_checkpoint").asInt();
        if (index < history.size()) {
          config = config.withCheckpointId(history.get(index).config().checkpointId());
        } else {
          // e.g. under EXIT durability, which saves one checkpoint per run instead of one per step
          result.put("error", "NoCheckpoint");
        }
      }
    }
    if (run.has("interrupt_before")) {
      config = config.withInterruptBefore(strings(run.get("interrupt_before")).toArray(String[]::new));
    }
    if (run.has("interrupt_after")) {
      config = config.withInterruptAfter(strings(run.get("interrupt_after")).toArray(String[]::new));
    }
    if (result.containsKey("error")) {
      // the run could not start; the thread's state is still reported below
    } else if (run.has("update_state")) {
      JsonNode upd = run.get("update_state");
      @SuppressWarnings("unchecked")
      Map<String, Object> values = (Map<String, Object>) JsonValues.toJava(upd.get("values"));
      try {
        graph.updateState(config, values == null ? Map.of() : values,
            upd.hasNonNull("as_node") ? upd.get("as_node").asText() : null);
      } catch (RuntimeException e) {
        // an update LangGraph refuses (e.g. ambiguous without as_node) is this run's error
        result.put("error", errorName(e));
      }
    } else {
      Object input = input(run);
      Set<StreamMode> requested = modes(run);
      Set<StreamMode> modes = EnumSet.copyOf(requested);
      modes.add(StreamMode.VALUES);
      Map<String, Object> lastValues = null;
      try (GraphStream stream = graph.stream(input, config, modes, false)) {
        for (StreamPart part : stream) {
          if (part instanceof StreamPart.Values v) {
            lastValues = v.values();
          }
          if (requested.contains(part.mode())) {
            events.add(event(part));
          }
        }
      } catch (RuntimeException e) {
        result.put("error", errorName(e));
      }
      if (thread == null && lastValues != null) {
        result.put("final", lastValues);
      }
    }
    if (thread != null) {
      RunConfig stateConfig = RunConfig.thread(thread);
      StateSnapshot state;
      try {
        state = graph.getState(stateConfig);
      } catch (RuntimeException e) {
        result.put("state_error", errorName(e));
        return result;
      }
      result.put("final", state.values());
      result.put("next", state.next().stream().sorted().toList());
      result.put("interrupts", interrupts(state.interrupts()));
      if (run.path("history").asBoolean(false)) {
        List<Object> history = new ArrayList<>();
        for (StateSnapshot s : graph.getStateHistory(stateConfig)) {
          Map<String, Object> h = new LinkedHashMap<>();
          h.put("step", s.metadata().step());
          h.put("source", s.metadata().source());
          h.put("next", s.next().stream().sorted().toList());
          history.add(h);
        }
        result.put("history", history);
      }
    }
    return result;
  }

  private static Object input(JsonNode run) {
    if (run.has("command")) {
      JsonNode c = run.get("command");
      @SuppressWarnings("unchecked")
      Map<String, Object> update = c.has("update") ? (Map<String, Object>) JsonValues.toJava(c.get("update")) : Map.of();
      List<Object> gotos = new ArrayList<>();
      if (c.has("goto")) {
        Object g = JsonValues.toJava(c.get("goto"));
        if (g instanceof List<?> l) {
          gotos.addAll(l);
        } else {
          gotos.add(g);
        }
      }
      return new Command(Update.of(update), gotos, c.has("resume") ? JsonValues.toJava(c.get("resume")) : null, false);
    }
    return JsonValues.toJava(run.get("input"));
  }

  private static Set<StreamMode> modes(JsonNode run) {
    Set<StreamMode> modes = EnumSet.noneOf(StreamMode.class);
    JsonNode m = run.get("stream_mode");
    if (m == null) {
      modes.add(StreamMode.VALUES);
      modes.add(StreamMode.UPDATES);
    } else {
      for (String s : strings(m)) {
        modes.add(StreamMode.valueOf(s.toUpperCase(java.util.Locale.ROOT)));
      }
    }
    return modes;
  }

  private static List<String> strings(JsonNode n) {
    List<String> out = new ArrayList<>();
    if (n.isArray()) {
      n.forEach(x -> out.add(x.asText()));
    } else {
      out.add(n.asText());
    }
    return out;
  }

  private static List<Object> event(StreamPart part) {
    return switch (part) {
      case StreamPart.Values v -> List.of("values", v.values());
      case StreamPart.Updates u -> {
        Map<String, Object> chunk = new LinkedHashMap<>();
        chunk.put(u.node(), u.update());
        if (u.cached()) {
          chunk.put("__metadata__", Map.of("cached", true));
        }
        yield List.of("updates", chunk);
      }
      case StreamPart.Interrupted i -> List.of("updates", Map.of("__interrupt__", interrupts(i.interrupts())));
      case StreamPart.Custom c -> java.util.Arrays.asList("custom", c.value());
      default -> List.of(part.mode().wireName(), String.valueOf(part));
    };
  }

  private static List<Object> interrupts(List<Interrupt> interrupts) {
    List<Object> out = new ArrayList<>();
    for (Interrupt i : interrupts) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("value", i.value());
      out.add(m);
    }
    return out;
  }

  static String errorName(Throwable e) {
    return switch (e) {
      case GraphRecursionException x -> "GraphRecursion";
      case InvalidUpdateException x -> "InvalidUpdate";
      case EmptyInputException x -> "EmptyInput";
      case AmbiguousResumeException x -> "AmbiguousResume";
      case InvalidGraphException x -> "InvalidGraph";
      case NodeException x -> "NodeError";
      default -> "Unexpected:" + e;
    };
  }
}
