package dev.trellis.pipeline;

import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.error.NodeTimeoutException;
import dev.trellis.policy.Attempts;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.policy.Sleeper;
import dev.trellis.policy.TimeoutPolicy;
import dev.trellis.policy.Timer;
import dev.trellis.runtime.StreamWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;

/**
 * A phased tool pipeline for use inside a node (seed 000): tools declare dependencies by
 * name, the pipeline sorts them into phases (Kahn), runs each phase's tools in parallel on
 * virtual threads, and aggregates their outputs into a {@link Bundle}.
 *
 * <p>Per tool: arguments merge defaults &lt; injected inputs &lt; caller overrides. Injection
 * is by output key (the seed's {@code inject_inputs}): the outputs of earlier phases are
 * aggregated into one map — a tool whose output is a map contributes its entries, any other
 * output is aggregated under the tool's name — and a tool listing {@code signal_summary}
 * receives the aggregated {@code signal_summary}; a key no earlier tool produced is left out
 * (an {@code input_missing} event says so). Each tool runs through the policy chain
 * ({@link Attempts}): each attempt is bounded by the tool's timeout; only retryable failures
 * ({@link ToolFailures}, timeouts) are retried, with doubling backoff; an optional tool's failure
 * degrades the bundle, a required tool's failure fails it (later phases do not run).
 * Skip gates: when the session's last output of a tool had completeness at or above the
 * threshold (default 0.4) <em>and</em> was computed from the same input (content hash of
 * the merged arguments), the tool is not called and its previous output is reused. Events
 * ({@code phase_start}, {@code tool_start}, {@code tool_end}, {@code tool_skipped},
 * {@code tool_retry}, {@code tool_failed}, {@code input_missing}) go to the given writer — the node's custom stream;
 * a {@link ToolCallHook} given to the builder runs around each tool call (all its attempts).
 *
 * <p>Immutable and thread-safe once built; build errors name the tool, the unknown
 * dependency or the cycle.
 */
