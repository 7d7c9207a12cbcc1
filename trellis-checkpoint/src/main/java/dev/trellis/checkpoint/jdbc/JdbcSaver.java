package dev.trellis.checkpoint.jdbc;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.serde.Serde;
import dev.trellis.checkpoint.serde.SerdeException;
import dev.trellis.diagnostics.Waits;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link CheckpointSaver} over JDBC, shared by the SQLite and PostgreSQL savers: the
 * same tables and statements (standard SQL with {@code ON CONFLICT} upserts), with
 * connections, locking and dialect details left to the {@link JdbcDatabase}.
 *
 * <p>Tables: {@code checkpoints(thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id,
 * checkpoint, metadata)} — the checkpoint (values, versions, versions-seen) as one serde
 * blob, metadata as JSON text — and {@code checkpoint_writes(thread_id, checkpoint_ns,
 * checkpoint_id, task_id, idx, channel, value)}. A task's reserved writes (error,
 * interrupt, resume) have fixed negative indexes and replace their predecessor; its
 * ordinary writes replace its earlier ordinary writes as a set, so saving a task twice
 * (a retry after a crash) is idempotent. Long list values (conversations) are kept out of
 * the blob, in {@code checkpoint_appends} as what each checkpoint appended ({@link AppendedLists});
 * large values once per thread in {@code checkpoint_blobs}, which checkpoints and writes name
 * ({@link SharedValues}). Databases written before blobs existed read as they did.
 */
public class JdbcSaver implements CheckpointSaver, AutoCloseable {
  static final JacksonSerde TAGS = new JacksonSerde();

  /** The saver's tables: {@code checkpoints}, {@code checkpoint_writes}, {@code checkpoint_appends}, {@code checkpoint_blobs}. */
  public static final Schema SCHEMA = Schema.of("trellis_saver", "trellis-schema/saver", JdbcSaver.class);

  private final JdbcDatabase db;
  private final Serde serde;
  private final WriteGuard guard;
  private final AppendedLists appended;
  private final java.util.concurrent.atomic.LongAdder checkpointsRead = new java.util.concurrent.atomic.LongAdder();
  private final SharedValues shared;
  /** Threads the caller said have no root checkpoint ({@link #knownEmpty}): their next newest-checkpoint read is skipped. */
  private final java.util.Set<String> empty = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /** A saver on {@code db}; brings its tables ({@link #SCHEMA}) to the newest version. */
  public JdbcSaver(JdbcDatabase db, Serde serde) {
    this(db, serde, WriteGuard.NONE);
  }

  /** A saver on {@code db} whose every write transaction first passes {@code guard}. */
  public JdbcSaver(JdbcDatabase db, Serde serde, WriteGuard guard) {
    this(db, serde, guard, AppendedLists.defaultBudget());
  }

  /**
   * A saver on {@code db} whose every write transaction first passes {@code guard}, keeping in memory at most
   * {@code listCacheBytes} (stored size) of the threads' newest list values, which let a checkpoint store only what
   * its step appended without reading the list back. The default is a sixteenth of the maximum heap; the threads
   * written longest ago are forgotten first, and any may be dropped when memory runs short.
   */
  public JdbcSaver(JdbcDatabase db, Serde serde, WriteGuard guard, long listCacheBytes) {
    this.db = db;
    this.serde = serde;
    this.guard = guard;
    this.appended = new AppendedLists(serde, listCacheBytes);
    this.shared = new SharedValues(serde);
    db.migrate(SCHEMA);
  }

  private <T> T transaction(JdbcDatabase.Work<T> work) {
    return db.transaction(work);
  }

