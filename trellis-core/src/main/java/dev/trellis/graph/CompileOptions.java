package dev.trellis.graph;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.policy.Sleeper;
import java.util.Set;

/**
 * Settings fixed at compile time: the checkpoint saver (null: runs are not persisted and
 * cannot pause), the node cache, static breakpoints, the graph's name, the sleeper
 * used between retries, and whether nodes unreachable from START are accepted (they are
 * rejected by default; LangGraph accepts them, for nodes reached only by run-level
 * {@code Command} gotos).
 */
public record CompileOptions(
    CheckpointSaver checkpointer, Cache cache, Set<String> interruptBefore, Set<String> interruptAfter,
    String name, Sleeper sleeper, boolean allowUnreachable) {
  public static final CompileOptions DEFAULT =
      new CompileOptions(null, null, Set.of(), Set.of(), "graph", Sleeper.SYSTEM, false);

  public CompileOptions {
    interruptBefore = Set.copyOf(interruptBefore == null ? Set.of() : interruptBefore);
    interruptAfter = Set.copyOf(interruptAfter == null ? Set.of() : interruptAfter);
    name = name == null ? "graph" : name;
    sleeper = sleeper == null ? Sleeper.SYSTEM : sleeper;
  }

  public static CompileOptions checkpointer(CheckpointSaver saver) {
    return DEFAULT.withCheckpointer(saver);
  }

  public CompileOptions withCheckpointer(CheckpointSaver saver) {
    return new CompileOptions(saver, cache, interruptBefore, interruptAfter, name, sleeper, allowUnreachable);
  }

  public CompileOptions withCache(Cache c) {
    return new CompileOptions(checkpointer, c, interruptBefore, interruptAfter, name, sleeper, allowUnreachable);
  }

  public CompileOptions withInterruptBefore(String... nodes) {
    return new CompileOptions(checkpointer, cache, Set.of(nodes), interruptAfter, name, sleeper, allowUnreachable);
  }

  public CompileOptions withInterruptAfter(String... nodes) {
    return new CompileOptions(checkpointer, cache, interruptBefore, Set.of(nodes), name, sleeper, allowUnreachable);
  }

  public CompileOptions withName(String n) {
    return new CompileOptions(checkpointer, cache, interruptBefore, interruptAfter, n, sleeper, allowUnreachable);
  }

  public CompileOptions withSleeper(Sleeper s) {
    return new CompileOptions(checkpointer, cache, interruptBefore, interruptAfter, name, s, allowUnreachable);
  }

  public CompileOptions withUnreachableAllowed(boolean allow) {
    return new CompileOptions(checkpointer, cache, interruptBefore, interruptAfter, name, sleeper, allow);
  }
}
