package dev.trellis.pregel;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.runtime.Interrupt;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pending-write ledger of one loop: the writes saved against the current checkpoint
 * (loaded with it, added as each task finishes), and the saver calls that make them
 * durable. Tasks of one step record into it from several threads; everything that reads
 * or changes the list holds its lock.
 */
final class PendingWrites {
  private final List<PendingWrite> writes = new ArrayList<>();
  private final Program program;
  private final Persistence persistence;
  /** Whether anything can read the writes back (a saver, or the parent loop's): else only the fact is kept. */
  private final boolean kept;
  /** The checkpoint the writes belong to; null before the first is loaded or saved. */
  CheckpointConfig at;
  /** A task committed this step although nothing keeps its writes. */
  volatile boolean committedUnkept;
  /** How many times writes were handed to the saver; guarded by the list's lock. */
  private long saves;

  PendingWrites(Program program, Persistence persistence, boolean kept) {
    this.program = program;
    this.persistence = persistence;
    this.kept = kept;
  }

  List<PendingWrite> list() {
    return writes;
  }

  boolean isEmpty() {
    return writes.isEmpty();
  }

  /** How many times writes were handed to the saver so far. */
  long saves() {
    synchronized (writes) {
      return saves;
    }
  }

  /** Forgets the step's writes (they are in the checkpoint now). */
  void clear() {
    writes.clear();
    committedUnkept = false;
  }

  void dropChannel(String channel) {
    writes.removeIf(w -> w.channel().equals(channel));
  }

  /** Saves a finished task's writes (by slot) and returns nothing; they are replayed if the step runs again. */
  void record(StepTask task, List<Write> taskWrites) {
    if (!kept) {
      committedUnkept = true;
      return;
    }
    List<PendingWrite> saved = new ArrayList<>(taskWrites.size());
    for (Write w : taskWrites) {
      saved.add(new PendingWrite(task.id(), program.channelName(w.slot()), w.value()));
    }
    save(task.id(), saved);
  }

  /** Saves a functional-API call's result (when it succeeded) and writes, under the call's own id. */
  void recordCall(String callId, List<Write> callWrites, Object result, boolean success) {
    List<PendingWrite> saved = new ArrayList<>();
    if (success) {
      saved.add(new PendingWrite(callId, ReservedNames.RETURN, result));
    }
    for (Write w : callWrites) {
      saved.add(new PendingWrite(callId, program.channelName(w.slot()), w.value()));
    }
    save(callId, saved);
  }

  /** Replaces {@code taskId}'s writes (run-level writes accumulate) and hands them to the saver. */
  void save(String taskId, List<PendingWrite> taskWrites) {
    boolean replaced;
    synchronized (writes) {
      if (taskId.equals(PendingWrite.NULL_TASK_ID)) {
        // Run-level writes accumulate, but a new resume value replaces an unused old one (as savers do).
        replaced = writes.removeIf(old -> old.taskId().equals(taskId) && PendingWrite.isReserved(old.channel())
            && taskWrites.stream().anyMatch(w -> w.channel().equals(old.channel())));
      } else {
        replaced = writes.removeIf(w -> w.taskId().equals(taskId));
      }
      writes.addAll(taskWrites);
    }
    if (persistence != null && at != null && at.checkpointId() != null) {
      synchronized (writes) {
        saves++;
      }
      persistence.putWrites(at, taskId, taskWrites, !replaced);
    }
  }

  /** Gives planned tasks the writes they saved before a crash or pause (those tasks are not run again). */
  void attach(List<StepTask> tasks) {
    if (writes.isEmpty()) {
      return;
    }
    Map<String, StepTask> byId = new LinkedHashMap<>();
    for (StepTask t : tasks) {
      byId.put(t.id(), t);
    }
    for (PendingWrite w : writes) {
      StepTask t = byId.get(w.taskId());
      if (t != null && !w.channel().equals(PendingWrite.ERROR) && !w.channel().equals(PendingWrite.INTERRUPT)
          && !w.channel().equals(PendingWrite.RESUME)) {
        Integer slot = program.slotOf(w.channel());
        if (slot != null) {
          t.writes.add(new Write(slot, w.value()));
        }
      }
    }
  }

  /** The result a functional-API call saved before, or {@code absent}. */
  Object savedReturn(String callId, Object absent) {
    synchronized (writes) {
      for (PendingWrite w : writes) {
        if (w.taskId().equals(callId) && w.channel().equals(ReservedNames.RETURN)) {
          return w.value();
        }
      }
    }
    return absent;
  }

  /** The resume values saved for a task's interrupts, in order. */
  List<Object> savedResume(String taskId) {
    synchronized (writes) {
      for (PendingWrite w : writes) {
        if (w.taskId().equals(taskId) && w.channel().equals(PendingWrite.RESUME)) {
          return w.value() instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>(List.of(w.value()));
        }
      }
    }
    return List.of();
  }

  /** Removes and returns the run's plain resume value; null when there is none. */
  Object takeNullResume() {
    synchronized (writes) {
      for (int i = 0; i < writes.size(); i++) {
        PendingWrite w = writes.get(i);
        if (w.taskId().equals(PendingWrite.NULL_TASK_ID) && w.channel().equals(PendingWrite.RESUME)) {
          writes.remove(i);
          return w.value();
        }
      }
    }
    return null;
  }

  /** How many interrupts are waiting for a resume value. */
  int interruptCount() {
    Set<String> ids = new HashSet<>();
    for (PendingWrite w : writes) {
      if (w.channel().equals(PendingWrite.INTERRUPT) && w.value() instanceof List<?> l) {
        for (Object i : l) {
          ids.add(i instanceof Interrupt in ? in.id() : w.taskId());
        }
      }
    }
    return ids.size();
  }
}
