package dev.trellis.graph;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.policy.Attempts;
import dev.trellis.policy.Sleeper;
import dev.trellis.policy.Timer;
import dev.trellis.observe.GraphListener;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleSupplier;

/**
 * Settings fixed at compile time: the checkpoint saver (null: runs are not persisted and
 * cannot pause), the node cache, the long-term store nodes reach through
 * {@code Runtime.store()}, static breakpoints, the graph's name, the sleeper used between
 * retries, the timer used for node timeouts and the random source of retry jitter (all
 * injectable for tests), and whether
 * nodes unreachable from START are accepted (they are rejected by default; LangGraph
 * accepts them, for nodes reached only by run-level {@code Command} gotos), and the
 * {@link GraphListener}s that observe every run (none by default; then no events are built).
 */
public record CompileOptions(
    CheckpointSaver checkpointer, Cache cache, Store store, Set<String> interruptBefore, Set<String> interruptAfter,
    String name, Sleeper sleeper, Timer timer, boolean allowUnreachable, List<GraphListener> listeners,
    DoubleSupplier jitter) {
  public static final CompileOptions DEFAULT =
      new CompileOptions(null, null, null, Set.of(), Set.of(), "graph", Sleeper.SYSTEM, Timer.SYSTEM, false, List.of(),
          null);

  public CompileOptions {
    interruptBefore = Set.copyOf(interruptBefore == null ? Set.of() : interruptBefore);
    interruptAfter = Set.copyOf(interruptAfter == null ? Set.of() : interruptAfter);
    name = name == null ? "graph" : name;
    sleeper = sleeper == null ? Sleeper.SYSTEM : sleeper;
    timer = timer == null ? Timer.SYSTEM : timer;
    listeners = List.copyOf(listeners == null ? List.of() : listeners);
    jitter = jitter == null ? Attempts.Timing.RANDOM : jitter;
  }

  public static CompileOptions checkpointer(CheckpointSaver saver) {
    return DEFAULT.withCheckpointer(saver);
  }

  public CompileOptions withCheckpointer(CheckpointSaver saver) {
    return new CompileOptions(saver, cache, store, interruptBefore, interruptAfter, name, sleeper, timer, allowUnreachable,
        listeners, jitter);
  }

  public CompileOptions withCache(Cache c) {
    return new CompileOptions(checkpointer, c, store, interruptBefore, interruptAfter, name, sleeper, timer, allowUnreachable,
        listeners, jitter);
  }

  public CompileOptions withStore(Store s) {
    return new CompileOptions(checkpointer, cache, s, interruptBefore, interruptAfter, name, sleeper, timer, allowUnreachable,
        listeners, jitter);
  }

  public CompileOptions withInterruptBefore(String... nodes) {
    return new CompileOptions(checkpointer, cache, store, Set.of(nodes), interruptAfter, name, sleeper, timer,
        allowUnreachable, listeners, jitter);
  }

  public CompileOptions withInterruptAfter(String... nodes) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, Set.of(nodes), name, sleeper, timer,
        allowUnreachable, listeners, jitter);
  }

  public CompileOptions withName(String n) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, n, sleeper, timer, allowUnreachable,
        listeners, jitter);
  }

  public CompileOptions withSleeper(Sleeper s) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, s, timer, allowUnreachable,
        listeners, jitter);
  }

  public CompileOptions withTimer(Timer t) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, t, allowUnreachable,
        listeners, jitter);
  }

  public CompileOptions withUnreachableAllowed(boolean allow) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, timer, allow,
        listeners, jitter);
  }

  /** The random source (values in [0, 1)) of retry jitter; tests pin it to make waits exact. */
  public CompileOptions withJitter(DoubleSupplier j) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, timer,
        allowUnreachable, listeners, j);
  }

  /** The time, sleep and jitter sources of node and task policies. */
  public Attempts.Timing timing() {
    return new Attempts.Timing(timer, sleeper, jitter);
  }

  /** Listeners that observe every run of the graph (replacing earlier ones); see {@link GraphListener}. */
  public CompileOptions withListeners(GraphListener... l) {
    return new CompileOptions(checkpointer, cache, store, interruptBefore, interruptAfter, name, sleeper, timer,
        allowUnreachable, List.of(l), jitter);
  }
}
