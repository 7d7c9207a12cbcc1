package dev.trellis.pregel;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.graph.CachePolicy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The first link of a node's policy chain: a task whose node has a {@link CachePolicy} and
 * whose input was seen before takes the cached writes instead of running. Writes are
 * stored by channel name (not slot), so a persistent cache survives recompiles.
 */
final class NodeCache {
  private final Cache cache;
  private final Program program;

  NodeCache(Cache cache, Program program) {
    this.cache = cache;
    this.program = program;
  }

  /** Fills {@code task}'s writes from the cache; returns whether there was an entry. */
  boolean lookup(StepTask task) {
    CachePolicy policy = task.node.options().cache();
    if (policy == null || !task.writes.isEmpty()) {
      return false;
    }
    Object key = policy.key().apply(task.input);
    var hit = cache.get(ReservedNames.nodeCache(program.name, task.name()), key);
    if (hit.isEmpty()) {
      return false;
    }
    for (Object entry : (List<?>) hit.get()) {
      List<?> pair = (List<?>) entry;
      Integer slot = program.slotOf((String) pair.get(0));
      if (slot != null) {
        task.writes.add(new Write(slot, pair.get(1)));
      }
    }
    task.cached = true;
    return true;
  }

  /** Keeps a finished task's writes for the next task of the same node with the same input. */
  void store(StepTask task) {
    CachePolicy policy = task.node.options().cache();
    if (policy == null) {
      return;
    }
    Object key = policy.key().apply(task.input);
    List<Object> byName = new ArrayList<>(task.writes.size());
    for (Write w : task.writes) {
      byName.add(Arrays.asList(program.channelName(w.slot()), w.value()));
    }
    cache.set(ReservedNames.nodeCache(program.name, task.name()), key, byName, policy.ttl());
  }
}
