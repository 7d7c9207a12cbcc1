package dev.trellis.pipeline;

import dev.trellis.graph.error.InvalidGraphException;
import dev.trellis.policy.Sleeper;
import dev.trellis.runtime.StreamWriter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A phased tool pipeline for use inside a node (seed 000): tools declare dependencies by
 * name, the pipeline sorts them into phases (Kahn), runs each phase's tools in parallel on
 * virtual threads, and aggregates their outputs into a {@link Bundle}.
 *
 * <p>Per tool: arguments merge defaults &lt; injected outputs of earlier tools &lt; caller
 * overrides; each attempt is bounded by the tool's timeout; only retryable failures
 * ({@link ToolFailures}) are retried, with doubling backoff; an optional tool's failure
 * degrades the bundle, a required tool's failure fails it (later phases do not run).
 * Skip gates: when the session's last output of a tool had completeness at or above the
 * threshold (default 0.4) <em>and</em> was computed from the same input (content hash of
 * the merged arguments), the tool is not called and its previous output is reused. Events
 * ({@code phase_start}, {@code tool_start}, {@code tool_end}, {@code tool_skipped},
 * {@code tool_retry}, {@code tool_failed}) go to the given writer — the node's custom stream.
 *
 * <p>Immutable and thread-safe once built; build errors name the tool, the unknown
 * dependency or the cycle.
 */
public final class ToolPipeline {
  public static final double DEFAULT_SKIP_THRESHOLD = 0.4;

  private final Map<String, ToolSpec> specs;
  private final Map<String, Tool> tools;
  private final List<List<String>> phases;
  private final double threshold;
  private final SkipStore store;
  private final Sleeper sleeper;