public final class ToolPipeline {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ToolPipeline.class);
  public static final double DEFAULT_SKIP_THRESHOLD = 0.4;

  private final Map<String, PipelineToolSpec> specs;
  private final Map<String, PipelineTool> tools;
  private final List<List<String>> phases;
  private final double threshold;
  private final SkipStore store;
  private final Attempts.Timing timing;
  private final java.time.Clock clock;
  private final java.time.Duration maxSkipAge;
  private final ToolCallHook hook;

  private ToolPipeline(Builder b) {
    this.specs = Map.copyOf(b.specs);
    this.tools = Map.copyOf(b.tools);
    this.threshold = b.threshold;
    this.store = b.store;
    this.timing = new Attempts.Timing(Timer.SYSTEM, b.sleeper, Attempts.Timing.RANDOM);
    this.phases = Phases.of(b.specs);
    this.clock = b.clock;
    this.maxSkipAge = b.maxSkipAge;
    this.hook = b.hook;
  }

  /** Whether skip state recorded as {@code e} may still be reused: always without a maximum skip age. */
  boolean fresh(SkipStore.Entry e) {
    return maxSkipAge == null || clock.millis() - e.recordedAtMillis() <= maxSkipAge.toMillis();
  }

  /** The clock skip state is stamped and aged with. */
  java.time.Clock clock() {
    return clock;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The phases, in order; tools within a phase run in parallel (sorted by name). */
  public List<List<String>> phases() {
    return phases;
  }

  /** The tools in phase order. */
  public List<String> tools() {
    return phases.stream().flatMap(List::stream).toList();
  }

  /** Where this pipeline keeps skip state; null when skipping is off. */
  SkipStore skipStore() {
    return store;
  }

  /**
   * Runs the pipeline. {@code session} keys the skip gates (null: no skipping);
   * {@code overrides} holds per-tool caller arguments; {@code events} receives progress.
   */
  public Bundle run(String session, Map<String, Map<String, Object>> overrides, StreamWriter events) {
    Map<String, Object> sections = new ConcurrentHashMap<>();
    Map<String, Object> aggregated = new LinkedHashMap<>();
    Map<String, String> errors = new ConcurrentHashMap<>();
    List<String> missing = java.util.Collections.synchronizedList(new ArrayList<>());
    List<String> skipped = java.util.Collections.synchronizedList(new ArrayList<>());
    boolean failed = false;
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int p = 0; p < phases.size() && !failed; p++) {
        List<String> phase = phases.get(p);
        events.write(Map.of("event", "phase_start", "phase", p + 1, "tools", phase));
        List<Future<Boolean>> running = new ArrayList<>();
        Map<String, Object> inputs = Map.copyOf(aggregated); // what earlier phases produced; fixed for this phase
        for (String name : phase) {
          running.add(pool.submit(() -> runTool(specs.get(name), session, overrides.getOrDefault(name, Map.of()),
              inputs, sections, errors, missing, skipped, events)));
        }
        for (Future<Boolean> f : running) {
          failed |= !join(f);
        }
        for (String name : phase) {
          aggregate(name, sections.get(name), aggregated);
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

  /** A map output contributes its entries, anything else its value under the tool's name; absent: nothing. */
  private static void aggregate(String tool, Object output, Map<String, Object> aggregated) {
    if (output instanceof Map<?, ?> m) {
      m.forEach((k, v) -> {
        if (v != null) {
          aggregated.put(String.valueOf(k), v);
        }
      });
    } else if (output != null) {
      aggregated.put(tool, output);
    }
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
  private boolean runTool(PipelineToolSpec spec, String session, Map<String, Object> override, Map<String, Object> inputs,
                          Map<String, Object> sections, Map<String, String> errors, List<String> missing, List<String> skipped, StreamWriter events) {
    String name = spec.name();
    for (String dep : spec.dependsOn()) {
      if (!sections.containsKey(dep)) {
        return fail(session, spec, "dependency \"" + dep + "\" produced no output", errors, missing, events);
      }
    }
    Map<String, Object> args = new LinkedHashMap<>(spec.defaults());
    for (String key : spec.injectInputs()) {
      if (inputs.containsKey(key)) {
        args.put(key, inputs.get(key));
      } else {
        events.write(Map.of("event", "input_missing", "tool", name, "key", key));
      }
    }
    args.putAll(override);
    String hash = ContentHash.of(args);
    if (session != null && store != null) {
      Optional<SkipStore.Entry> last = store.get(session, name);
      if (last.isPresent() && last.get().inputHash().equals(hash) && last.get().completeness() >= threshold
          && fresh(last.get())) {
        sections.put(name, last.get().output());
        skipped.add(name);
        events.write(Map.of("event", "tool_skipped", "tool", name, "completeness", last.get().completeness()));
        return true;
      }
    }
    events.write(Map.of("event", "tool_start", "tool", name));
    Attempts chain = new Attempts(name, List.of(retryPolicy(spec)), t -> true,
        spec.timeout() == null ? null : TimeoutPolicy.run(spec.timeout()), timing)
        .onRetry((attempt, t, delay) -> events.write(Map.of("event", "tool_retry", "tool", name, "attempt", attempt,
            "error", String.valueOf(t))));
    PipelineTool tool = tools.get(name);
    try {
      Map<String, Object> merged = Map.copyOf(args);
      ToolOutput out = hook.call(name, merged, () -> chain.run(attempt -> tool.call(merged)));
      sections.put(name, out.value());
      events.write(Map.of("event", "tool_end", "tool", name, "attempts", chain.attempt(), "completeness", out.completeness()));
      remember(session, name, hash, out, events);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return fail(session, spec, "interrupted", errors, missing, events);
    } catch (NodeTimeoutException e) {
      return fail(session, spec, String.valueOf(new TimeoutException("tool \"" + name + "\" exceeded its timeout of " + spec.timeout())),
          errors, missing, events);
    } catch (Throwable t) {
      if (Thread.currentThread().isInterrupted()) {
        return fail(session, spec, "interrupted", errors, missing, events);
      }
      return fail(session, spec, String.valueOf(t), errors, missing, events);
    }
  }

  /**
   * A tool's retries as a policy: {@code maxRetries} more attempts after a retryable failure
   * ({@link ToolFailures}, or its timeout), waiting {@code backoff} doubled per retry, no jitter.
   */
  private static RetryPolicy retryPolicy(PipelineToolSpec spec) {
    return new RetryPolicy(spec.backoff(), 2.0, spec.backoff().multipliedBy(1L << 20), spec.maxRetries() + 1, false,
        t -> t instanceof NodeTimeoutException || ToolFailures.retryable(t));
  }

  /** Saves skip state; a failing store costs the next turn a re-run, never this turn its result. */
  private void remember(String session, String tool, String hash, ToolOutput out, StreamWriter events) {
    if (session == null || store == null) {
      return;
    }
    try {
      store.put(session, tool, new SkipStore.Entry(hash, out.completeness(), out.value(), clock.millis()));
    } catch (RuntimeException e) {
      events.write(Map.of("event", "skip_state_not_saved", "tool", tool, "error", String.valueOf(e)));
    }
  }

  private static boolean fail(String session, PipelineToolSpec spec, String error, Map<String, String> errors, List<String> missing,
                              StreamWriter events) {
    errors.put(spec.name(), error);
    events.write(Map.of("event", "tool_failed", "tool", spec.name(), "optional", spec.optional(), "error", error));
    if (spec.optional()) {
      // the seed: an optional tool that fails logs a warning; the bundle goes on without its section
      LOG.warn("optional tool \"{}\" degraded in session {}: {}; its section is left out", spec.name(), session, error);
      missing.add(spec.name());
      return true;
    }
    return false;
  }

  /** Builds a pipeline; not thread-safe. */
  public static final class Builder {
    private final Map<String, PipelineToolSpec> specs = new LinkedHashMap<>();
    private final Map<String, PipelineTool> tools = new LinkedHashMap<>();
    private double threshold = DEFAULT_SKIP_THRESHOLD;
    private SkipStore store = new InMemorySkipStore();
    private Sleeper sleeper = Sleeper.SYSTEM;
    private java.time.Clock clock = java.time.Clock.systemUTC();
    private java.time.Duration maxSkipAge;
    private ToolCallHook hook = ToolCallHook.NONE;

    public Builder tool(PipelineToolSpec spec, PipelineTool tool) {
      if (spec.name().startsWith("__")) {
        throw new InvalidGraphException(ErrorCode.RESERVED_TOOL_NAME, "tool \"" + spec.name()
            + "\": names starting with __ are reserved for the pipeline's own records");
      }
      if (specs.putIfAbsent(spec.name(), spec) != null) {
        throw new InvalidGraphException(ErrorCode.DUPLICATE_TOOL, "tool \"" + spec.name() + "\" is declared twice");
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

    /**
     * How long skip state stays usable: a tool (or a session's assembled slice) recorded longer
     * ago runs again even when its inputs are unchanged. Default: no limit.
     */
    public Builder maxSkipAge(java.time.Duration age) {
      if (age != null && (age.isNegative() || age.isZero())) {
        throw new IllegalArgumentException("max skip age must be positive, got " + age);
      }
      maxSkipAge = age;
      return this;
    }

    /** The clock skip state is stamped and aged with (tests pass a fixed or moving clock). */
    public Builder clock(java.time.Clock c) {
      clock = java.util.Objects.requireNonNull(c, "clock");
      return this;
    }

    /** What runs around each tool call (default: nothing). */
    public Builder around(ToolCallHook h) {
      hook = java.util.Objects.requireNonNull(h, "hook");
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
