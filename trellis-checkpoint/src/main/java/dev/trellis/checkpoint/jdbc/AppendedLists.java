package dev.trellis.checkpoint.jdbc;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.serde.Serde;
import dev.trellis.checkpoint.serde.SerdeException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stores list-valued channels (the messages list, appending keys) of the JDBC savers as
 * deltas, so that a checkpoint of a long conversation writes what its step appended, not
 * the whole list again.
 *
 * <p>Table {@code checkpoint_appends(thread_id, checkpoint_ns, checkpoint_id, channel,
 * base_id, tail)}: the channel's value at the checkpoint is its value at checkpoint
 * {@code base_id} followed by the elements of {@code tail}; a row whose base is null holds
 * the whole list. A list is stored this way once it has {@link #MIN_LENGTH} elements; it
 * extends its parent's list when the parent's list (as this saver last wrote it) is a
 * prefix of it, and otherwise (a fork from an old checkpoint, a removal, a saver that has
 * not seen the parent) starts again from a whole row. Reading a value walks the chain of
 * rows back to a whole one in a single recursive query and concatenates the tails, so
 * what is read is exactly what was written.
 *
 * <p>The lists last written per thread and namespace are kept (by reference, at most
 * {@link #REMEMBERED} threads) to find the prefix without reading the parent back.
 * Thread-safe.
 */
final class AppendedLists {
  /** Lists shorter than this stay inside the checkpoint blob. */
  static final int MIN_LENGTH = 8;
  /** Threads whose last written lists are remembered. */
  static final int REMEMBERED = 4096;

  /** A list as stored at one checkpoint: its value, its base checkpoint, its tail, and the bytes of the whole list. */
  record Stored(List<?> value, String base, byte[] tail, long bytes) {}

  /** The lists of the last checkpoint written on a thread and namespace. */
  record Last(String checkpointId, Map<String, Stored> lists) {}

  /** One checkpoint split: the values left in its blob, its delta rows, and the size the whole state has. */
  record Split(Map<String, Object> inline, Map<String, Stored> lists, long listBytes) {}

  private final Serde serde;
  private final byte[] emptyTail;
  private final Map<String, Last> last = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Last> eldest) {
      return size() > REMEMBERED;
    }
  };

  AppendedLists(Serde serde) {
    this.serde = serde;
    this.emptyTail = serde.dump(new ArrayList<>());
  }

  static List<String> schema(String blobType) {
    return List.of("CREATE TABLE IF NOT EXISTS checkpoint_appends (thread_id TEXT NOT NULL, "
        + "checkpoint_ns TEXT NOT NULL DEFAULT '', checkpoint_id TEXT NOT NULL, channel TEXT NOT NULL, "
        + "base_id TEXT, tail " + blobType + " NOT NULL, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, channel))");
  }

  private static String key(CheckpointConfig config) {
    return config.threadId() + '\u0000' + config.namespace();
  }

  /** The lists remembered for {@code config}'s thread and namespace, as {@code pending} (this batch) or the cache has them. */
  Last remembered(CheckpointConfig config, Map<String, Last> pending) {
    Last l = pending.get(key(config));
    if (l != null) {
      return l;
    }
    synchronized (last) {
      return last.get(key(config));
    }
  }

  /** Splits {@code cp}, the child of {@code parent}, into inline values and delta rows; records it in {@code pending}. */
  Split split(CheckpointConfig parent, Checkpoint cp, Map<String, Last> pending) {
    Last prev = remembered(parent, pending);
    boolean parentKnown = prev != null && parent.checkpointId() != null && prev.checkpointId().equals(parent.checkpointId());
    Map<String, Object> inline = new HashMap<>(cp.channelValues());
    Map<String, Stored> lists = new LinkedHashMap<>();
    long listBytes = 0;
    for (Map.Entry<String, Object> e : cp.channelValues().entrySet()) {
      if (!(e.getValue() instanceof List<?> list) || list.size() < MIN_LENGTH) {
        continue;
      }
      Stored before = parentKnown ? prev.lists().get(e.getKey()) : null;
      Stored now;
      try {
        now = store(e.getKey(), list, before, parent.checkpointId());
      } catch (SerdeException bad) {
        throw new SerdeException("channel \"" + e.getKey() + "\" holds a value that cannot be saved: "
            + bad.getMessage(), bad);
      }
      lists.put(e.getKey(), now);
      inline.remove(e.getKey());
      listBytes += now.bytes();
    }
    pending.put(key(parent), new Last(cp.id(), lists));
    return new Split(inline, lists, listBytes);
  }

  private Stored store(String channel, List<?> list, Stored before, String parentId) {
    if (before != null && startsWith(list, before.value())) {
      if (list.size() == before.value().size()) {
        // Unchanged: repeat a small delta row, or point at the parent's row instead of copying a whole one.
        return before.base() != null ? new Stored(list, before.base(), before.tail(), before.bytes())
            : new Stored(list, parentId, emptyTail, before.bytes());
      }
      byte[] tail = serde.dump(new ArrayList<>(list.subList(before.value().size(), list.size())));
      return new Stored(list, parentId, tail, before.bytes() + tail.length);
    }
    byte[] whole = serde.dump(list);
    return new Stored(list, null, whole, whole.length);
  }

  private static boolean startsWith(List<?> list, List<?> prefix) {
    if (list == prefix) {
      return true;
    }
    if (list.size() < prefix.size()) {
      return false;
    }
    for (int i = 0; i < prefix.size(); i++) {
      Object a = list.get(i);
      Object b = prefix.get(i);
      if (a != b && (a == null || !a.equals(b))) {
        return false;
      }
    }
    return true;
  }

  /** Remembers what a committed batch wrote. */
  void committed(Map<String, Last> pending) {
    synchronized (last) {
      last.putAll(pending);
    }
  }

  /** Forgets every namespace of a thread (after a delete). */
  void forget(String threadId) {
    synchronized (last) {
      last.keySet().removeIf(k -> k.startsWith(threadId + '\u0000'));
    }
  }

  void insert(JdbcDatabase db, Connection c, CheckpointConfig parent, String checkpointId, Map<String, Stored> lists)
      throws SQLException {
    for (Map.Entry<String, Stored> e : lists.entrySet()) {
      db.update(c, "INSERT INTO checkpoint_appends (thread_id, checkpoint_ns, checkpoint_id, channel, base_id, tail) "
          + "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, channel) "
          + "DO UPDATE SET base_id = excluded.base_id, tail = excluded.tail",
          parent.threadId(), parent.namespace(), checkpointId, e.getKey(), e.getValue().base(), e.getValue().tail());
    }
  }

  /** The value of {@code channel} at checkpoint {@code id} of {@code config}'s thread and namespace. */
  List<Object> read(JdbcDatabase db, Connection c, CheckpointConfig config, String id, String channel)
      throws SQLException {
    List<byte[]> tails = new ArrayList<>();
    String[] root = new String[1];
    db.query(c, "WITH RECURSIVE chain(checkpoint_id, base_id, tail, depth) AS ("
        + "SELECT checkpoint_id, base_id, tail, 0 FROM checkpoint_appends "
        + "WHERE thread_id = ? AND checkpoint_ns = ? AND channel = ? AND checkpoint_id = ? "
        + "UNION ALL SELECT a.checkpoint_id, a.base_id, a.tail, chain.depth + 1 FROM checkpoint_appends a "
        + "JOIN chain ON a.checkpoint_id = chain.base_id "
        + "WHERE a.thread_id = ? AND a.checkpoint_ns = ? AND a.channel = ?) "
        + "SELECT checkpoint_id, base_id, tail FROM chain ORDER BY depth DESC", rs -> {
          boolean first = true;
          while (rs.next()) {
            if (first) {
              root[0] = rs.getString(2) == null ? "" : rs.getString(2);
              first = false;
            }
            tails.add(rs.getBytes(3));
          }
          return null;
        }, config.threadId(), config.namespace(), channel, id, config.threadId(), config.namespace(), channel);
    if (root[0] == null || !root[0].isEmpty()) {
      throw new IllegalStateException("checkpoint " + id + " of thread " + config.threadId() + ": the stored list of "
          + "channel \"" + channel + "\" is incomplete (" + (root[0] == null ? "no row" : "base " + root[0] + " missing")
          + ")");
    }
    List<Object> out = new ArrayList<>();
    for (byte[] tail : tails) {
      out.addAll((List<?>) serde.load(tail));
    }
    return Collections.unmodifiableList(out);
  }
}
