package dev.trellis.pregel;

import dev.trellis.channel.Channel;
import dev.trellis.channel.ConcurrentWriteException;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidUpdateException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;

/**
 * Applies one superstep's writes to a {@link Frame}. Pure apart from the frame it is given.
 *
 * <p>Order of work: tasks sorted by path (never completion order); each task marks its
 * triggers as seen; the step's single new version is {@code max + 1}; consumed triggers
 * (joins, deferred triggers) are reset; writes are grouped by channel in task order and
 * each channel updated once; when the step ran tasks, every other channel gets an empty
 * update (ephemeral values clear — only kinds that can clear are visited); when nothing
 * triggers any node, {@code finish} is called on the channels that wait for it (deferred
 * nodes become runnable).
 */
final class WriteApplier {
  private WriteApplier() {}

  /** Returns the slots that changed and hold a value afterwards. */
  static BitSet apply(Frame f, List<StepTask> tasks) {
    Program p = f.program;
    List<StepTask> sorted = tasks;
    for (int i = 1; i < tasks.size(); i++) {
      if (tasks.get(i - 1).compareTo(tasks.get(i)) > 0) {
        sorted = new ArrayList<>(tasks);
        Collections.sort(sorted);
        break;
      }
    }
    boolean bump = false;
    for (StepTask t : sorted) {
      bump |= t.bumps;
      if (t.node != null) {
        long[] seen = f.seen[t.node.index()];
        for (int slot : t.triggers) {
          if (f.versions[slot] != 0) {
            seen[slot] = f.versions[slot];
          }
        }
      }
    }
    long next = f.maxVersion() + 1;
    for (StepTask t : sorted) {
      for (int slot : t.triggers) {
        if (f.channels[slot].consume()) {
          f.versions[slot] = next;
        }
      }
    }
    int n = f.channels.length;
    // Per slot, in the frame's scratch array (left all null): its values as one list.
    List<Object>[] bySlot = f.writesBySlot;
    boolean any = false;
    for (StepTask t : sorted) {
      for (Write w : t.writes) {
        if (w.slot() >= 0) {
          any = true;
          List<Object> vals = bySlot[w.slot()];
          if (vals == null) {
            bySlot[w.slot()] = Collections.singletonList(w.value()); // most slots get one write
          } else {
            if (vals.size() == 1 && !(vals instanceof ArrayList)) {
              vals = bySlot[w.slot()] = new ArrayList<>(vals);
            }
            vals.add(w.value());
          }
        }
      }
    }
    BitSet updated = new BitSet(n);
    if (any) {
      for (int slot = 0; slot < n; slot++) {
        List<Object> vals = bySlot[slot];
        if (vals == null) {
          continue;
        }
        bySlot[slot] = null;
        boolean changed;
        try {
          changed = f.channels[slot].update(vals);
        } catch (ConcurrentWriteException e) {
          java.util.Arrays.fill(bySlot, null);
          throw concurrent(p, slot, vals.size(), sorted);
        } catch (dev.trellis.channel.OverwriteConflictException e) {
          java.util.Arrays.fill(bySlot, null);
          throw new InvalidUpdateException(ErrorCode.INVALID_CONCURRENT_GRAPH_UPDATE, "key \"" + p.channelNames[slot]
              + "\" can receive only one Overwrite value per step");
        }
        if (changed) {
          f.versions[slot] = next;
          if (f.channels[slot].isAvailable()) {
            updated.set(slot);
          }
        }
      }
    }
    if (bump) {
      for (int slot : p.clearableSlots) {
        Channel c = f.channels[slot];
        if (!updated.get(slot) && c.isAvailable() && c.update(List.of())) {
          f.versions[slot] = next;
          if (c.isAvailable()) {
            updated.set(slot);
          }
        }
      }
      boolean triggersAny = false;
      for (int slot = updated.nextSetBit(0); slot >= 0 && !triggersAny; slot = updated.nextSetBit(slot + 1)) {
        triggersAny = p.triggerToNodes[slot].length > 0;
      }
      if (!triggersAny) {
        for (int slot : p.finishSlots) {
          if (f.channels[slot].finish()) {
            f.versions[slot] = next;
            if (f.channels[slot].isAvailable()) {
              updated.set(slot);
            }
          }
        }
      }
    }
    return updated;
  }

  private static InvalidUpdateException concurrent(Program p, int slot, int count, List<StepTask> tasks) {
    TreeSet<String> writers = new TreeSet<>();
    for (StepTask t : tasks) {
      for (Write w : t.writes) {
        if (w.slot() == slot) {
          writers.add(t.name());
        }
      }
    }
    String key = p.channelNames[slot];
    return new InvalidUpdateException(ErrorCode.INVALID_CONCURRENT_UPDATE, "key \"" + key + "\": " + count
        + " values in one step from nodes " + String.join(", ", writers)
        + "; a last-value key takes one write per step: declare a reducer (Key.appending, Key.reducing, ...)"
        + " or route the writers into different steps");
  }
}