  private ToolPipeline(Builder b) {
    this.specs = Map.copyOf(b.specs);
    this.tools = Map.copyOf(b.tools);
    this.threshold = b.threshold;
    this.store = b.store;
    this.sleeper = b.sleeper;
    this.phases = phases(b.specs);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The phases, in order; tools within a phase run in parallel (sorted by name). */
  public List<List<String>> phases() {
    return phases;
  }

  private static List<List<String>> phases(Map<String, ToolSpec> specs) {
    for (ToolSpec s : specs.values()) {
      for (String d : s.dependsOn()) {
        if (!specs.containsKey(d)) {
          throw new InvalidGraphException("UNKNOWN_TOOL", "tool \"" + s.name() + "\" depends on \"" + d
              + "\", which is not in the pipeline (tools: " + String.join(", ", new TreeMap<>(specs).keySet()) + ")");
        }
      }
    }
    Map<String, Set<String>> waiting = new TreeMap<>();
    specs.values().forEach(s -> waiting.put(s.name(), new LinkedHashSet<>(s.dependsOn())));
    List<List<String>> out = new ArrayList<>();
    Set<String> done = new LinkedHashSet<>();
    while (!waiting.isEmpty()) {
      List<String> ready = waiting.entrySet().stream().filter(e -> done.containsAll(e.getValue())).map(Map.Entry::getKey)
          .toList();
      if (ready.isEmpty()) {
        throw new InvalidGraphException("TOOL_CYCLE", "tool dependencies form a cycle: " + cycle(waiting));
      }
      ready.forEach(waiting::remove);
      done.addAll(ready);
      out.add(List.copyOf(ready));
    }
    for (ToolSpec s : specs.values()) {
      for (String in : s.injectInputs()) {
        if (!specs.containsKey(in) || phaseOf(out, in) >= phaseOf(out, s.name())) {
          throw new InvalidGraphException("INVALID_INJECTION", "tool \"" + s.name() + "\" injects the output of \"" + in
              + "\", which does not run in an earlier phase: declare it in dependsOn");
        }
      }
    }
    return List.copyOf(out);
  }

  private static int phaseOf(List<List<String>> phases, String tool) {
    for (int i = 0; i < phases.size(); i++) {
      if (phases.get(i).contains(tool)) {
        return i;
      }
    }
    return Integer.MAX_VALUE;
  }

  private static String cycle(Map<String, Set<String>> waiting) {
    String start = waiting.keySet().iterator().next();
    List<String> path = new ArrayList<>();
    String cur = start;
    while (!path.contains(cur)) {
      path.add(cur);
      cur = waiting.get(cur).stream().filter(waiting::containsKey).findFirst().orElseThrow();
    }
    List<String> loop = new ArrayList<>(path.subList(path.indexOf(cur), path.size()));
    loop.add(cur);
    return String.join(" → ", loop);
  }

  /**
   * Runs the pipeline. {@code session} keys the skip gates (null: no skipping);
   * {@code overrides} holds per-tool caller arguments; {@code events} receives progress.
   */
  public Bundle run(String session, Map<String, Map<String, Object>> overrides, StreamWriter events) {
    Map<String, Object> sections = new ConcurrentHashMap<>();
    Map<String, String> errors = new ConcurrentHashMap<>();
    List<String> missing = java.util.Collections.synchronizedList(new ArrayList<>());
    List<String> skipped = java.util.Collections.synchronizedList(new ArrayList<>());
    boolean failed = false;
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int p = 0; p < phases.size() && !failed; p++) {
        List<String> phase = phases.get(p);
        events.write(Map.of("event", "phase_start", "phase", p + 1, "tools", phase));
        List<Future<Boolean>> running = new ArrayList<>();
        for (String name : phase) {
          running.add(pool.submit(() -> runTool(specs.get(name), session, overrides.getOrDefault(name, Map.of()),
              sections, errors, missing, skipped, events)));
        }
        for (Future<Boolean> f : running) {
          failed |= !join(f);
        }
      }
    }
    Map<String, Object> ordered = new LinkedHashMap<>();
    for (List<String> phase : phases) {
      for (String t : phase) {
        if (sections.containsKey(t)) {
          ordered.put(t, sections.get(t));
        }
      }
    }
    return new Bundle(ordered, sorted(missing), sorted(skipped), errors, failed);
  }

  private static List<String> sorted(List<String> l) {
    synchronized (l) {
      return l.stream().sorted().toList();
    }
  }

  private static boolean join(Future<Boolean> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException e) {
      return false;
    }
  }

  /** Returns false only when a required tool failed. */
  private boolean runTool(ToolSpec spec, String session, Map<String, Object> override, Map<String, Object> sections,
                          Map<String, String> errors, List<String> missing, List<String> skipped, StreamWriter events) {
    String name = spec.name();
    for (String dep : spec.dependsOn()) {
      if (!sections.containsKey(dep)) {
        return fail(spec, "dependency \"" + dep + "\" produced no output", errors, missing, events);
      }
    }
    Map<String, Object> args = new LinkedHashMap<>(spec.defaults());
    for (String in : spec.injectInputs()) {
      args.put(in, sections.get(in));
    }
    args.putAll(override);
    String hash = hash(args);
    if (session != null && store != null) {
      Optional<SkipStore.Entry> last = store.get(session, name);
      if (last.isPresent() && last.get().inputHash().equals(hash) && last.get().completeness() >= threshold) {
        sections.put(name, last.get().output());
        skipped.add(name);
        events.write(Map.of("event", "tool_skipped", "tool", name, "completeness", last.get().completeness()));
        return true;
      }
    }
    events.write(Map.of("event", "tool_start", "tool", name));
    Throwable last = null;
    for (int attempt = 1; attempt <= spec.maxRetries() + 1; attempt++) {
      try {
        ToolOutput out = call(spec, args);
        sections.put(name, out.value());
        events.write(Map.of("event", "tool_end", "tool", name, "attempts", attempt, "completeness", out.completeness()));
        remember(session, name, hash, out, events);
        return true;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return fail(spec, "interrupted", errors, missing, events);
      } catch (Throwable t) {
        last = t;
        if (!ToolFailures.retryable(t) || attempt > spec.maxRetries()) {
          break;
        }
        events.write(Map.of("event", "tool_retry", "tool", name, "attempt", attempt, "error", String.valueOf(t)));
        try {
          sleeper.sleep(spec.backoff().multipliedBy(1L << Math.min(attempt - 1, 20)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return fail(spec, "interrupted", errors, missing, events);
        }
      }
    }
    return fail(spec, String.valueOf(last), errors, missing, events);
  }

  /** Saves skip state; a failing store costs the next turn a re-run, never this turn its result. */
  private void remember(String session, String tool, String hash, ToolOutput out, StreamWriter events) {
    if (session == null || store == null) {
      return;
    }
    try {
      store.put(session, tool, new SkipStore.Entry(hash, out.completeness(), out.value()));
    } catch (RuntimeException e) {
      events.write(Map.of("event", "skip_state_not_saved", "tool", tool, "error", String.valueOf(e)));
    }
  }

  private ToolOutput call(ToolSpec spec, Map<String, Object> args) throws Exception {
    Tool tool = tools.get(spec.name());
    if (spec.timeout() == null) {
      return tool.call(Map.copyOf(args));
    }
    try (ExecutorService one = Executors.newVirtualThreadPerTaskExecutor()) {
      Future<ToolOutput> f = one.submit(() -> tool.call(Map.copyOf(args)));
      try {
        return f.get(spec.timeout().toNanos(), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        f.cancel(true);
        throw new TimeoutException("tool \"" + spec.name() + "\" exceeded its timeout of " + spec.timeout());
      } catch (ExecutionException e) {
        throw e.getCause() instanceof Exception ex ? ex : e;
      }
    }
  }

  private static boolean fail(ToolSpec spec, String error, Map<String, String> errors, List<String> missing,
                              StreamWriter events) {
    errors.put(spec.name(), error);
    events.write(Map.of("event", "tool_failed", "tool", spec.name(), "optional", spec.optional(), "error", error));
    if (spec.optional()) {
      missing.add(spec.name());
      return true;
    }
    return false;
  }

  private static String hash(Map<String, Object> args) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(String.valueOf(new TreeMap<>(args)).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Builds a pipeline; not thread-safe. */
  public static final class Builder {
    private final Map<String, ToolSpec> specs = new LinkedHashMap<>();
    private final Map<String, Tool> tools = new LinkedHashMap<>();
    private double threshold = DEFAULT_SKIP_THRESHOLD;
    private SkipStore store = new InMemorySkipStore();
    private Sleeper sleeper = Sleeper.SYSTEM;

    public Builder tool(ToolSpec spec, Tool tool) {
      if (specs.putIfAbsent(spec.name(), spec) != null) {
        throw new InvalidGraphException("DUPLICATE_TOOL", "tool \"" + spec.name() + "\" is declared twice");
      }
      tools.put(spec.name(), java.util.Objects.requireNonNull(tool, "tool"));
      return this;
    }

    /** The completeness at or above which an unchanged tool is skipped (default 0.4). */
    public Builder skipThreshold(double t) {
      if (t < 0 || t > 1) {
        throw new IllegalArgumentException("skip threshold must be within 0..1, got " + t);
      }
      threshold = t;
      return this;
    }

    /** Where skip state lives; share one store across workers to share skips. Null disables skipping. */
    public Builder skipStore(SkipStore s) {
      store = s;
      return this;
    }

    public Builder sleeper(Sleeper s) {
      sleeper = s;
      return this;
    }

    public ToolPipeline build() {
      return new ToolPipeline(this);
    }
  }
}
