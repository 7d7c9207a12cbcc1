package dev.trellis.checkpoint.jdbc;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.serde.Serde;
import dev.trellis.checkpoint.serde.SerdeException;
import java.lang.ref.SoftReference;
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
 * <p>Table {@code checkpoint_appends(thread_id, checkpoint_ns, channel, group_id,
 * checkpoint_id, tail)}: a group is a run of checkpoints written one after the other on a
 * thread, each the child of the one before; its first row (at the checkpoint named by the
 * group) holds a whole list and every later row the elements its checkpoint appended. A
 * checkpoint's blob names, per such channel, its group and the last row it includes; its
 * value is the concatenation of that group's tails up to that row, read with one indexed
 * range query. A checkpoint whose list did not change writes no row. A list is stored this
 * way once it has {@link #MIN_LENGTH} elements; it continues its parent's group when the
 * parent is the checkpoint this saver last wrote on the thread and its list is a prefix of
 * the new one, and otherwise (a fork from an old checkpoint, a removal, another process
 * wrote the parent) starts a new group with a whole row. So what is read is exactly what
 * was written, and a fork never sees another branch's rows. A string of at least
 * {@link SharedValues#BIG} characters in a row is written as a reference to its blob
 * ({@link SharedValues}), stored once per thread whichever rows, writes and checkpoints name it;
 * rows written before read as they did.
 *
 * <p>The lists last written per thread and namespace are kept (by reference) to find the
 * prefix without reading the parent back, and to answer a read of the thread's newest list
 * without reading its rows; a checkpoint claims its thread's slot before its transaction, so
 * two concurrent children of one parent never share a group. What is kept is bounded in bytes
 * (the lists' stored size, their blob-stored strings included; {@link #defaultBudget()} unless the
 * saver is given one): the threads
 * written longest ago are forgotten first, and the garbage collector may drop any of them when
 * memory runs short (soft references). A forgotten thread costs one whole-list row at its next
 * checkpoint, never a wrong read. Thread-safe.
 */
final class AppendedLists {
  /** Lists shorter than this stay inside the checkpoint blob. */
  static final int MIN_LENGTH = 8;

  /**
   * The default bound on the lists kept, in stored bytes: a sixteenth of the heap's maximum (48 MiB in a 768 MiB
   * heap, 256 MiB in a 4 GiB one).
   */
  public static long defaultBudget() {
    return Runtime.getRuntime().maxMemory() / 16;
  }

  /**
   * A checkpoint's list rows are gone: the checkpoint was deleted (its thread rolled back or
   * deleted) between reading its row and reading its list, or the store is damaged.
   */
  static final class IncompleteList extends IllegalStateException {
    IncompleteList(String message) {
      super(message);
    }
  }

  /**
   * A list as stored at one checkpoint: its value, its group, the last row it includes, and the bytes of the whole
   * list (its rows' bytes plus the blob-stored strings they name: about what it holds in memory).
   */
  record Stored(List<?> value, String group, String upto, long bytes) {}

  /** The lists of the last checkpoint written on a thread and namespace (null once the collector dropped them), and their bytes. */
  record Last(String checkpointId, SoftReference<Map<String, Stored>> kept, long bytes) {
    static Last of(String checkpointId, Map<String, Stored> lists) {
      long bytes = 0;
      for (Stored s : lists.values()) {
        bytes += s.bytes();
      }
      return new Last(checkpointId, new SoftReference<>(lists), bytes);
    }

    Map<String, Stored> lists() {
      return kept.get();
    }
  }

  /** One checkpoint split: values left in its blob, its lists' references, the rows to insert, the size of the lists. */
  record Split(Map<String, Object> inline, Map<String, Stored> lists, Map<String, byte[]> rows, long listBytes) {}

  private final Serde serde;
  private final long budget;
  /** Guarded by itself; in access order, so the first entry is the one used longest ago. */
  private final LinkedHashMap<String, Last> last = new LinkedHashMap<>(16, 0.75f, true);
  private long keptBytes;

  /** Keeps at most {@code budget} stored bytes of lists (0: none). */
  AppendedLists(Serde serde, long budget) {
    if (budget < 0) {
      throw new IllegalArgumentException("the list cache budget must be ≥ 0 bytes, got " + budget);
    }
    this.serde = serde;
    this.budget = budget;
  }

  /** The stored bytes of the lists kept now (for tests and metrics). */
  long keptBytes() {
    synchronized (last) {
      return keptBytes;
    }
  }

  /** Remembers {@code now} for {@code key}, then forgets the threads used longest ago until the budget holds. */
  private void remember(String key, Last now) {
    Last old = last.put(key, now);
    if (old != null) {
      keptBytes -= old.bytes();
    }
    keptBytes += now.bytes();
    var eldest = last.entrySet().iterator();
    while (keptBytes > budget && eldest.hasNext()) {
      keptBytes -= eldest.next().getValue().bytes();
      eldest.remove();
    }
  }

  /** The lists kept for {@code key}, or null (never written here, forgotten, or dropped by the collector). */
  private Map<String, Stored> kept(String key) {
    Last l = last.get(key);
    return l == null ? null : l.lists();
  }

  private static String key(CheckpointConfig config) {
    return config.threadId() + '\u0000' + config.namespace();
  }

  /**
   * Splits {@code cp}, the child of {@code parent}, into inline values and list rows, and claims its thread's slot.
   * A row's long strings are written as blobs of {@code strings} ({@link SharedValues.Encoding#listString}).
   */
  Split split(CheckpointConfig parent, Checkpoint cp, SharedValues.Encoding strings) {
    synchronized (last) {
      Last prev = last.get(key(parent));
      Map<String, Stored> prevLists = prev == null ? null : prev.lists();
      boolean parentKnown = prevLists != null && prev.checkpointId().equals(parent.checkpointId());
      // Copied only when a list is taken out: most checkpoints of short runs keep every value inline.
      Map<String, Object> inline = cp.channelValues();
      Map<String, Stored> lists = Map.of();
      Map<String, byte[]> rows = Map.of();
      long listBytes = 0;
      for (Map.Entry<String, Object> e : cp.channelValues().entrySet()) {
        if (!(e.getValue() instanceof List<?> list) || list.size() < MIN_LENGTH
            || e.getKey().equals(dev.trellis.checkpoint.ReservedNames.TASKS)) {
          continue; // the pending Sends are a new list each step: SharedValues stores them
        }
        if (lists.isEmpty()) {
          inline = new HashMap<>(cp.channelValues());
          lists = new LinkedHashMap<>();
          rows = new LinkedHashMap<>();
        }
        Stored before = parentKnown ? prevLists.get(e.getKey()) : null;
        Stored now;
        try {
          now = store(e.getKey(), list, before, cp.id(), rows, strings);
        } catch (SerdeException bad) {
          throw new SerdeException("channel \"" + e.getKey() + "\" holds a value that cannot be saved: "
              + bad.getMessage(), bad);
        }
        lists.put(e.getKey(), now);
        inline.remove(e.getKey());
        listBytes += now.bytes();
      }
      remember(key(parent), Last.of(cp.id(), lists));
      return new Split(inline, lists, rows, listBytes);
    }
  }

  private Stored store(String channel, List<?> list, Stored before, String id, Map<String, byte[]> rows,
                       SharedValues.Encoding strings) {
    if (before != null && startsWith(list, before.value())) {
      if (list.size() == before.value().size()) {
        return new Stored(list, before.group(), before.upto(), before.bytes());
      }
      long strung = strings.listStrings;
      byte[] tail = row(new ArrayList<>(list.subList(before.value().size(), list.size())), strings);
      rows.put(channel, tail);
      return new Stored(list, before.group(), id, before.bytes() + tail.length + strings.listStrings - strung);
    }
    long strung = strings.listStrings;
    byte[] whole = row(list, strings);
    rows.put(channel, whole);
    return new Stored(list, id, id, whole.length + strings.listStrings - strung);
  }

  /**
   * A row's bytes, its long strings written as blob references. Its list's size counts those strings too
   * ({@link SharedValues.Encoding#listStrings}), so the cache's budget bounds what it holds in memory, not what the
   * rows hold on disk.
   */
  private byte[] row(List<?> elements, SharedValues.Encoding strings) {
    return mayHoldLongString(elements) ? serde.dump(elements, strings::listString) : serde.dump(elements);
  }

  /**
   * Whether {@code v} may hold a string of at least {@link SharedValues#BIG} characters: false for scalars, short
   * strings, and lists and maps of them, found without allocating (a list of numbers or short strings is written
   * as before); true for such a string and for any other object (records, beans), whose parts the serde visits.
   */
  static boolean mayHoldLongString(Object v) {
    switch (v) {
      case null -> {
        return false;
      }
      case String s -> {
        return s.length() >= SharedValues.BIG;
      }
      case Number n -> {
        return false;
      }
      case Boolean b -> {
        return false;
      }
      case List<?> list when list instanceof java.util.RandomAccess -> {
        for (int i = 0; i < list.size(); i++) {
          if (mayHoldLongString(list.get(i))) {
            return true;
          }
        }
        return false;
      }
      case Map<?, ?> m -> {
        for (Map.Entry<?, ?> e : m.entrySet()) {
          if (mayHoldLongString(e.getKey()) || mayHoldLongString(e.getValue())) {
            return true;
          }
        }
        return false;
      }
      default -> {
        return true;
      }
    }
  }

  static boolean startsWith(List<?> list, List<?> prefix) {
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

  /** The lists of the last checkpoint this saver wrote on {@code config}'s thread and namespace, or null. */
  Last last(CheckpointConfig config) {
    synchronized (last) {
      return last.get(key(config));
    }
  }

  /** Forgets every namespace of a thread (after a delete, or a batch that failed). */
  void forget(String threadId) {
    synchronized (last) {
      var it = last.entrySet().iterator();
      while (it.hasNext()) {
        var e = it.next();
        if (e.getKey().startsWith(threadId + '\u0000')) {
          keptBytes -= e.getValue().bytes();
          it.remove();
        }
      }
    }
  }

  /** What a checkpoint's blob records for its lists: channel → [group, last row]. */
  static Map<String, List<String>> references(Map<String, Stored> lists) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    lists.forEach((channel, s) -> out.put(channel, List.of(s.group(), s.upto())));
    return out;
  }

  /**
   * Writes a checkpoint's list rows in the transaction of {@code c}.
   *
   * @param inserted the list rows this transaction wrote already (filled in here): a group whose
   *     first row is among them needs no check that it still exists
   */
  void insert(JdbcDatabase db, Connection c, CheckpointConfig parent, String checkpointId, Split split,
              java.util.Set<String> inserted) throws SQLException {
    requireGroups(db, c, parent, checkpointId, split, inserted);
    for (Map.Entry<String, byte[]> e : split.rows().entrySet()) {
      String group = split.lists().get(e.getKey()).group();
      db.update(c, "INSERT INTO checkpoint_appends (thread_id, checkpoint_ns, channel, group_id, checkpoint_id, tail) "
          + "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (thread_id, checkpoint_ns, channel, group_id, checkpoint_id) "
          + "DO UPDATE SET tail = excluded.tail",
          parent.threadId(), parent.namespace(), e.getKey(), group, checkpointId, e.getValue());
      inserted.add(rowKey(parent, e.getKey(), group, checkpointId));
    }
  }

  private static String rowKey(CheckpointConfig thread, String channel, String group, String checkpointId) {
    return thread.threadId() + '\u0000' + thread.namespace() + '\u0000' + channel + '\u0000' + group + '\u0000' + checkpointId;
  }

  /**
   * Fails the write when a group the checkpoint continues lost its first row while the
   * checkpoint was being written (its thread was rolled back or deleted meanwhile): saving it
   * would leave a state nobody can read. On PostgreSQL the first row is share-locked until the
   * transaction ends, so a concurrent delete waits for it; SQLite serialises writers. A first row
   * this transaction wrote itself ({@code inserted}) cannot have been deleted by another.
   */
  private void requireGroups(JdbcDatabase db, Connection c, CheckpointConfig parent, String checkpointId, Split split,
                             java.util.Set<String> inserted) throws SQLException {
    String lock = db.shareLock();
    for (Map.Entry<String, Stored> e : split.lists().entrySet()) {
      String group = e.getValue().group();
      if (group.equals(checkpointId) || inserted.contains(rowKey(parent, e.getKey(), group, group))) {
        continue;
      }
      boolean present = db.query(c, "SELECT 1 FROM checkpoint_appends WHERE thread_id = ? AND checkpoint_ns = ? "
          + "AND channel = ? AND group_id = ? AND checkpoint_id = ?" + lock, java.sql.ResultSet::next,
          parent.threadId(), parent.namespace(), e.getKey(), group, group);
      if (!present) {
        forget(parent.threadId());
        throw new IllegalStateException("checkpoint " + checkpointId + " of thread " + parent.threadId()
            + " continues the stored list of channel \"" + e.getKey() + "\" from " + group
            + ", which was deleted while it was written (the thread was rolled back or deleted); nothing was saved");
      }
    }
  }

  /**
   * A kept list as a read returns it: a list of the application's own class (the agent's message
   * list, which an appending reducer extends in place of copying) as it was written, as the
   * in-memory saver keeps such values by reference; a JDK list (mutable, or meaning nothing more
   * than its elements) behind an unmodifiable view.
   */
  @SuppressWarnings("unchecked")
  static List<Object> kept(List<?> value) {
    return value.getClass().getName().startsWith("java.") ? Collections.unmodifiableList(value) : (List<Object>) value;
  }

  /**
   * The value of {@code channel} at checkpoint {@code id}, whose blob gave {@code reference} ([group, last row]); the
   * rows' blob references are read with {@code resolve} (the read transaction's {@link SharedValues.Resolver}).
   */
  List<Object> read(JdbcDatabase db, Connection c, CheckpointConfig config, String id, String channel,
                    List<String> reference, java.util.function.Function<Object, Object> resolve) throws SQLException {
    String group = reference.get(0);
    synchronized (last) {
      // The list this saver last wrote at that row is the one the rows hold: no need to read it back.
      Map<String, Stored> lists = kept(key(config));
      Stored s = lists == null ? null : lists.get(channel);
      if (s != null && s.group().equals(group) && s.upto().equals(reference.get(1))) {
        return kept(s.value());
      }
    }
    List<Object> out = new ArrayList<>();
    boolean whole = db.query(c, "SELECT checkpoint_id, tail FROM checkpoint_appends WHERE thread_id = ? "
        + "AND checkpoint_ns = ? AND channel = ? AND group_id = ? AND checkpoint_id <= ? ORDER BY checkpoint_id", rs -> {
          boolean first = true;
          boolean rooted = false;
          while (rs.next()) {
            if (first) {
              rooted = group.equals(rs.getString(1));
              first = false;
            }
            out.addAll((List<?>) serde.load(rs.getBytes(2), resolve));
          }
          return rooted;
        }, config.threadId(), config.namespace(), channel, group, reference.get(1));
    if (!whole) {
      throw new IncompleteList("checkpoint " + id + " of thread " + config.threadId() + ": the stored list of "
          + "channel \"" + channel + "\" is incomplete (its first row, at " + group + ", is missing)");
    }
    return Collections.unmodifiableList(out);
  }
}
