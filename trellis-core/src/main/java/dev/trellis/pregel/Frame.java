package dev.trellis.pregel;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.channel.Channel;
import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointIds;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The mutable checkpoint state of one run: channels, their versions, what each node has
 * seen, and the id of the checkpoint it corresponds to. Owned by one loop thread.
 */
final class Frame {
  final Program program;
  final Channel[] channels;
  final long[] versions;
  /** Row per node index; the last row is what the last interrupt saw. */
  final long[][] seen;
  String id;
  /** Scratch of the write applier (all null between steps); the frame is owned by one thread. */
  final java.util.List<Object>[] writesBySlot;
  /** Scratch of the planner (all false between steps). */
  final boolean[] candidates;

  @SuppressWarnings("unchecked")
  private Frame(Program program, Channel[] channels, long[] versions, long[][] seen, String id) {
    this.program = program;
    this.channels = channels;
    this.versions = versions;
    this.seen = seen;
    this.id = id;
    this.writesBySlot = new java.util.List[channels.length];
    this.candidates = new boolean[program.nodes.length];
  }

  /** A frame with empty channels and a fresh id. */
  static Frame empty(Program p) {
    int n = p.channelNames.length;
    Channel[] chans = new Channel[n];
    for (int i = 0; i < n; i++) {
      chans[i] = p.channelFactories.get(i).get();
    }
    return new Frame(p, chans, new long[n], new long[p.nodes.length + 1][n], CheckpointIds.next());
  }

  int interruptRow() {
    return seen.length - 1;
  }

  boolean hasVersions() {
    for (long v : versions) {
      if (v != 0) {
        return true;
      }
    }
    return false;
  }

  long maxVersion() {
    long m = 0;
    for (long v : versions) {
      m = Math.max(m, v);
    }
    return m;
  }

  /** The output state channels that hold a value, by name. */
  Map<String, Object> output() {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    for (int i = 0; i < program.stateCount; i++) {
      if (program.outputKey[i]) {
        Object v = channels[i].get();
        if (v != Channel.EMPTY) {
          out.put(program.channelNames[i], v);
        }
      }
    }
    return out;
  }

  /** Restores a frame from a stored checkpoint (unknown channels and nodes are ignored). */
  static Frame from(Program p, Checkpoint cp) {
    Frame f = empty(p);
    f.id = cp.id();
    for (Map.Entry<String, Object> e : cp.channelValues().entrySet()) {
      Integer slot = p.slotByName.get(e.getKey());
      if (slot != null) {
        f.channels[slot] = f.channels[slot].fromCheckpoint(e.getValue());
      }
    }
    for (Map.Entry<String, Long> e : cp.channelVersions().entrySet()) {
      Integer slot = p.slotByName.get(e.getKey());
      if (slot != null) {
        f.versions[slot] = e.getValue();
      }
    }
    for (Map.Entry<String, Map<String, Long>> e : cp.versionsSeen().entrySet()) {
      int row = e.getKey().equals(ReservedNames.INTERRUPT_SEEN) ? f.interruptRow()
          : p.nodeByName.getOrDefault(e.getKey(), -1);
      if (row < 0) {
        continue;
      }
      for (Map.Entry<String, Long> v : e.getValue().entrySet()) {
        Integer slot = p.slotByName.get(v.getKey());
        if (slot != null) {
          f.seen[row][slot] = v.getValue();
        }
      }
    }
    return f;
  }

  /** This frame as a checkpoint with a new id (which becomes this frame's id). */
  Checkpoint toCheckpoint(String newId) {
    Map<String, Object> values = new HashMap<>();
    Map<String, Long> vers = new HashMap<>();
    for (int i = 0; i < channels.length; i++) {
      Channel c = channels[i];
      if (c.isTracked()) {
        Object v = c.checkpoint();
        if (v != Channel.EMPTY) {
          values.put(program.channelNames[i], v);
        }
      }
      if (versions[i] != 0) {
        vers.put(program.channelNames[i], versions[i]);
      }
    }
    Map<String, Map<String, Long>> seenMap = new HashMap<>();
    for (int row = 0; row < seen.length; row++) {
      Map<String, Long> m = null;
      for (int i = 0; i < seen[row].length; i++) {
        if (seen[row][i] != 0) {
          if (m == null) {
            m = new HashMap<>();
          }
          m.put(program.channelNames[i], seen[row][i]);
        }
      }
      if (m != null) {
        seenMap.put(row == interruptRow() ? ReservedNames.INTERRUPT_SEEN : program.nodes[row].name(), m);
      }
    }
    id = newId;
    return new Checkpoint(newId, Instant.now().toString(), values, vers, seenMap);
  }
}
