package dev.trellis.pregel;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.runtime.Interrupt;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds one loop's stream parts (values, updates, tasks, checkpoints, debug) and hands
 * them to the run's {@link Sink}. A part of a mode nobody asked for is never built.
 */
final class Emitter {
  private final Sink sink;
  private final Program program;
  private final List<String> nsPath;
  private final int depth;

  Emitter(Sink sink, Program program, List<String> nsPath) {
    this.sink = sink;
    this.program = program;
    this.nsPath = nsPath;
    this.depth = nsPath.size();
  }

  Sink sink() {
    return sink;
  }

  /** Whether parts of {@code mode} from this loop are delivered. */
  boolean wants(StreamMode mode) {
    return sink.wants(mode, depth);
  }

  void emit(StreamPart part) {
    sink.emit(part);
  }

  /** Announces the step's tasks on the tasks (and debug) stream. */
  void taskStarts(List<StepTask> tasks, int step) {
    if (!wants(StreamMode.TASKS)) {
      return;
    }
    for (StepTask t : tasks) {
      if (!t.node.isStart()) {
        tasks(new StreamPart.TaskStart(nsPath, step, t.id(), t.name(), t.isPush() ? t.input.arg() : t.input.toMap(),
            t.isPush() ? List.of(ReservedNames.PUSH) : triggerNames(t)), step);
      }
    }
  }

  private List<String> triggerNames(StepTask t) {
    List<String> names = new ArrayList<>(t.triggers.length);
    for (int s : t.triggers) {
      names.add(program.channelNames[s]);
    }
    return names;
  }

  /** Reports what a task wrote (its update, interrupt or error) on the updates and tasks streams. */
  void writes(StepTask task, List<Write> writes, int step) {
    if (task.node.isStart() || writes.isEmpty()) {
      return;
    }
    // A resumed task holds its resume values first: its interrupt or error decides what it reports.
    Write outcome = writes.getFirst();
    for (Write w : writes) {
      if (w.slot() == Write.INTERRUPT || w.slot() == Write.ERROR) {
        outcome = w;
        break;
      }
    }
    int first = outcome.slot();
    if (first == Write.INTERRUPT) {
      @SuppressWarnings("unchecked")
      List<Interrupt> interrupts = (List<Interrupt>) outcome.value();
      if (wants(StreamMode.UPDATES)) {
        sink.emit(new StreamPart.Interrupted(nsPath, interrupts));
      }
      if (wants(StreamMode.TASKS)) {
        tasks(new StreamPart.TaskResult(nsPath, step, task.id(), task.name(), Map.of(), null, interrupts, false), step);
      }
      return;
    }
    if (first == Write.ERROR) {
      if (wants(StreamMode.TASKS)) {
        tasks(new StreamPart.TaskResult(nsPath, step, task.id(), task.name(), Map.of(),
            String.valueOf(outcome.value()), List.of(), false), step);
      }
      return;
    }
    boolean updates = wants(StreamMode.UPDATES);
    boolean taskEvents = wants(StreamMode.TASKS);
    if (!updates && !taskEvents) {
      return;
    }
    Map<String, Object> update = new LinkedHashMap<>();
    for (Write w : writes) {
      if (w.slot() >= 0 && w.slot() < program.stateCount && program.outputKey[w.slot()]) {
        // Writes pushed from inside the node (Runtime.writeState) and its result: lists join.
        String name = program.channelNames[w.slot()];
        Object before = update.get(name);
        update.put(name, before instanceof List<?> x && w.value() instanceof List<?> y
            ? java.util.stream.Stream.concat(x.stream(), y.stream()).toList() : w.value());
      }
    }
    if (updates) {
      sink.emit(new StreamPart.Updates(nsPath, task.name(), step, update, task.cached));
    }
    if (taskEvents) {
      tasks(new StreamPart.TaskResult(nsPath, step, task.id(), task.name(), update, null, List.of(), task.cached), step);
    }
  }

  private void tasks(StreamPart part, int step) {
    if (sink.has(StreamMode.TASKS) && (depth == 0 || wants(StreamMode.TASKS))) {
      sink.emit(part);
    }
    if (sink.has(StreamMode.DEBUG)) {
      sink.emit(new StreamPart.Debug(nsPath, step, part instanceof StreamPart.TaskStart ? "task" : "task_result", part));
    }
  }

  void values(Frame frame) {
    if (wants(StreamMode.VALUES)) {
      sink.emit(new StreamPart.Values(nsPath, frame.output()));
    }
  }

  /** A pause with no interrupt values (a static breakpoint), on the updates stream. */
  void breakpoint() {
    if (wants(StreamMode.UPDATES)) {
      sink.emit(new StreamPart.Interrupted(nsPath, List.of()));
    }
  }

  /** Announces a saved checkpoint (of step {@code step - 1}) with the tasks planned next. */
  void checkpoint(int step, CheckpointConfig config, CheckpointMetadata metadata, Frame frame, List<StepTask> next,
                  CheckpointConfig previous) {
    if (!wants(StreamMode.CHECKPOINTS)) {
      return;
    }
    List<String> names = new ArrayList<>(next.size());
    for (StepTask t : next) {
      names.add(t.name());
    }
    StreamPart part = new StreamPart.CheckpointEvent(nsPath, config, metadata, frame.output(), names,
        previous == null || previous.checkpointId() == null ? null : previous);
    if (sink.has(StreamMode.CHECKPOINTS)) {
      sink.emit(part);
    }
    if (sink.has(StreamMode.DEBUG)) {
      sink.emit(new StreamPart.Debug(nsPath, step - 1, "checkpoint", part));
    }
  }
}