  /**
   * A read transaction ({@link JdbcDatabase#read}: it neither waits for writers nor holds them up), read again when a
   * checkpoint's list rows vanished under it (a concurrent rollback or thread deletion committed between its
   * statements): the second read sees the thread as the deletion left it.
   */
  private <T> T read(JdbcDatabase.Work<T> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        return db.read(work);
      } catch (AppendedLists.IncompleteList raced) {
        if (attempt == 3) {
          throw raced;
        }
      }
    }
  }


  /**
   * How many checkpoints this saver has read back (decoded) since it was made: what reads cost, for tests and
   * metrics (reading a thread's newest checkpoint, or a page of its history, reads that many, not the thread).
   */
  public long checkpointsRead() {
    return checkpointsRead.sum();
  }

  /** The stored bytes of the list values this saver keeps in memory now (at most its list cache budget). */
  public long listCacheBytes() {
    return appended.keptBytes();
  }

  /** Closes the database this saver uses (its pool or connection). */
  @Override
  public void close() {
    db.close();
  }

  /**
   * Tells the saver that thread {@code threadId} has no checkpoint in its root namespace and that nobody else will
   * write one before the caller does (a server run on a thread that had none when the run was created, which keeps the
   * thread busy): the next read of its newest root checkpoint answers none without asking the database. The hint is
   * forgotten by that read, by any write to the thread through this saver, and by {@link #forgetEmpty}.
   */
  public void knownEmpty(String threadId) {
    empty.add(threadId);
  }

  /** Forgets {@link #knownEmpty}'s hint for {@code threadId} (no-op when there is none). */
  public void forgetEmpty(String threadId) {
    empty.remove(threadId);
  }

  @Override
  public CheckpointTuple getTuple(CheckpointConfig config) {
    if (config.checkpointId() == null && config.namespace().isEmpty() && !empty.isEmpty()
        && config.threadId() != null && empty.remove(config.threadId())) {
      return null;
    }
    return read(c -> {
      String sql = "SELECT checkpoint_id, parent_checkpoint_id, checkpoint, metadata FROM checkpoints "
          + "WHERE thread_id = ? AND checkpoint_ns = ?"
          + (config.checkpointId() == null ? " ORDER BY checkpoint_id DESC LIMIT 1" : " AND checkpoint_id = ?");
      Object[] args = config.checkpointId() == null ? new Object[] {config.threadId(), config.namespace()}
          : new Object[] {config.threadId(), config.namespace(), config.checkpointId()};
      SharedValues.Resolver refs = shared.new Resolver(db, c, appended);
      return db.query(c, sql, rs -> rs.next() ? tuple(c, config, rs, refs) : null, args);
    });
  }

  @Override
  public List<CheckpointTuple> list(CheckpointConfig config, String before, int limit) {
    return read(c -> {
      String sql = "SELECT checkpoint_id, parent_checkpoint_id, checkpoint, metadata FROM checkpoints "
          + "WHERE thread_id = ? AND checkpoint_ns = ?" + (before == null ? "" : " AND checkpoint_id < ?")
          + " ORDER BY checkpoint_id DESC" + (limit > 0 ? " LIMIT " + limit : "");
      Object[] args = before == null ? new Object[] {config.threadId(), config.namespace()}
          : new Object[] {config.threadId(), config.namespace(), before};
      SharedValues.Resolver refs = shared.new Resolver(db, c, appended);
      return db.query(c, sql, rs -> {
        List<CheckpointTuple> out = new ArrayList<>();
        while (rs.next()) {
          out.add(tuple(c, config, rs, refs));
        }
        return out;
      }, args);
    });
  }

  /**
   * Filters on the metadata column first and decodes only the checkpoints that match, up to {@code limit}: a filtered
   * page costs the checkpoints it returns plus a scan of metadata, not a decode of every checkpoint.
   */
  @Override
  public List<CheckpointTuple> list(CheckpointConfig config, String before, int limit, Map<String, ?> filter) {
    if (filter == null || filter.isEmpty()) {
      return list(config, before, limit);
    }
    return read(c -> {
      String sql = "SELECT checkpoint_id, metadata FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = ?"
          + (before == null ? "" : " AND checkpoint_id < ?") + " ORDER BY checkpoint_id DESC";
      Object[] args = before == null ? new Object[] {config.threadId(), config.namespace()}
          : new Object[] {config.threadId(), config.namespace(), before};
      SharedValues.Resolver refs = shared.new Resolver(db, c, appended);
      List<String> matching = db.query(c, sql, rs -> {
        List<String> ids = new ArrayList<>();
        while (rs.next() && (limit <= 0 || ids.size() < limit)) {
          if (CheckpointSaver.matches(decodeMetadata(rs.getString(2), refs), filter)) {
            ids.add(rs.getString(1));
          }
        }
        return ids;
      }, args);
      List<CheckpointTuple> out = new ArrayList<>(matching.size());
      for (String id : matching) {
        CheckpointTuple t = db.query(c, "SELECT checkpoint_id, parent_checkpoint_id, checkpoint, metadata FROM checkpoints "
            + "WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?", rs -> rs.next() ? tuple(c, config, rs, refs) : null,
            config.threadId(), config.namespace(), id);
        if (t != null) {
          out.add(t);
        }
      }
      return out;
    });
  }

  private CheckpointTuple tuple(Connection c, CheckpointConfig config, ResultSet rs, SharedValues.Resolver refs)
      throws SQLException {
    String id = rs.getString(1);
    String parent = rs.getString(2);
    refs.at(config, id);
    Checkpoint cp = decodeCheckpoint(c, config, id, rs.getBytes(3), refs);
    CheckpointMetadata md = decodeMetadata(rs.getString(4), refs);
    List<PendingWrite> writes = db.query(c, "SELECT task_id, channel, value FROM checkpoint_writes "
        + "WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? ORDER BY task_id, idx", w -> {
          List<PendingWrite> out = new ArrayList<>();
          while (w.next()) {
            byte[] v = w.getBytes(3);
            out.add(new PendingWrite(w.getString(1), w.getString(2), v == null ? null : serde.load(v, refs)));
          }
          return out;
        }, config.threadId(), config.namespace(), id);
    return new CheckpointTuple(config.withCheckpointId(id), cp, md,
        parent == null ? null : config.withCheckpointId(parent), writes);
  }

  @Override
  public CheckpointConfig put(CheckpointConfig parent, Checkpoint checkpoint, CheckpointMetadata metadata) {
    putBatch(List.of(new SaveOp.Put(parent, checkpoint, metadata)));
    return parent.withCheckpointId(checkpoint.id());
  }

  @Override
  public void putWrites(CheckpointConfig config, String taskId, List<PendingWrite> writes) {
    putBatch(List.of(new SaveOp.Writes(config, taskId, writes)));
  }

  /** All saves in one transaction: one commit for a whole step (or several, when saving lags behind). */
  @Override
  public void putBatch(List<SaveOp> ops) {
    putBatch(ops, c -> null);
  }

  /**
   * As {@link #putBatch(List)}, then {@code then} in the same transaction (on the same connection, after the
   * saves): the saves and {@code then}'s writes commit together or not at all. Returns what {@code then}
   * returns. The saves are serialized before the transaction begins; {@code then} should be short.
   *
   * @throws IllegalStateException the database failed, or {@code then} did (nothing is saved then)
   */
  public <T> T putBatch(List<SaveOp> ops, JdbcDatabase.Work<T> then) {
    return putBatch(ops, then, true);
  }

  /**
   * As {@link #putBatch(List, JdbcDatabase.Work)}, with {@code then} standing in for this saver's {@link WriteGuard}:
   * the guard is not asked, so {@code then} must itself throw when the writer may no longer write (a fenced update of
   * the row the guard would read, whose count says whether it still holds it), which rolls back the saves with it.
   * One statement fewer than the guard's read followed by {@code then}'s write of the same row.
   */
  public <T> T putBatchGuardedBy(List<SaveOp> ops, JdbcDatabase.Work<T> then) {
    return putBatch(ops, then, false);
  }

  private <T> T putBatch(List<SaveOp> ops, JdbcDatabase.Work<T> then, boolean guarded) {
    if (!empty.isEmpty()) {
      for (SaveOp op : ops) {
        String thread = threadOf(op);
        if (thread != null) {
          empty.remove(thread);
        }
      }
    }
    try {
      // Serialize first, outside the transaction, so a value that cannot be saved aborts nothing half-way.
      long t0 = Waits.now();
      List<BatchedSaves.Encoded> encoded = new ArrayList<>(ops.size());
      MetadataExtras extras = new MetadataExtras();
      for (SaveOp op : ops) {
        encoded.add(switch (op) {
          case SaveOp.Put p -> encodePut(p, extras);
          case SaveOp.Writes w -> encodeWrites(w);
        });
      }
      Waits.since("saver.encode", t0);
      T result = transact(ops, encoded, then, guarded);
      for (BatchedSaves.Encoded e : encoded) {
        e.shared().committed();
      }
      return result;
    } catch (RuntimeException e) {
      // The list deltas and blobs of these saves were claimed but not saved: start their threads afresh.
      for (SaveOp op : ops) {
        String thread = threadOf(op);
        appended.forget(thread);
        shared.forget(thread);
      }
      throw e;
    }
  }

  private static String threadOf(SaveOp op) {
    return switch (op) {
      case SaveOp.Put p -> p.parent().threadId();
      case SaveOp.Writes w -> w.config().threadId();
    };
  }

  private <T> T transact(List<SaveOp> ops, List<BatchedSaves.Encoded> encoded, JdbcDatabase.Work<T> then,
                         boolean guarded) {
    return transaction(c -> {
      if (guarded && guard != WriteGuard.NONE) {
        java.util.Set<String> threads = new java.util.HashSet<>();
        for (SaveOp op : ops) {
          threads.add(threadOf(op));
        }
        guard.check(c, threads);
      }
      BatchedSaves.write(db, c, appended, encoded);
      return then.run(c);
    });
  }

  private BatchedSaves.Encoded encodePut(SaveOp.Put p, MetadataExtras extras) {
    SharedValues.Encoding enc = shared.forCheckpoint(p.parent(), p.checkpoint().id());
    AppendedLists.Split split = appended.split(p.parent(), p.checkpoint(), enc);
    SharedValues.Split blobs = shared.split(p.parent(), p.checkpoint(), split.inline(),
        AppendedLists.Last.of(p.checkpoint().id(), split.lists()), enc);
    byte[] blob = encodeCheckpoint(p.checkpoint(), split, blobs);
    long blobBytes = -enc.listBlobBytes; // the lists' size counts their strings already
    for (byte[] b : enc.rows.values()) {
      blobBytes += b.length;
    }
    serde.checkSize(blob.length + split.listBytes() + blobBytes);
    return new BatchedSaves.Encoded(p, blob, extras.encode(p.metadata(), blobs.encoding()), null, split,
        blobs.encoding());
  }

  private BatchedSaves.Encoded encodeWrites(SaveOp.Writes op) {
    SharedValues.Encoding refs = shared.forWrites(op.config(), appended.last(op.config()));
    List<byte[]> values = new ArrayList<>(op.writes().size());
    for (PendingWrite w : op.writes()) {
      try {
        values.add(w.value() == null ? null : encodeWrite(w.value(), refs));
      } catch (SerdeException e) {
        throw new SerdeException("task " + op.taskId() + " wrote channel \"" + w.channel() + "\": " + e.getMessage(), e);
      }
    }
    return new BatchedSaves.Encoded(op, null, null, values, null, refs);
  }

  /** A written value: a blob when it is large (the checkpoint holding it next names the same blob). */
  private byte[] encodeWrite(Object value, SharedValues.Encoding refs) {
    byte[] bytes = serde.dump(value, refs);
    if (bytes.length < SharedValues.BIG) {
      return bytes;
    }
    String id = SharedValues.digest(bytes);
    Map<String, Object> token = Map.of("blob", id);
    byte[] reference = serde.dump(value, x -> x == value ? token : null);
    if (reference.length >= SharedValues.BIG) {
      return bytes; // a serde that writes every value whole
    }
    refs.blob(id, bytes, value);
    return reference;
  }

  @Override
  public void deleteThread(String threadId) {
    empty.remove(threadId);
    transaction(c -> {
      for (String table : List.of("checkpoint_writes", "checkpoint_appends", "checkpoint_blobs", "checkpoints")) {
        db.update(c, "DELETE FROM " + table + " WHERE thread_id = ?", threadId);
      }
      return null;
    });
    appended.forget(threadId);
    shared.forget(threadId);
  }

  @Override
  public void deleteAfter(String threadId, String checkpointId) {
    if (checkpointId == null) {
      deleteThread(threadId);
      return;
    }
    empty.remove(threadId);
    transaction(c -> {
      for (String table : List.of("checkpoint_writes", "checkpoint_appends", "checkpoint_blobs", "checkpoints")) {
        db.update(c, "DELETE FROM " + table + " WHERE thread_id = ? AND checkpoint_id > ?", threadId, checkpointId);
      }
      return null;
    });
    appended.forget(threadId);
    shared.forget(threadId);
  }

  @Override
  public void copyThread(String from, String to) {
    empty.remove(to);
    transaction(c -> {
      db.update(c, "INSERT INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, "
          + "checkpoint, metadata) SELECT ?, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, "
          + "metadata FROM checkpoints WHERE thread_id = ?", to, from);
      db.update(c, "INSERT INTO checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, "
          + "channel, value) SELECT ?, checkpoint_ns, checkpoint_id, task_id, idx, channel, value "
          + "FROM checkpoint_writes WHERE thread_id = ?", to, from);
      db.update(c, "INSERT INTO checkpoint_appends (thread_id, checkpoint_ns, channel, group_id, checkpoint_id, tail) "
          + "SELECT ?, checkpoint_ns, channel, group_id, checkpoint_id, tail FROM checkpoint_appends WHERE thread_id = ?",
          to, from);
      db.update(c, "INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, blob_id, checkpoint_id, value) "
          + "SELECT ?, checkpoint_ns, blob_id, checkpoint_id, value FROM checkpoint_blobs WHERE thread_id = ?", to, from);
      return null;
    });
  }

  private byte[] encodeCheckpoint(Checkpoint cp, AppendedLists.Split split, SharedValues.Split blobs) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", cp.id());
    m.put("ts", cp.ts());
    m.put("values", blobs.inline());
    if (!split.lists().isEmpty()) {
      m.put("appended", AppendedLists.references(split.lists()));
    }
    if (!blobs.blobs().isEmpty()) {
      m.put("blobs", blobs.blobs());
    }
    m.put("versions", StoredVersions.of(cp.channelVersions()));
    m.put("seen", StoredVersions.seen(cp.versionsSeen()));
    SharedValues.Encoding refs = blobs.encoding();
    try {
      // The envelope and its version maps hold no value a reference could replace: not offered to the references.
      return serde.dump(m, x -> x == m || StoredVersions.is(x) ? null : refs.apply(x));
    } catch (SerdeException e) {
      for (Map.Entry<String, Object> v : cp.channelValues().entrySet()) {
        try {
          serde.dump(v.getValue());
        } catch (SerdeException bad) {
          throw new SerdeException("channel \"" + v.getKey() + "\" holds a value that cannot be saved: "
              + bad.getMessage(), bad);
        }
      }
      throw e;
    }
  }

  @SuppressWarnings("unchecked")
  private Checkpoint decodeCheckpoint(Connection c, CheckpointConfig config, String id, byte[] blob,
                                      SharedValues.Resolver refs) throws SQLException {
    checkpointsRead.increment();
    Map<String, Object> m = (Map<String, Object>) serde.load(blob, refs);
    Map<String, Object> values = (Map<String, Object>) m.get("values");
    Map<String, List<String>> lists = (Map<String, List<String>>) m.get("appended");
    Map<String, String> blobs = (Map<String, String>) m.get("blobs");
    if (lists != null || blobs != null) {
      values = new java.util.HashMap<>(values);
    }
    if (lists != null) {
      for (Map.Entry<String, List<String>> e : lists.entrySet()) {
        values.put(e.getKey(), appended.read(db, c, config, id, e.getKey(), e.getValue(), refs));
      }
    }
    if (blobs != null) {
      for (Map.Entry<String, String> e : blobs.entrySet()) {
        values.put(e.getKey(), refs.blob(e.getValue()));
      }
    }
    Map<String, Long> versions = new LinkedHashMap<>();
    ((Map<String, Object>) m.get("versions")).forEach((k, v) -> versions.put(k, ((Number) v).longValue()));
    Map<String, Map<String, Long>> seen = new LinkedHashMap<>();
    ((Map<String, Object>) m.get("seen")).forEach((node, s) -> {
      Map<String, Long> row = new LinkedHashMap<>();
      ((Map<String, Object>) s).forEach((k, v) -> row.put(k, ((Number) v).longValue()));
      seen.put(node, row);
    });
    return new Checkpoint((String) m.get("id"), (String) m.get("ts"), values, versions, seen);
  }

  static String encodeMetadata(CheckpointMetadata md, java.util.function.Function<Object, Object> refs) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("source", md.source());
    m.put("step", md.step());
    if (!md.writes().isEmpty()) {
      m.put("writes", md.writes());
    }
    m.put("extra", md.extra());
    return new String(TAGS.dump(m, refs), java.nio.charset.StandardCharsets.UTF_8);
  }

  @SuppressWarnings("unchecked")
  private static CheckpointMetadata decodeMetadata(String json, SharedValues.Resolver refs) {
    Map<String, Object> m = (Map<String, Object>) TAGS.load(json.getBytes(java.nio.charset.StandardCharsets.UTF_8), refs);
    return new CheckpointMetadata((String) m.get("source"), ((Number) m.get("step")).intValue(),
        (Map<String, Object>) m.get("writes"), (Map<String, Object>) m.get("extra"));
  }

  /** The DDL both dialects share, with the blob column type filled in. */
}
