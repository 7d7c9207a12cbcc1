package dev.trellis.pregel;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.error.TrellisException;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.StateUpdate;
import dev.trellis.graph.TaskState;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Interrupt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reading and editing a thread's checkpoints: state snapshots, history, and updates made
 * as if a node had written them. Internal: reached through {@code CompiledGraph}.
 */
public final class StateApi {
  /** The pseudo-node an update names to act as the run input, as LangGraph's {@code __input__}. */
  static final String INPUT = "__input__";

  private StateApi() {}

  private static CheckpointSaver saver(Program p) {
    CheckpointSaver s = p.options.checkpointer();
    if (s == null) {
      throw new TrellisException(ErrorCode.NO_CHECKPOINTER, "graph \"" + p.name + "\" has no checkpointer: compile it with "
          + "CompileOptions.checkpointer(...) to read or update thread state");
    }
    return s;
  }

  private static CheckpointConfig at(RunConfig config) {
    if (config.threadId() == null) {
      throw new TrellisException(ErrorCode.MISSING_THREAD, "state operations need a thread: RunConfig.thread(\"...\")");
    }
    return new CheckpointConfig(config.threadId(), "", config.checkpointId());
  }

  /** The state at the config's checkpoint (newest when it names none); with {@code subgraphs}, paused subgraphs' states too. */
  public static StateSnapshot get(Program p, RunConfig config, boolean subgraphs) {
    CheckpointTuple saved = saver(p).getTuple(at(config));
    if (saved == null) {
      return new StateSnapshot(Map.of(), List.of(), List.of(), List.of(), at(config), null, null, null);
    }
    return snapshot(p, saved, config.checkpointId() == null, subgraphs ? saver(p) : null);
  }

  /** The state {@code saved} shows as a pinned read of it does; with {@code subgraphs}, paused subgraphs' states too. */
  public static StateSnapshot at(Program p, CheckpointTuple saved, boolean subgraphs) {
    return snapshot(p, saved, false, subgraphs ? saver(p) : null);
  }

  /**
   * The thread's checkpoints, newest first ({@code limit} ≤ 0: all), only those whose
   * metadata matches {@code filter} (source, step or a run-metadata key; empty: all).
   */
  public static List<StateSnapshot> history(Program p, RunConfig config, int limit, Map<String, ?> filter) {
    List<StateSnapshot> out = new ArrayList<>();
    for (CheckpointTuple t : saver(p).list(at(config).withCheckpointId(null), config.checkpointId(), limit, filter)) {
      out.add(snapshot(p, t, false, null));
    }
    return out;
  }

  /** @param recurse the saver to read subgraph states from, or null to leave them out */
  static StateSnapshot snapshot(Program p, CheckpointTuple saved, boolean applyPending, CheckpointSaver recurse) {
    Frame f = Frame.from(p, saved.checkpoint());
    String ns = saved.config().namespace();
    List<StepTask> tasks = Planner.prepare(f, saved.metadata().step() + 1, ns, null);
    applyNullWrites(p, f, saved.pendingWrites());
    Map<String, StepTask> byId = new LinkedHashMap<>();
    for (StepTask t : tasks) {
      byId.put(t.id(), t);
    }
    if (applyPending) {
      for (PendingWrite w : saved.pendingWrites()) {
        StepTask t = byId.get(w.taskId());
        Integer slot = p.slotOf(w.channel());
        if (t != null && slot != null && slot != Write.ERROR && slot != Write.INTERRUPT) {
          t.writes.add(new Write(slot, w.value()));
        }
      }
      List<StepTask> withWrites = tasks.stream().filter(t -> !t.writes.isEmpty()).toList();
      if (!withWrites.isEmpty()) {
        WriteApplier.apply(f, withWrites);
      }
    }
    List<String> next = new ArrayList<>();
    for (StepTask t : tasks) {
      if (t.writes.isEmpty()) {
        next.add(t.name());
      }
    }
    // Interrupts in task order (as LangGraph lists them), not in the order writes were saved.
    List<Interrupt> interrupts = new ArrayList<>();
    List<TaskState> taskStates = new ArrayList<>();
    for (StepTask t : tasks) {
      String error = null;
      List<Interrupt> own = new ArrayList<>();
      for (PendingWrite w : saved.pendingWrites()) {
        if (!w.taskId().equals(t.id())) {
          continue;
        }
        if (w.channel().equals(PendingWrite.INTERRUPT) && w.value() instanceof List<?> l) {
          for (Object i : l) {
            own.add((Interrupt) i);
          }
        } else if (w.channel().equals(PendingWrite.ERROR)) {
          error = String.valueOf(w.value());
        }
      }
      interrupts.addAll(own);
      StateSnapshot sub = null;
      if (recurse != null && t.node.subgraph() != null) {
        String own2 = t.name() + ":" + t.id();
        CheckpointTuple subSaved = recurse.getTuple(new CheckpointConfig(saved.config().threadId(),
            ns.isEmpty() ? own2 : ns + "|" + own2, null));
        if (subSaved != null) {
          sub = snapshot(t.node.subgraph(), subSaved, true, recurse);
        }
      }
      taskStates.add(new TaskState(t.id(), t.name(), error, own, sub));
    }
    return new StateSnapshot(readState(p, f), next, taskStates, interrupts, saved.config(), saved.metadata(),
        saved.parentConfig(), saved.checkpoint().ts());
  }

