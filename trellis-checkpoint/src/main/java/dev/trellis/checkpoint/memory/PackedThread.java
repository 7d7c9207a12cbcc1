package dev.trellis.checkpoint.memory;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.PendingWrite;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The checkpoints of one thread in {@link InMemorySaver}: per namespace an array sorted by
 * id (new checkpoints, whose ids are the greatest, are appended), searched by bisection.
 * Most threads have only the root namespace, kept in its own field. All methods lock this
 * object; they do little beyond array copies, so the lock is held briefly.
 */
final class PackedThread {
  /** One namespace's checkpoints, sorted by id. */
  private static final class Timeline {
    PackedCheckpoint[] items = new PackedCheckpoint[4];
    int size;

    /** The index of {@code id}, or {@code -(insertion point) - 1}. */
    int find(PackedCheckpoint.Id id) {
      int low = 0;
      int high = size - 1;
      // Usually the newest is asked for or appended: look at the end first.
      if (size > 0) {
        int c = items[high].compareTo(id);
        if (c < 0) {
          return -(size + 1);
        }
        if (c == 0) {
          return high;
        }
      }
      while (low <= high) {
        int mid = (low + high) >>> 1;
        int c = items[mid].compareTo(id);
        if (c < 0) {
          low = mid + 1;
        } else if (c > 0) {
          high = mid - 1;
        } else {
          return mid;
        }
      }
      return -(low + 1);
    }

    void insert(int at, PackedCheckpoint cp) {
      if (size == items.length) {
        items = Arrays.copyOf(items, size * 2);
      }
      System.arraycopy(items, at, items, at + 1, size - at);
      items[at] = cp;
      size++;
    }

    /** Drops the checkpoints whose ids are greater than {@code id}. */
    void truncateAfter(PackedCheckpoint.Id id) {
      int at = find(id);
      int keep = at >= 0 ? at + 1 : -at - 1;
      Arrays.fill(items, keep, size, null);
      size = keep;
    }

    Timeline copy() {
      Timeline t = new Timeline();
      t.items = new PackedCheckpoint[Math.max(4, size)];
      for (int i = 0; i < size; i++) {
        t.items[i] = items[i].copy();
      }
      t.size = size;
      return t;
    }
  }

  private Timeline root;
  /** Other namespaces (subgraphs): names and timelines at the same indexes; null when none. */
  private String[] names;
  private Timeline[] others;

  private Timeline timeline(String namespace, boolean create) {
    if (namespace.isEmpty()) {
      if (root == null && create) {
        root = new Timeline();
      }
      return root;
    }
    if (names != null) {
      for (int i = 0; i < names.length; i++) {
        if (names[i].equals(namespace)) {
          return others[i];
        }
      }
    }
    if (!create) {
      return null;
    }
    int n = names == null ? 0 : names.length;
    names = names == null ? new String[1] : Arrays.copyOf(names, n + 1);
    others = others == null ? new Timeline[1] : Arrays.copyOf(others, n + 1);
    names[n] = namespace;
    others[n] = new Timeline();
    return others[n];
  }

  private List<Timeline> all() {
    List<Timeline> out = new ArrayList<>();
    if (root != null) {
      out.add(root);
    }
    if (others != null) {
      out.addAll(Arrays.asList(others));
    }
    return out;
  }

  /** The checkpoint {@code id} of a namespace (the newest when id is null), or null. */
  synchronized PackedCheckpoint get(String namespace, String id) {
    Timeline t = timeline(namespace, false);
    if (t == null || t.size == 0) {
      return null;
    }
    if (id == null) {
      return t.items[t.size - 1];
    }
    int at = t.find(PackedCheckpoint.Id.of(id));
    return at >= 0 ? t.items[at] : null;
  }

  /** Checkpoints of a namespace with ids below {@code before} (null: all), newest first, at most {@code limit} (≤ 0: all). */
  synchronized List<PackedCheckpoint> list(String namespace, String before, int limit) {
    Timeline t = timeline(namespace, false);
    List<PackedCheckpoint> out = new ArrayList<>();
    if (t == null) {
      return out;
    }
    int from = t.size - 1;
    if (before != null) {
      int at = t.find(PackedCheckpoint.Id.of(before));
      from = (at >= 0 ? at : -at - 1) - 1;
    }
    for (int i = from; i >= 0 && (limit <= 0 || out.size() < limit); i--) {
      out.add(t.items[i]);
    }
    return out;
  }

  /** Stores a checkpoint; one saved again under the same id replaces it, keeping its writes. */
  synchronized void put(Names names, String namespace, Checkpoint cp, CheckpointMetadata md, String parentId) {
    Timeline t = timeline(namespace, true);
    int at = t.find(PackedCheckpoint.Id.of(cp.id()));
    if (at >= 0) {
      t.items[at] = PackedCheckpoint.pack(names, cp, md, parentId, t.items[at]);
    } else {
      t.insert(-at - 1, PackedCheckpoint.pack(names, cp, md, parentId, null));
    }
  }

  /** Saves a task's writes at checkpoint {@code id}; false when there is no such checkpoint. */
  synchronized boolean putWrites(Names names, String namespace, String id, String taskId, List<PendingWrite> writes) {
    PackedCheckpoint cp = get(namespace, id);
    if (cp == null) {
      return false;
    }
    cp.putWrites(names, taskId, writes);
    return true;
  }

  synchronized void deleteAfter(String checkpointId) {
    PackedCheckpoint.Id id = PackedCheckpoint.Id.of(checkpointId);
    for (Timeline t : all()) {
      t.truncateAfter(id);
    }
  }

  /** Adds the checkpoints of {@code copy} (a {@link #copy} no one else holds), replacing those with the same ids. */
  synchronized void absorb(PackedThread copy) {
    List<String> namespaces = new ArrayList<>();
    List<Timeline> timelines = new ArrayList<>();
    if (copy.root != null) {
      namespaces.add("");
      timelines.add(copy.root);
    }
    if (copy.names != null) {
      namespaces.addAll(Arrays.asList(copy.names));
      timelines.addAll(Arrays.asList(copy.others));
    }
    for (int n = 0; n < namespaces.size(); n++) {
      Timeline into = timeline(namespaces.get(n), true);
      Timeline from = timelines.get(n);
      for (int i = 0; i < from.size; i++) {
        PackedCheckpoint cp = from.items[i];
        int at = into.find(PackedCheckpoint.Id.of(cp.id()));
        if (at >= 0) {
          into.items[at] = cp;
        } else {
          into.insert(-at - 1, cp);
        }
      }
    }
  }

  /** A copy sharing every checkpoint's arrays. */
  synchronized PackedThread copy() {
    PackedThread c = new PackedThread();
    c.root = root == null ? null : root.copy();
    if (names != null) {
      c.names = names.clone();
      c.others = new Timeline[others.length];
      for (int i = 0; i < others.length; i++) {
        c.others[i] = others[i].copy();
      }
    }
    return c;
  }
}
