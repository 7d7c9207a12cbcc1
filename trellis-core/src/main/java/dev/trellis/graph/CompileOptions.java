package dev.trellis.graph;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.observe.GraphListener;
import dev.trellis.policy.Attempts;
import dev.trellis.policy.Sleeper;
import dev.trellis.policy.Timer;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleSupplier;

/**
 * Settings fixed at compile time: the checkpoint saver (null: runs are not persisted and
 * cannot pause), the node cache, the long-term store nodes reach through
 * {@code Runtime.store()}, static breakpoints, the graph's name, the sleeper used between
 * retries, the timer used for node timeouts, the random source of retry jitter and the clock
 * listeners' durations are read from (all injectable for tests), and whether
 * nodes unreachable from START are accepted (they are rejected by default; LangGraph
 * accepts them, for nodes reached only by run-level {@code Command} gotos), and the
 * {@link GraphListener}s that observe every run (none by default; then no events are built).
 */
public record CompileOptions(
    CheckpointSaver checkpointer, Cache cache, Store store, Set<String> interruptBefore, Set<String> interruptAfter,
    String name, Sleeper sleeper, Timer timer, boolean allowUnreachable, List<GraphListener> listeners,
    DoubleSupplier jitter, int recursionLimit, Clock clock) {
  public static final CompileOptions DEFAULT =
      new CompileOptions(null, null, null, Set.of(), Set.of(), "graph", Sleeper.SYSTEM, Timer.SYSTEM, false, List.of(),
          null, 0, Clock.systemUTC());

  public CompileOptions {
    interruptBefore = Set.copyOf(interruptBefore == null ? Set.of() : interruptBefore);
    interruptAfter = Set.copyOf(interruptAfter == null ? Set.of() : interruptAfter);
    name = name == null ? "graph" : name;
    sleeper = sleeper == null ? Sleeper.SYSTEM : sleeper;
    timer = timer == null ? Timer.SYSTEM : timer;
    listeners = List.copyOf(listeners == null ? List.of() : listeners);
    jitter = jitter == null ? Attempts.Timing.RANDOM : jitter;
    clock = clock == null ? Clock.systemUTC() : clock;
    if (recursionLimit < 0) {
      throw new IllegalArgumentException("recursionLimit must not be negative, got " + recursionLimit);
    }
  }

  public static CompileOptions checkpointer(CheckpointSaver saver) {
    return DEFAULT.withCheckpointer(saver);
  }

  public CompileOptions withCheckpointer(CheckpointSaver saver) {
    return new CompileOptions(saver, cache, store, interruptBefore, interruptAfter, name, sleeper, timer, allowUnreachable,
        listeners, jitter, recursionLimit, clock);
  }

  public CompileOptions withCache(Cache c) {
    return new CompileOptions(checkpointer, c, store, interruptBefore, interruptAfter, name, sleeper, timer, allowUnreachable,
        listeners, jitter, recursionLimit, clock);
  }

  public CompileOptions withStore(Store s) {
    return new CompileOptions(checkpointer, cache, s, interruptBefore, interruptAfter, name, sleeper, timer, allowUnreachable,
        listeners, jitter, recursionLimit, clock);
  }

  public CompileOptions withInterruptBefore(String... nodes) {
    return new CompileOptions(checkpointer, cache, store, Set.of(nodes), interruptAfter, name, sleeper, timer,
        allowUnreachable, listeners, jitter, recursionLimit, clock);
  }

  public CompileOptions withInterruptAfter(String... nodes) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, Set.of(nodes), name, sleeper, timer,
        allowUnreachable, listeners, jitter, recursionLimit, clock);
  }

  public CompileOptions withName(String n) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, n, sleeper, timer, allowUnreachable,
        listeners, jitter, recursionLimit, clock);
  }

  public CompileOptions withSleeper(Sleeper s) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, s, timer, allowUnreachable,
        listeners, jitter, recursionLimit, clock);
  }

  public CompileOptions withTimer(Timer t) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, t, allowUnreachable,
        listeners, jitter, recursionLimit, clock);
  }

  public CompileOptions withUnreachableAllowed(boolean allow) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, timer, allow,
        listeners, jitter, recursionLimit, clock);
  }

  /** The random source (values in [0, 1)) of retry jitter; tests pin it to make waits exact. */
  public CompileOptions withJitter(DoubleSupplier j) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, timer,
        allowUnreachable, listeners, j, recursionLimit, clock);
  }

  /** The time, sleep and jitter sources of node and task policies. */
  public Attempts.Timing timing() {
    return new Attempts.Timing(timer, sleeper, jitter);
  }

  /**
   * The graph's own recursion limit (LangGraph's {@code graph.with_config(recursion_limit=n)}):
   * used by runs whose {@link RunConfig} keeps the default ({@link RunConfig#DEFAULT_RECURSION_LIMIT});
   * 0 (the default) leaves every run's limit as its config says.
   */
  public CompileOptions withRecursionLimit(int limit) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, timer,
        allowUnreachable, listeners, jitter, limit, clock);
  }

  /** The limit a run with {@code config} gets: the graph's own when the config keeps the default. */
  public int recursionLimit(RunConfig config) {
    return recursionLimit > 0 && config.recursionLimit() == RunConfig.DEFAULT_RECURSION_LIMIT ? recursionLimit
        : config.recursionLimit();
  }

  /** Listeners that observe every run of the graph (replacing earlier ones); see {@link GraphListener}. */
  public CompileOptions withListeners(GraphListener... l) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, timer,
        allowUnreachable, List.of(l), jitter, recursionLimit, clock);
  }

  /** The clock {@link GraphListener} events take their durations from (default: the system clock). */
  public CompileOptions withClock(Clock c) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, timer,
        allowUnreachable, listeners, jitter, recursionLimit, c);
  }
}