  /** Applies the run-level (Command update/goto) writes saved with a checkpoint; false when there were none. */
  static boolean applyNullWrites(Program p, Frame f, List<PendingWrite> pending) {
    List<Write> nullWrites = new ArrayList<>();
    for (PendingWrite w : pending) {
      if (w.taskId().equals(PendingWrite.NULL_TASK_ID) && !PendingWrite.isReserved(w.channel())) {
        Integer slot = p.slotOf(w.channel());
        if (slot != null) {
          nullWrites.add(new Write(slot, w.value()));
        }
      }
    }
    if (nullWrites.isEmpty()) {
      return false;
    }
    WriteApplier.apply(f, List.of(StepTask.input(nullWrites)));
    return true;
  }

  private static Map<String, Object> readState(Program p, Frame f) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < p.stateCount; i++) {
      if (f.channels[i].isAvailable()) {
        out.put(p.channelNames[i], f.channels[i].get());
      }
    }
    return out;
  }

  /**
   * Applies {@code values} as if node {@code asNode} had returned them (its edges fire too)
   * and saves the result as a new {@code update} checkpoint, a child of the config's
   * checkpoint. With {@code asNode} null the node that wrote last is used.
   */
  public static CheckpointConfig update(Program p, RunConfig config, Map<String, ?> values, String asNode) {
    return apply(p, config, List.of(new StateUpdate(values, asNode)));
  }

  /** Applies each group of updates as one superstep, one new checkpoint per group, in order. */
  public static CheckpointConfig bulkUpdate(Program p, RunConfig config, List<List<StateUpdate>> supersteps) {
    if (supersteps.isEmpty()) {
      throw new InvalidUpdateException(ErrorCode.EMPTY_UPDATE, "bulkUpdateState needs at least one superstep");
    }
    CheckpointConfig at = null;
    RunConfig cfg = config;
    for (List<StateUpdate> step : supersteps) {
      at = apply(p, cfg, step);
      cfg = cfg.withCheckpointId(at.checkpointId());
    }
    return at;
  }

  private static CheckpointConfig apply(Program p, RunConfig config, List<StateUpdate> updates) {
    if (updates.isEmpty()) {
      throw new InvalidUpdateException(ErrorCode.EMPTY_UPDATE, "an update superstep needs at least one update");
    }
    CheckpointSaver saver = saver(p);
    CheckpointConfig target = at(config);
    CheckpointTuple saved = saver.getTuple(target);
    if (saved == null && target.checkpointId() != null) {
      throw new TrellisException(ErrorCode.UNKNOWN_CHECKPOINT, "thread \"" + config.threadId() + "\" has no checkpoint \""
          + target.checkpointId() + "\"");
    }
    Frame f = saved != null ? Frame.from(p, saved.checkpoint()) : Frame.empty(p);
    int step = saved != null ? saved.metadata().step() : -1;
    if (updates.stream().anyMatch(u -> INPUT.equals(u.asNode()))) {
      return applyAsInput(p, saver, config, target, saved, f, updates);
    }
    List<StepTask> prepared = saved != null ? new ArrayList<>(Planner.prepare(f, step + 1, "", null)) : new ArrayList<>();
    List<StepTask> tasks = new ArrayList<>();
    for (StateUpdate u : updates) {
      if (u.asNode() == null && updates.size() > 1) {
        throw new InvalidUpdateException(ErrorCode.AMBIGUOUS_UPDATE, "asNode is required when applying several updates at once");
      }
      String node = u.asNode() != null ? u.asNode() : inferWriter(p, f);
      CompiledNode pn = p.node(node);
      if (pn == null) {
        throw new InvalidUpdateException(ErrorCode.UNKNOWN_NODE, "updateState as node \"" + node + "\": no such node (nodes: "
            + String.join(", ", p.nodeNames()) + ")");
      }
      // The update takes the place of the node's due task, if it has one (so that task counts as done).
      StepTask due = prepared.stream().filter(t -> t.name().equals(node)).findFirst().orElse(null);
      if (due != null) {
        prepared.remove(due);
      }
      String taskId = due != null ? due.id() : TaskIds.ofString(f.id + "|update|" + node + "|" + tasks.size());
      StepTask task = new StepTask(taskId, pn, -1, null, new int[0], "", true);
      try {
        NodeOutput.map(f, pn, Update.of(u.values()), false, task.writes);
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new TrellisException(ErrorCode.UPDATE_ROUTER_FAILED, "a router after \"" + node + "\" failed: " + e, e);
      }
      tasks.add(task);
    }
    if (saved != null) {
      for (StepTask task : tasks) {
        List<PendingWrite> writes = new ArrayList<>();
        for (Write w : task.writes) {
          writes.add(new PendingWrite(task.id(), p.channelName(w.slot()), w.value()));
        }
        saver.putWrites(saved.config(), task.id(), writes);
      }
    }
    WriteApplier.apply(f, tasks);
    CheckpointConfig parent = saved != null ? saved.config() : target.withCheckpointId(null);
    return saver.put(parent, f.toCheckpoint(CheckpointIds.next()),
        new CheckpointMetadata("update", step + 1, Map.of(), config.metadata()));
  }

  /**
   * An update {@code as_node="__input__"}, as LangGraph applies it: the values are the run
   * input (written to the start channel, so the next run without input starts from them), saved
   * as an {@code input} checkpoint one step after the current one ({@code -1} on a fresh thread).
   */
  private static CheckpointConfig applyAsInput(Program p, CheckpointSaver saver, RunConfig config,
                                               CheckpointConfig target, CheckpointTuple saved, Frame f,
                                               List<StateUpdate> updates) {
    if (updates.size() > 1) {
      throw new InvalidUpdateException(ErrorCode.AMBIGUOUS_UPDATE, "an update as \"" + INPUT
          + "\" must be the only update of its superstep");
    }
    Map<String, ?> values = updates.getFirst().values();
    if (values == null || values.isEmpty()) {
      throw new InvalidUpdateException(ErrorCode.EMPTY_UPDATE, "an update as \"" + INPUT + "\" needs input values");
    }
    WriteApplier.apply(f, List.of(StepTask.input(List.of(new Write(p.startSlot, values)))));
    int step = saved != null ? saved.metadata().step() + 1 : -1;
    CheckpointConfig parent = saved != null ? saved.config() : target.withCheckpointId(null);
    return saver.put(parent, f.toCheckpoint(CheckpointIds.next()),
        new CheckpointMetadata("input", step, Map.of(), config.metadata()));
  }

  /** The node whose last run is newest by versions seen; {@code __start__} for a fresh thread. */
  private static String inferWriter(Program p, Frame f) {
    long best = 0;
    long second = 0;
    String bestNode = null;
    for (CompiledNode n : p.nodes) {
      for (long v : f.seen[n.index()]) {
        if (v > best) {
          second = best;
          best = v;
          bestNode = n.name();
        } else if (v == best && v != 0 && !n.name().equals(bestNode)) {
          second = v;
        } else if (v > second && v < best) {
          second = v;
        }
      }
    }
    if (bestNode == null) {
      return ReservedNames.START;
    }
    if (best == second) {
      throw new InvalidUpdateException(ErrorCode.AMBIGUOUS_UPDATE, "several nodes ran last; name one with updateState(..., asNode)");
    }
    return bestNode;
  }
}
