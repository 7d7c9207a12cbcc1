package dev.trellis.checkpoint.jdbc;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.serde.Serde;
import java.lang.ref.WeakReference;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Stores each large value once per thread in the JDBC savers, so that a value no node changes
 * is not saved again by every checkpoint, and a copy of the state that a task sends on (an
 * agent's tool call carries the whole state in its {@code Send}) costs a few references.
 *
 * <p>Table {@code checkpoint_blobs(thread_id, checkpoint_ns, blob_id, checkpoint_id, value)}:
 * a value serialized once, keyed by the SHA-256 of its bytes (content-addressed, as LangGraph's
 * PostgreSQL saver keys blobs by channel version; a content key also makes equal values written
 * by forks, retries or other processes one row), with the earliest checkpoint that names it (for
 * {@code deleteAfter}). These are written as references (a {@code $ref} token of the serde, see
 * {@link Serde#dump(Object, Function)}):
 * <ul>
 *   <li>a channel value of a checkpoint whose serialized form has at least {@link #BIG} bytes is
 *       a blob; when the checkpoint's parent is the one this saver last wrote on the thread and
 *       the channel's version did not change, the parent's blob is named again without
 *       serializing the value;</li>
 *   <li>a string of at least {@link #BIG} characters anywhere in a checkpoint, a task's writes or
 *       the rows of its lists in {@code checkpoint_appends} ({@link AppendedLists}) is a blob (found
 *       again by content: a list of long strings from a run's input is stored once per thread, its
 *       input write and its list rows naming the same blobs);</li>
 *   <li>a map met a second time while one checkpoint or one task's writes are saved (the
 *       Sends of a step share the state they carry), when its serialized form has at least
 *       {@link #BIG} bytes, is a blob from then on;</li>
 *   <li>inside a checkpoint or the writes saved with the checkpoint this saver last wrote on the
 *       thread, a value that is one of that checkpoint's blob values, or a list of at least
 *       {@link AppendedLists#MIN_LENGTH} elements that extends one of its stored lists, is a
 *       reference (to the list's rows, with the extra elements).</li>
 * </ul>
 * A reference only names rows of its own checkpoint or earlier ones on its thread and namespace (a
 * blob named again is checked to be there and takes the earlier checkpoint's id when it had a
 * later one), so deleting the checkpoints after one never leaves a reference without its rows. Which blobs
 * a thread holds, and weak references to their values (reads of the newest state answer from
 * them), are remembered for at most {@link #REMEMBERED} threads and
 * {@link #STORED_IDS} blob ids a thread. Thread-safe.
 */
final class SharedValues {
  /** Threads whose blob ids are remembered (ids and weak references only: a few hundred bytes a thread). */
  static final int REMEMBERED = 4096;
  /** Values (serialized) and strings (characters) at least this long are stored as blobs. */
  static final int BIG = 1024;
  /** Maps a save remembers by identity to find one met again (see {@code Encoding.repeated}). */
  static final int RECENT = 8;
  /** Blob ids remembered as stored per thread (beyond, the set starts again: a row is then re-inserted, a no-op). */
  static final int STORED_IDS = 64;

  /** A blob-stored channel of a checkpoint: its version, blob and value (weakly held). */
  record Held(long version, String blobId, WeakReference<Object> value) {}

  /** What this saver knows of a thread and namespace: its last checkpoint's blob channels, the blobs it stored. */
  private static final class Known {
    String checkpointId;
    Map<String, Held> channels = Map.of();
    final Set<String> stored = new HashSet<>();
    final Map<String, WeakReference<Object>> values = new HashMap<>();
  }

  /** A checkpoint's channel values split: inline values, blob channels (channel → blob id), how to serialize. */
  record Split(Map<String, Object> inline, Map<String, String> blobs, Encoding encoding) {}

  private final Serde serde;
  private final Map<String, Known> known = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Known> eldest) {
      return size() > REMEMBERED;
    }
  };

  SharedValues(Serde serde) {
    this.serde = serde;
  }

  private static String key(CheckpointConfig config) {
    return config.threadId() + '\u0000' + config.namespace();
  }

  /**
   * Splits the values {@code inline} of {@code cp} (the child of {@code parent}; its lists
   * {@code lists} were split off already) into blobs and inline values, and records the
   * checkpoint as the thread's last.
   */
  Split split(CheckpointConfig parent, Checkpoint cp, Map<String, Object> inline, AppendedLists.Last lists,
              Encoding enc) {
    Known k;
    Map<String, Held> before;
    synchronized (known) {
      k = known.computeIfAbsent(key(parent), x -> new Known());
      before = parent.checkpointId() != null && parent.checkpointId().equals(k.checkpointId) ? k.channels : Map.of();
    }
    enc.lists = lists;
    enc.held = before.values();
    // Copied only when a value becomes a blob: most checkpoints hold none.
    Map<String, Object> rest = inline;
    Map<String, String> blobs = Map.of();
    Map<String, Held> now = Map.of();
    for (Map.Entry<String, Object> e : inline.entrySet()) {
      Object v = e.getValue();
      if (v == null || v instanceof Number || v instanceof Boolean || (v instanceof String str && str.length() < BIG)) {
        continue;
      }
      long version = cp.channelVersions().getOrDefault(e.getKey(), 0L);
      Held was = before.get(e.getKey());
      String id;
      if (was != null && was.version() == version && was.value().get() == v) {
        id = enc.reuse(was.blobId());
      } else if (smallBound(v, BIG) >= 0) {
        continue; // surely under BIG serialized: inline, without serializing it here to find out
      } else {
        byte[] bytes = serde.dump(v, x -> x == v ? null : enc.apply(x));
        if (bytes.length < BIG) {
          continue;
        }
        id = enc.blob(bytes, v);
      }
      if (blobs.isEmpty()) {
        rest = new HashMap<>(inline);
        blobs = new LinkedHashMap<>();
        now = new HashMap<>();
      }
      blobs.put(e.getKey(), id);
      rest.remove(e.getKey());
      now.put(e.getKey(), new Held(version, id, new WeakReference<>(v)));
    }
    synchronized (known) {
      k.checkpointId = cp.id();
      k.channels = now;
      known.put(key(parent), k);
    }
    enc.held = now.values();
    return new Split(rest, blobs, enc);
  }

  /**
   * What is left of {@code budget} after an upper bound of {@code v}'s serialized size (JSON with
   * the serde's tags, every character escaped at worst), or -1 when the bound reaches the budget
   * or cannot be told without serializing: records, beans and other objects, and lists long
   * enough to be written as references to stored lists. Allocates nothing.
   */
  static int smallBound(Object v, int budget) {
    return bound(v, budget, true);
  }

  private static int bound(Object v, int budget, boolean top) {
    int left = budget;
    switch (v) {
      case null -> left -= 4;
      case Boolean b -> left -= 5;
      case Integer i -> left -= 11;
      case Long l -> left -= 32; // {"$long":"-9223372036854775808"}
      case Double d -> left -= 24;
      case String str -> left -= 6 * str.length() + 2;
      case List<?> list -> {
        if (list.size() >= AppendedLists.MIN_LENGTH && !top) {
          return -1;
        }
        left -= 2;
        for (Object x : list) {
          if (left <= 0) {
            break;
          }
          left = bound(x, left - 1, false);
        }
      }
      case Map<?, ?> m -> {
        left -= 12; // {"$map":[...]} when a key is not a plain string
        for (Map.Entry<?, ?> e : m.entrySet()) {
          if (left <= 0) {
            break;
          }
          left = bound(e.getKey(), left - 6, false);
          if (left > 0) {
            left = bound(e.getValue(), left, false);
          }
        }
      }
      default -> {
        return -1;
      }
    }
    return left > 0 ? left : -1;
  }

  /**
   * How to serialize checkpoint {@code checkpointId}, the child of {@code parent}: its list rows' long strings first
   * ({@link Encoding#listString}), then the rest of it ({@link #split}).
   */
  Encoding forCheckpoint(CheckpointConfig parent, String checkpointId) {
    return new Encoding(parent, checkpointId, null, List.of());
  }

  /** How to serialize the writes saved with checkpoint {@code config}: references to what it stores, when this saver wrote it last. */
  Encoding forWrites(CheckpointConfig config, AppendedLists.Last lists) {
    Map<String, Held> held = Map.of();
    synchronized (known) {
      Known k = known.get(key(config));
      if (k != null && config.checkpointId().equals(k.checkpointId)) {
        held = k.channels;
      }
    }
    boolean current = lists != null && config.checkpointId().equals(lists.checkpointId());
    return new Encoding(config, config.checkpointId(), current ? lists : null, held.values());
  }

  /** Forgets every namespace of a thread (after a delete, or a batch that failed). */
  void forget(String threadId) {
    synchronized (known) {
      known.keySet().removeIf(k -> k.startsWith(threadId + '\u0000'));
    }
  }

  /**
   * One save's serialization: the {@code $ref} tokens for values already stored, and the blob
   * rows it adds. Not thread-safe (one save at a time).
   */
  final class Encoding implements Function<Object, Object> {
    final CheckpointConfig thread;
    final String checkpointId;
    private AppendedLists.Last lists;
    private java.util.Collection<Held> held;
    /** Bytes of the new rows that hold strings of list rows (counted with their lists' size, not again as blobs). */
    long listBlobBytes;
    /** The size of the strings written as blobs from list rows so far: characters + 2 each, every time written. */
    long listStrings;
    /** New blob rows: blob id → bytes. */
    final Map<String, byte[]> rows = new LinkedHashMap<>();
    /** Blobs named that an earlier save stored: they must still be there when this one commits. */
    final Set<String> reused = new HashSet<>();
    private final Map<String, Object> values = new HashMap<>();
    /**
     * The last {@link #RECENT} maps this save met, by identity, each with FALSE (met once), TRUE
     * (met again, small) or its blob id: pairs in one array, so a save of small maps allocates
     * nothing more. The Sends of a step, written one after the other, meet their shared state here.
     */
    private Object[] maps;
    private int recent;
    private int next;
    /** Long strings already written by this save, by identity. */
    private Map<Object, String> strings;

    Encoding(CheckpointConfig thread, String checkpointId, AppendedLists.Last lists, java.util.Collection<Held> held) {
      this.thread = thread;
      this.checkpointId = checkpointId;
      this.lists = lists;
      this.held = held;
    }

    @Override
    public Object apply(Object v) {
      for (Held h : held) {
        if (h.value().get() == v) {
          return token(reuse(h.blobId()));
        }
      }
      if (v instanceof String s && s.length() >= BIG) {
        return token(string(s));
      }
      if (v instanceof Map<?, ?> m && !m.isEmpty()) {
        return repeated(v);
      }
      Map<String, AppendedLists.Stored> kept = lists == null ? null : lists.lists(); // null: the collector dropped them
      if (v instanceof List<?> list && kept != null && list.size() >= AppendedLists.MIN_LENGTH) {
        for (Map.Entry<String, AppendedLists.Stored> e : kept.entrySet()) {
          List<?> prefix = e.getValue().value();
          if (list.size() >= prefix.size() && AppendedLists.startsWith(list, prefix)) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("list", e.getKey());
            t.put("group", e.getValue().group());
            t.put("upto", e.getValue().upto());
            t.put("tail", new ArrayList<>(list.subList(prefix.size(), list.size())));
            return t;
          }
        }
      }
      return null;
    }

    /**
     * The reference for a value of a list row ({@code checkpoint_appends}): a string of at least {@link #BIG}
     * characters is a blob (the same token and content id as elsewhere, so the input's strings are stored once per
     * thread); any other value is written as it is (null).
     */
    Object listString(Object v) {
      if (!(v instanceof String s) || s.length() < BIG) {
        return null;
      }
      int had = rows.size();
      String id = string(s);
      if (rows.size() > had) {
        listBlobBytes += rows.get(id).length;
      }
      listStrings += s.length() + 2;
      return token(id);
    }

    /** The blob of long string {@code s}, each string object of this save serialized once. */
    private String string(String s) {
      if (strings == null) {
        strings = new java.util.IdentityHashMap<>();
      }
      String id = strings.get(s);
      if (id == null) {
        id = blob(serde.dump(s), s);
        strings.put(s, id);
      }
      return id;
    }

    /**
     * A map met again in this save (the Sends of one step share the state they carry): a blob
     * from its second time on when it is large; its first time it is written as it is.
     */
    private Object repeated(Object v) {
      int at = -1;
      for (int i = 0; i < recent; i++) {
        if (maps[2 * i] == v) {
          at = i;
          break;
        }
      }
      if (at < 0) {
        if (maps == null) {
          maps = new Object[2 * RECENT];
        }
        int slot = recent < RECENT ? recent++ : evictable();
        maps[2 * slot] = v;
        maps[2 * slot + 1] = Boolean.FALSE;
        return null;
      }
      Object seen = maps[2 * at + 1];
      if (seen == Boolean.FALSE) {
        byte[] bytes = serde.dump(v, x -> x == v ? null : apply(x));
        seen = bytes.length < BIG ? Boolean.TRUE : blob(bytes, v);
        maps[2 * at + 1] = seen;
      }
      return seen instanceof String id ? token(id) : null;
    }

    /** A slot to reuse: the next one holding a map met only once (a map met again stays). */
    private int evictable() {
      for (int k = 0; k < RECENT; k++) {
        int slot = next++ % RECENT;
        if (maps[2 * slot + 1] == Boolean.FALSE) {
          return slot;
        }
      }
      return next++ % RECENT;
    }

    private static Map<String, Object> token(String blobId) {
      return Map.of("blob", blobId);
    }

    /** Names an already stored blob. */
    String reuse(String blobId) {
      if (!rows.containsKey(blobId)) {
        reused.add(blobId);
      }
      return blobId;
    }

    /** The blob holding {@code bytes} (the serialized {@code value}): a new row unless this saver stored it on the thread. */
    String blob(byte[] bytes, Object value) {
      return blob(digest(bytes), bytes, value);
    }

    /** As {@link #blob(byte[], Object)} with the digest {@code id} of {@code bytes} known. */
    String blob(String id, byte[] bytes, Object value) {
      values.put(id, value);
      boolean stored;
      synchronized (known) {
        Known k = known.get(key(thread));
        stored = k != null && k.stored.contains(id);
      }
      if (stored) {
        return reuse(id);
      }
      rows.put(id, bytes);
      reused.remove(id);
      return id;
    }

    /**
     * Inserts the new rows. A row another save stored first keeps its value and takes the earlier of the two
     * checkpoints (a checkpoint saved again after later ones, ids out of order), so a blob's checkpoint is never
     * later than one naming it and {@code deleteAfter} never deletes a blob that a checkpoint it keeps names. On
     * PostgreSQL the existing row is locked until commit, so a concurrent delete of it waits.
     */
    void insert(JdbcDatabase db, Connection c) throws SQLException {
      for (Map.Entry<String, byte[]> e : rows.entrySet()) {
        db.update(c, "INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, blob_id, checkpoint_id, value) "
            + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (thread_id, checkpoint_ns, blob_id) DO UPDATE SET "
            + "checkpoint_id = excluded.checkpoint_id WHERE checkpoint_blobs.checkpoint_id > excluded.checkpoint_id",
            thread.threadId(), thread.namespace(), e.getKey(), checkpointId, e.getValue());
      }
    }

    /**
     * Fails the save when a blob it names again was deleted meanwhile (on PostgreSQL the row is share-locked until
     * commit), and gives a blob stored by a later checkpoint this one's id (see {@link #insert}).
     */
    void requireReused(JdbcDatabase db, Connection c) throws SQLException {
      for (String id : reused) {
        // Compared in SQL, as deleteAfter compares ids.
        Boolean later = db.query(c, "SELECT checkpoint_id > ? FROM checkpoint_blobs WHERE thread_id = ? "
            + "AND checkpoint_ns = ? AND blob_id = ?" + db.shareLock(), rs -> rs.next() ? rs.getBoolean(1) : null,
            checkpointId, thread.threadId(), thread.namespace(), id);
        if (later == null) {
          forget(thread.threadId());
          throw new IllegalStateException("checkpoint " + checkpointId + " of thread " + thread.threadId()
              + " refers to a stored value that was deleted while it was written (the thread was rolled back or "
              + "deleted); nothing was saved");
        }
        if (later) {
          db.update(c, "UPDATE checkpoint_blobs SET checkpoint_id = ? WHERE thread_id = ? AND checkpoint_ns = ? "
              + "AND blob_id = ?", checkpointId, thread.threadId(), thread.namespace(), id);
        }
      }
    }

    /** After the commit: the thread now holds these blobs. */
    void committed() {
      if (rows.isEmpty() && reused.isEmpty() && values.isEmpty()) {
        return;
      }
      synchronized (known) {
        Known k = known.computeIfAbsent(key(thread), x -> new Known());
        if (k.stored.size() + rows.size() + reused.size() > STORED_IDS) {
          k.stored.clear();
        }
        k.stored.addAll(rows.keySet());
        k.stored.addAll(reused);
        k.values.values().removeIf(r -> r.get() == null);
        values.forEach((id, v) -> k.values.put(id, new WeakReference<>(v)));
      }
    }
  }

  /** Reads the {@code $ref} tokens of one read transaction, each distinct one once. */
  final class Resolver implements Function<Object, Object> {
    private final JdbcDatabase db;
    private final Connection c;
    private final AppendedLists appended;
    private final Map<Object, Object> memo = new HashMap<>();
    private CheckpointConfig config;
    private String checkpointId;

    Resolver(JdbcDatabase db, Connection c, AppendedLists appended) {
      this.db = db;
      this.c = c;
      this.appended = appended;
    }

    /** Resolves the tokens of checkpoint {@code id} of {@code config}'s thread next. */
    Resolver at(CheckpointConfig config, String id) {
      if (this.config != null && !key(this.config).equals(key(config))) {
        memo.clear();
      }
      this.config = config;
      this.checkpointId = id;
      return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object apply(Object token) {
      Map<String, Object> t = (Map<String, Object>) token;
      try {
        if (t.get("blob") instanceof String id) {
          return blob(id);
        }
        List<String> ref = List.of((String) t.get("group"), (String) t.get("upto"));
        String channel = (String) t.get("list");
        List<Object> base = (List<Object>) memo.get(List.of(channel, ref));
        if (base == null) {
          base = appended.read(db, c, config, checkpointId, channel, ref, this);
          memo.put(List.of(channel, ref), base);
        }
        List<?> tail = (List<?>) t.get("tail");
        if (tail.isEmpty()) {
          return base;
        }
        List<Object> out = new ArrayList<>(base.size() + tail.size());
        out.addAll(base);
        out.addAll(tail);
        return Collections.unmodifiableList(out);
      } catch (SQLException e) {
        throw new IllegalStateException("reading a stored value of thread " + config.threadId() + " failed: "
            + e.getMessage(), e);
      }
    }

    /** The value of blob {@code id}: from memory when this saver still holds it, else its row. */
    Object blob(String id) throws SQLException {
      Object v = memo.get(id);
      if (v != null) {
        return v;
      }
      synchronized (known) {
        Known k = known.get(key(config));
        WeakReference<Object> ref = k == null ? null : k.values.get(id);
        v = ref == null ? null : ref.get();
      }
      if (v == null) {
        byte[] bytes = db.query(c, "SELECT value FROM checkpoint_blobs WHERE thread_id = ? AND checkpoint_ns = ? "
            + "AND blob_id = ?", rs -> rs.next() ? rs.getBytes(1) : null, config.threadId(), config.namespace(), id);
        if (bytes == null) {
          throw new AppendedLists.IncompleteList("checkpoint " + checkpointId + " of thread " + config.threadId()
              + ": its stored value " + id + " is missing");
        }
        v = serde.load(bytes, this);
      }
      memo.put(id, v);
      return v;
    }
  }

  static String digest(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
