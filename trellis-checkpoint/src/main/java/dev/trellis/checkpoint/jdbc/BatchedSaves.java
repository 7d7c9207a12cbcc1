package dev.trellis.checkpoint.jdbc;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.SaveOp;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes one {@link JdbcSaver#putBatch} inside its transaction with as few statements as
 * keep its meaning: every checkpoint row in one JDBC batch, then every task write in one
 * batch (PostgreSQL's driver sends a batch in one round trip; SQLite reuses one statement),
 * so a step costs no round trip of its own; PostgreSQL's driver may further rewrite a batch
 * into multi-row inserts ({@code reWriteBatchedInserts}). Order is kept where it matters:
 * checkpoint rows in order (a checkpoint saved twice ends as the second: the batch is sent
 * before a row repeats, since one statement may not upsert a row twice), list rows after the
 * checkpoints they belong to, and a task's re-save deletes its earlier writes after every
 * insert before it and before every insert after it. New blobs go in last, and then the blobs
 * these saves name again are checked to be there.
 */
final class BatchedSaves {
  static final String INSERT_CHECKPOINT = "INSERT INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, "
      + "parent_checkpoint_id, checkpoint, metadata) VALUES (?, ?, ?, ?, ?, ?) "
      + "ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id) DO UPDATE SET checkpoint = excluded.checkpoint, "
      + "metadata = excluded.metadata";
  static final String INSERT_WRITE = "INSERT INTO checkpoint_writes (thread_id, checkpoint_ns, "
      + "checkpoint_id, task_id, idx, channel, value) VALUES (?, ?, ?, ?, ?, ?, ?) "
      + "ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) DO UPDATE SET "
      + "channel = excluded.channel, value = excluded.value";
  static final String DELETE_TASK_WRITES = "DELETE FROM checkpoint_writes WHERE thread_id = ? "
      + "AND checkpoint_ns = ? AND checkpoint_id = ? AND task_id = ? AND idx >= 0";

  /** One save, serialized before the transaction: a checkpoint's blob, metadata and lists, or a task's values. */
  record Encoded(SaveOp op, byte[] blob, String metadata, List<byte[]> values, AppendedLists.Split lists,
                 SharedValues.Encoding shared) {}

  private BatchedSaves() {}

  static void write(JdbcDatabase db, Connection c, AppendedLists appended, List<Encoded> encoded) throws SQLException {
    List<Encoded> puts = new ArrayList<>();
    for (Encoded e : encoded) {
      if (e.op() instanceof SaveOp.Put) {
        puts.add(e);
      }
    }
    if (!puts.isEmpty()) {
      insertCheckpoints(db, c, puts);
      Set<String> listRows = new HashSet<>();
      for (Encoded e : puts) {
        SaveOp.Put p = (SaveOp.Put) e.op();
        appended.insert(db, c, p.parent(), p.checkpoint().id(), e.lists(), listRows);
      }
    }
    insertWrites(db, c, encoded);
    for (Encoded e : encoded) {
      e.shared().insert(db, c);
    }
    for (Encoded e : encoded) {
      e.shared().requireReused(db, c);
    }
  }

  private static void insertCheckpoints(JdbcDatabase db, Connection c, List<Encoded> puts) throws SQLException {
    PreparedStatement ps = db.prepare(c, INSERT_CHECKPOINT);
    Set<List<String>> batched = new HashSet<>();
    try {
      for (Encoded e : puts) {
        SaveOp.Put p = (SaveOp.Put) e.op();
        CheckpointConfig parent = p.parent();
        if (!batched.add(List.of(parent.threadId(), parent.namespace(), p.checkpoint().id()))) {
          // Saved twice in one batch: the first must land before the second updates it.
          ps.executeBatch();
          batched.clear();
          batched.add(List.of(parent.threadId(), parent.namespace(), p.checkpoint().id()));
        }
        JdbcDatabase.bind(ps, parent.threadId(), parent.namespace(), p.checkpoint().id(), parent.checkpointId(),
            e.blob(), e.metadata());
        ps.addBatch();
      }
      ps.executeBatch();
    } finally {
      db.release(ps);
    }
  }

  private static void insertWrites(JdbcDatabase db, Connection c, List<Encoded> encoded) throws SQLException {
    PreparedStatement ps = null;
    int pending = 0;
    Set<List<Object>> batched = new HashSet<>();
    try {
      for (Encoded e : encoded) {
        if (!(e.op() instanceof SaveOp.Writes op)) {
          continue;
        }
        boolean ordinary = op.writes().stream().anyMatch(w -> !PendingWrite.isReserved(w.channel()));
        if (ordinary && !op.firstSave()) {
          if (pending > 0) {
            ps.executeBatch();
            pending = 0;
            batched.clear();
          }
          CheckpointConfig config = op.config();
          db.update(c, DELETE_TASK_WRITES, config.threadId(), config.namespace(), config.checkpointId(), op.taskId());
        }
        if (ps == null) {
          ps = db.prepare(c, INSERT_WRITE);
        }
        pending += addWrites(ps, op, e.values(), batched);
      }
      if (pending > 0) {
        ps.executeBatch();
      }
    } finally {
      if (ps != null) {
        db.release(ps);
      }
    }
  }

  private static List<Object> writeKey(SaveOp.Writes op, int idx) {
    CheckpointConfig config = op.config();
    return List.of(config.threadId(), config.namespace(), config.checkpointId(), op.taskId(), idx);
  }

  private static int addWrites(PreparedStatement ps, SaveOp.Writes op, List<byte[]> values, Set<List<Object>> batched)
      throws SQLException {
    CheckpointConfig config = op.config();
    List<PendingWrite> writes = op.writes();
    int idx = 0;
    for (int i = 0; i < writes.size(); i++) {
      PendingWrite w = writes.get(i);
      int at = PendingWrite.isReserved(w.channel()) ? PendingWrite.reservedIndex(w.channel()) : idx++;
      if (!batched.add(writeKey(op, at))) {
        // The row is already in the batch: send it first, so this upsert replaces it as it would one by one.
        ps.executeBatch();
        batched.clear();
        batched.add(writeKey(op, at));
      }
      ps.setString(1, config.threadId());
      ps.setString(2, config.namespace());
      ps.setString(3, config.checkpointId());
      ps.setString(4, op.taskId());
      ps.setInt(5, at);
      ps.setString(6, w.channel());
      ps.setBytes(7, values.get(i));
      ps.addBatch();
    }
    return writes.size();
  }
}
