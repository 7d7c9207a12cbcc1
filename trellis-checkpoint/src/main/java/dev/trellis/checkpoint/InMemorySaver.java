package dev.trellis.checkpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A {@link CheckpointSaver} that keeps everything in memory, for tests and short-lived
 * processes. Values are kept by reference, so they must not be mutated after a write.
 */
public final class InMemorySaver implements CheckpointSaver {
  private record Stored(Checkpoint checkpoint, CheckpointMetadata metadata, String parentId,
                        Map<String, List<PendingWrite>> writes) {}

  /** thread → namespace → checkpoint id → stored checkpoint. */
  private final Map<String, Map<String, NavigableMap<String, Stored>>> threads = new ConcurrentHashMap<>();

  private NavigableMap<String, Stored> ns(CheckpointConfig config) {
    return threads.computeIfAbsent(config.threadId(), t -> new ConcurrentHashMap<>())
        .computeIfAbsent(config.namespace(), n -> new ConcurrentSkipListMap<>());
  }

  @Override
  public CheckpointTuple getTuple(CheckpointConfig config) {
    NavigableMap<String, Stored> ns = ns(config);
    Map.Entry<String, Stored> e = config.checkpointId() == null
        ? ns.lastEntry()
        : (ns.containsKey(config.checkpointId()) ? Map.entry(config.checkpointId(), ns.get(config.checkpointId())) : null);
    return e == null ? null : tuple(config, e.getKey(), e.getValue());
  }

  private static CheckpointTuple tuple(CheckpointConfig config, String id, Stored s) {
    List<PendingWrite> writes = new ArrayList<>();
    synchronized (s.writes) {
      s.writes.values().forEach(writes::addAll);
    }
    return new CheckpointTuple(config.withCheckpointId(id), s.checkpoint, s.metadata,
        s.parentId == null ? null : config.withCheckpointId(s.parentId), writes);
  }

  @Override
  public List<CheckpointTuple> list(CheckpointConfig config, String before, int limit) {
    NavigableMap<String, Stored> ns = ns(config).descendingMap();
    if (before != null) {
      ns = ns.tailMap(before, false);
    }
    List<CheckpointTuple> out = new ArrayList<>();
    for (Map.Entry<String, Stored> e : ns.entrySet()) {
      if (limit > 0 && out.size() >= limit) {
        break;
      }
      out.add(tuple(config, e.getKey(), e.getValue()));
    }
    return out;
  }

  @Override
  public CheckpointConfig put(CheckpointConfig parent, Checkpoint checkpoint, CheckpointMetadata metadata) {
    // Saving a checkpoint again (e.g. to patch its metadata) keeps the writes already attached to it, as the JDBC savers do.
    ns(parent).compute(checkpoint.id(), (id, old) -> new Stored(checkpoint, metadata, parent.checkpointId(),
        old == null ? new java.util.LinkedHashMap<>() : old.writes()));
    return parent.withCheckpointId(checkpoint.id());
  }

  @Override
  public void putWrites(CheckpointConfig config, String taskId, List<PendingWrite> writes) {
    Stored s = ns(config).get(config.checkpointId());
    if (s == null) {
      throw new IllegalArgumentException("no checkpoint " + config.checkpointId() + " in thread " + config.threadId());
    }
    synchronized (s.writes) {
      List<PendingWrite> existing = s.writes.computeIfAbsent(taskId, k -> new ArrayList<>());
      // Saving a task's writes again replaces what it saved before (idempotent retries):
      // reserved channels (error, interrupt, resume) one by one, ordinary writes as a set.
      boolean ordinary = writes.stream().anyMatch(w -> !PendingWrite.isReserved(w.channel()));
      existing.removeIf(old -> PendingWrite.isReserved(old.channel())
          ? writes.stream().anyMatch(w -> w.channel().equals(old.channel()))
          : ordinary);
      existing.addAll(writes);
    }
  }

  @Override
  public boolean inMemory() {
    return true;
  }

  @Override
  public void deleteThread(String threadId) {
    threads.remove(threadId);
  }

  @Override
  public void deleteAfter(String threadId, String checkpointId) {
    if (checkpointId == null) {
      deleteThread(threadId);
      return;
    }
    Map<String, NavigableMap<String, Stored>> thread = threads.get(threadId);
    if (thread != null) {
      thread.values().forEach(ns -> ns.tailMap(checkpointId, false).clear());
    }
  }

  @Override
  public void copyThread(String from, String to) {
    Map<String, NavigableMap<String, Stored>> source = threads.get(from);
    if (source == null) {
      return;
    }
    Map<String, NavigableMap<String, Stored>> target = threads.computeIfAbsent(to, t -> new ConcurrentHashMap<>());
    source.forEach((ns, cps) -> {
      NavigableMap<String, Stored> copy = target.computeIfAbsent(ns, n -> new ConcurrentSkipListMap<>());
      cps.forEach((id, st) -> copy.put(id, new Stored(st.checkpoint(), st.metadata(), st.parentId(),
          new java.util.LinkedHashMap<>(st.writes()))));
    });
  }
}
