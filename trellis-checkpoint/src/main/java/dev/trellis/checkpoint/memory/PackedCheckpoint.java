package dev.trellis.checkpoint.memory;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.PendingWrite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One checkpoint as {@link InMemorySaver} keeps it: its id as two longs (ids made by
 * {@link CheckpointIds}) or text, one byte array for the checkpoint and its metadata, one
 * for its pending writes, and side tables of the values kept by reference (see
 * {@link Packer}). A {@link Checkpoint} of a small graph holds a dozen maps; this holds two
 * arrays, so an idle thread's history costs a few hundred bytes a checkpoint.
 *
 * <p>The checkpoint part is immutable. The writes part is replaced, never changed in place,
 * under this object's lock, so a copy of a thread may share both arrays.
 *
 * <p>Layout of the checkpoint part: ts, parent id, values (name, value), versions (name,
 * number), versions seen (node, then name and number pairs), metadata source, step, writes
 * and extras. Of the writes part: per task, its id, the byte length of its block, its
 * writes' count, then per write a flag (1: its own task id follows), channel and value.
 */
final class PackedCheckpoint {
  /** Values whose bytes would exceed this are kept by reference (shared, not copied). */
  static final int VALUE_BUDGET = 128;

  private final long hi;
  private final long lo;
  /** The id when it is not 32 lowercase hex digits; else null. */
  private final String text;
  private final byte[] data;
  private final Object[] refs;
  private byte[] writes;
  private Object[] writeRefs;

  private PackedCheckpoint(long hi, long lo, String text, byte[] data, Object[] refs, byte[] writes, Object[] writeRefs) {
    this.hi = hi;
    this.lo = lo;
    this.text = text;
    this.data = data;
    this.refs = refs;
    this.writes = writes;
    this.writeRefs = writeRefs;
  }

  /** Packs {@code cp} with its metadata and parent, keeping the writes of {@code previous} (a checkpoint saved again). */
  static PackedCheckpoint pack(Names names, Checkpoint cp, CheckpointMetadata md, String parentId, PackedCheckpoint previous) {
    Packer p = new Packer(names);
    if (cp.ts() == null) {
      p.varint(0);
    } else {
      p.varint(1);
      p.text(cp.ts());
    }
    p.id(parentId);
    p.varint(cp.channelValues().size());
    for (Map.Entry<String, Object> e : cp.channelValues().entrySet()) {
      p.name(e.getKey());
      p.value(e.getValue(), VALUE_BUDGET);
    }
    longs(p, cp.channelVersions());
    p.varint(cp.versionsSeen().size());
    for (Map.Entry<String, Map<String, Long>> e : cp.versionsSeen().entrySet()) {
      p.name(e.getKey());
      longs(p, e.getValue());
    }
    p.name(md.source());
    p.signed(md.step());
    values(p, md.writes());
    values(p, md.extra());
    String id = cp.id();
    boolean hex = Packer.isHex(id);
    return new PackedCheckpoint(hex ? hexLong(id, 0) : 0, hex ? hexLong(id, 16) : 0, hex ? null : id,
        p.bytes(), p.refs(), previous == null ? null : previous.writes, previous == null ? null : previous.writeRefs);
  }

  private static void longs(Packer p, Map<String, Long> m) {
    p.varint(m.size());
    for (Map.Entry<String, Long> e : m.entrySet()) {
      p.name(e.getKey());
      p.signed(e.getValue());
    }
  }

  private static void values(Packer p, Map<String, Object> m) {
    p.varint(m.size());
    for (Map.Entry<String, Object> e : m.entrySet()) {
      p.name(e.getKey());
      p.value(e.getValue(), VALUE_BUDGET);
    }
  }

  static long hexLong(String id, int from) {
    long v = 0;
    for (int i = from; i < from + 16; i++) {
      v = (v << 4) | Packer.hexDigit(id.charAt(i));
    }
    return v;
  }

  String id() {
    if (text != null) {
      return text;
    }
    char[] out = new char[32];
    hex(hi, out, 0);
    hex(lo, out, 16);
    return new String(out);
  }

  private static void hex(long v, char[] out, int at) {
    for (int i = 15; i >= 0; i--) {
      out[at + i] = Character.forDigit((int) (v & 0xf), 16);
      v >>>= 4;
    }
  }

  /** Orders like the ids as strings: {@code key} is {@link Id#of} of an id. */
  int compareTo(Id key) {
    if (text == null && key.text() == null) {
      int c = Long.compareUnsigned(hi, key.hi());
      return c != 0 ? c : Long.compareUnsigned(lo, key.lo());
    }
    return id().compareTo(key.id());
  }

