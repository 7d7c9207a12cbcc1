package dev.trellis.graph;

import dev.trellis.observe.GraphListener;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Settings of one run: the thread (needed to persist and resume), an optional checkpoint
 * id to replay or fork from, the recursion limit in supersteps (default 25), per-run
 * static breakpoints, a typed context object (never checkpointed), run metadata (saved in
 * each checkpoint's metadata), the durability mode (default {@link Durability#ASYNC}) and
 * listeners of this run only (added to the graph's own, see {@link GraphListener}).
 */
public record RunConfig(
    String threadId,
    String checkpointId,
    int recursionLimit,
    Set<String> interruptBefore,
    Set<String> interruptAfter,
    Object context,
    Map<String, Object> metadata,
    Durability durability,
    List<GraphListener> listeners) {
  public static final int DEFAULT_RECURSION_LIMIT = 25;
  public static final RunConfig DEFAULT =
      new RunConfig(null, null, DEFAULT_RECURSION_LIMIT, Set.of(), Set.of(), null, Map.of(), Durability.ASYNC, List.of());

  public RunConfig {
    if (recursionLimit < 1) {
      throw new IllegalArgumentException("recursionLimit must be at least 1, got " + recursionLimit);
    }
    interruptBefore = Set.copyOf(interruptBefore == null ? Set.of() : interruptBefore);
    interruptAfter = Set.copyOf(interruptAfter == null ? Set.of() : interruptAfter);
    metadata = Map.copyOf(metadata == null ? Map.of() : metadata);
    durability = durability == null ? Durability.ASYNC : durability;
    listeners = List.copyOf(listeners == null ? List.of() : listeners);
  }

  /** A run on {@code threadId}. */
  public static RunConfig thread(String threadId) {
    return DEFAULT.withThread(threadId);
  }

  public RunConfig withThread(String id) {
    return new RunConfig(id, checkpointId, recursionLimit, interruptBefore, interruptAfter, context, metadata, durability,
        listeners);
  }

  public RunConfig withCheckpointId(String id) {
    return new RunConfig(threadId, id, recursionLimit, interruptBefore, interruptAfter, context, metadata, durability,
        listeners);
  }

  public RunConfig withRecursionLimit(int limit) {
    return new RunConfig(threadId, checkpointId, limit, interruptBefore, interruptAfter, context, metadata, durability,
        listeners);
  }

  public RunConfig withInterruptBefore(String... nodes) {
    return new RunConfig(threadId, checkpointId, recursionLimit, Set.of(nodes), interruptAfter, context, metadata, durability,
        listeners);
  }

  public RunConfig withInterruptAfter(String... nodes) {
    return new RunConfig(threadId, checkpointId, recursionLimit, interruptBefore, Set.of(nodes), context, metadata, durability,
        listeners);
  }

  public RunConfig withContext(Object ctx) {
    return new RunConfig(threadId, checkpointId, recursionLimit, interruptBefore, interruptAfter, ctx, metadata, durability,
        listeners);
  }

  public RunConfig withMetadata(Map<String, Object> m) {
    return new RunConfig(threadId, checkpointId, recursionLimit, interruptBefore, interruptAfter, context, m, durability,
        listeners);
  }

  public RunConfig withDurability(Durability d) {
    return new RunConfig(threadId, checkpointId, recursionLimit, interruptBefore, interruptAfter, context, metadata, d,
        listeners);
  }

  /** Listeners of this run, called after the graph's own ({@code CompileOptions.withListeners}). */
  public RunConfig withListeners(GraphListener... l) {
    return new RunConfig(threadId, checkpointId, recursionLimit, interruptBefore, interruptAfter, context, metadata,
        durability, List.of(l));
  }
}