  /** A checkpoint id parsed once for the comparisons of a search. */
  record Id(long hi, long lo, String text, String id) {
    static Id of(String id) {
      return Packer.isHex(id) ? new Id(hexLong(id, 0), hexLong(id, 16), null, id) : new Id(0, 0, id, id);
    }
  }

  /** This checkpoint saved under another thread: shares every array (the writes are replaced, not changed). */
  synchronized PackedCheckpoint copy() {
    return new PackedCheckpoint(hi, lo, text, data, refs, writes, writeRefs);
  }

  /** The stored tuple at {@code config}'s thread and namespace. */
  CheckpointTuple tuple(Names names, CheckpointConfig config) {
    byte[] w;
    Object[] wr;
    synchronized (this) {
      w = writes;
      wr = writeRefs;
    }
    String id = id();
    Unpacker u = new Unpacker(names, data, refs);
    String ts = u.varint() == 0 ? null : u.text();
    String parent = u.id();
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = u.count(); i > 0; i--) {
      String k = u.name();
      values.put(k, u.value());
    }
    Map<String, Long> versions = u.longMap();
    Map<String, Map<String, Long>> seen = new LinkedHashMap<>();
    for (int i = u.count(); i > 0; i--) {
      String node = u.name();
      seen.put(node, u.longMap());
    }
    String source = u.name();
    int step = (int) u.signed();
    Map<String, Object> mdWrites = u.valueMap();
    Map<String, Object> extra = u.valueMap();
    return new CheckpointTuple(config.withCheckpointId(id), new Checkpoint(id, ts, values, versions, seen),
        new CheckpointMetadata(source, step, mdWrites, extra),
        parent == null ? null : config.withCheckpointId(parent), pendingWrites(names, w, wr));
  }

  private static List<PendingWrite> pendingWrites(Names names, byte[] w, Object[] wr) {
    List<PendingWrite> out = new ArrayList<>();
    for (Block b : blocks(names, w, wr)) {
      out.addAll(b.writes());
    }
    return out;
  }

  /** The writes saved by one {@link #putWrites} call's task. */
  private record Block(String taskId, List<PendingWrite> writes) {}

  private static List<Block> blocks(Names names, byte[] w, Object[] wr) {
    List<Block> out = new ArrayList<>();
    if (w == null) {
      return out;
    }
    Unpacker u = new Unpacker(names, w, wr);
    while (!u.atEnd()) {
      String task = u.id();
      u.count();
      int n = u.count();
      List<PendingWrite> ws = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        String own = u.varint() == 0 ? task : u.id();
        String channel = u.name();
        ws.add(new PendingWrite(own, channel, u.value()));
      }
      out.add(new Block(task, ws));
    }
    return out;
  }

  /**
   * Saves a task's writes: appended as a new block when the task has none here; otherwise
   * replacing what it saved before (reserved channels one by one, ordinary writes as a set)
   * in its block's place, as {@link CheckpointSaver#putWrites} requires.
   */
  synchronized void putWrites(Names names, String taskId, List<PendingWrite> added) {
    Packer p = new Packer(names);
    if (!hasBlock(names, taskId)) {
      p.startRefsAfter(writeRefs);
      if (writes != null) {
        p.raw(writes);
      }
      block(p, taskId, added);
    } else {
      boolean ordinary = added.stream().anyMatch(w -> !PendingWrite.isReserved(w.channel()));
      for (Block b : blocks(names, writes, writeRefs)) {
        List<PendingWrite> ws = b.writes();
        if (b.taskId().equals(taskId)) {
          ws.removeIf(old -> PendingWrite.isReserved(old.channel())
              ? added.stream().anyMatch(w -> w.channel().equals(old.channel()))
              : ordinary);
          ws.addAll(added);
        }
        block(p, b.taskId(), ws);
      }
    }
    writes = p.bytes();
    writeRefs = p.refs();
  }

  private boolean hasBlock(Names names, String taskId) {
    if (writes == null) {
      return false;
    }
    Unpacker u = new Unpacker(names, writes, writeRefs);
    while (!u.atEnd()) {
      boolean mine = u.idEquals(taskId);
      int length = u.count();
      if (mine) {
        return true;
      }
      u.seek(u.position() + length);
    }
    return false;
  }

  private static void block(Packer p, String taskId, List<PendingWrite> ws) {
    Packer body = p.child();
    body.varint(ws.size());
    for (PendingWrite w : ws) {
      if (w.taskId().equals(taskId)) {
        body.varint(0);
      } else {
        body.varint(1);
        body.id(w.taskId());
      }
      body.name(w.channel());
      body.value(w.value(), VALUE_BUDGET);
    }
    p.id(taskId);
    p.adopt(body);
  }
}
