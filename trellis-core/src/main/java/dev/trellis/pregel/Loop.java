package dev.trellis.pregel;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.error.EmptyInputException;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.TrellisException;
import dev.trellis.graph.Command;
import dev.trellis.graph.RunConfig;
import dev.trellis.observe.GraphEvent;
import dev.trellis.policy.Attempts;
import dev.trellis.runtime.Interrupt;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One run's state machine (LangGraph's {@code PregelLoop}).
 *
 * <p>Design note. {@link #enter} loads the newest (or the requested) checkpoint with its
 * pending writes and applies the input: a new input is written to {@code __start__} and
 * saved as an {@code input} checkpoint; a null input or a Command resumes, marking the
 * current versions as seen by the interrupt bookkeeping. Each {@link #tick} plans the
 * next step, stops at the recursion limit or when nothing is left, re-attaches writes
 * that tasks saved before a crash or pause (those tasks are not run again), looks up
 * cached nodes and checks {@code interruptBefore}. The runner then executes the remaining
 * tasks, saving each one's writes as it finishes ({@link #committed}). {@link #afterTick}
 * applies the step's writes in task-path order, emits values, saves a {@code loop}
 * checkpoint and checks {@code interruptAfter}. The checkpoint written after a step is the
 * only place state advances; a crash in between loses nothing that was committed as a
 * pending write. Stream parts are built by the {@link Emitter}, pending writes kept by
 * the {@link PendingWrites} ledger, run input checked by {@link RunInput}.
 */
final class Loop implements StepScope, TaskScope {
  enum Status { PENDING, DONE, OUT_OF_STEPS, INTERRUPTED }

  final Program program;
  final RunConfig config;
  final Emitter emitter;
  final CheckpointSaver saver;
  final String ns;
  final List<String> nsPath;
  final TaskRuntime parent;
  private final boolean parentResuming;
  private final NodeCache cache;
  private final Persistence persistence;
  final PendingWrites pending;
  /** Who observes this run (null when nobody does: then no event is built). */
  final Observer observer;
  private final Attempts.Timing timing;

  Frame frame;
  private CheckpointMetadata metadata;
  private CheckpointConfig checkpointConfig;
  private CheckpointConfig previousConfig;
  int step;
  private int stop;
  /** The run's recursion limit: its config's, or the graph's own (CompileOptions.recursionLimit). */
  int recursionLimit;
  private boolean replaying;
  boolean resuming;
  private BitSet updated;
  List<StepTask> tasks = List.of();
  Status status = Status.PENDING;
  private Map<String, Object> resumeById;
  /** A checkpoint was saved and not yet announced on the checkpoints stream. */
  private boolean announce;
  /** The newest checkpoint this loop saved (null before its first) and its stored parent. */
  private dev.trellis.checkpoint.Checkpoint lastSaved;
  private CheckpointConfig lastParent;
  /** {@link PendingWrites#saves()} when {@link #lastSaved} was saved: more means writes were saved against it. */
  private long savesAtLastCheckpoint;

  private Loop(Program program, RunConfig config, Sink sink, CheckpointSaver saver, String ns, List<String> nsPath,
               TaskRuntime parent, boolean parentResuming, Observer observer) {
    this.program = program;
    this.config = config;
    this.emitter = new Emitter(sink, program, nsPath);
    this.saver = saver;
    this.ns = ns;
    this.nsPath = nsPath;
    this.parent = parent;
    this.parentResuming = parentResuming;
    this.cache = program.options.cache() == null ? null : new NodeCache(program.options.cache(), program);
    this.persistence = saver == null ? null : new Persistence(saver, config.durability());
    this.pending = new PendingWrites(program, persistence, saver != null || parent != null);
    this.observer = observer;
    this.timing = program.options.timing();
  }

  /** The loop of a root graph's run. */
  static Loop root(Program program, RunConfig config, Sink sink) {
    CheckpointSaver saver = program.options.checkpointer();
    return new Loop(program, config, sink, saver, "", List.of(), null, false, Observer.of(program, config));
  }

  boolean nested() {
    return parent != null;
  }

  void enter(Object input) {
    CheckpointTuple saved = null;
    if (saver != null) {
      CheckpointConfig at = new CheckpointConfig(config.threadId(), ns, nested() ? null : config.checkpointId());
      saved = saver.getTuple(at);
      if (saved == null && at.checkpointId() != null) {
        throw new TrellisException(ErrorCode.UNKNOWN_CHECKPOINT, "thread \"" + config.threadId() + "\" has no checkpoint \""
            + at.checkpointId() + "\"");
      }
      setCheckpoint(saved != null ? saved.config() : at.withCheckpointId(null));
    }
    if (saved != null) {
      frame = Frame.from(program, saved.checkpoint());
      metadata = saved.metadata();
      pending.list().addAll(saved.pendingWrites());
      step = saved.metadata().step() + 1;
    } else {
      frame = Frame.empty(program);
      metadata = CheckpointMetadata.of("input", -2);
      step = -1;
    }
    recursionLimit = program.options.recursionLimit(config);
    stop = step + recursionLimit + 1;
    replaying = !nested() && config.checkpointId() != null;
    first(input);
  }

  private void first(Object input) {
    Command cmd = input instanceof Command c ? c : null;
    resuming = frame.hasVersions() && (nested() ? parentResuming : (input == null || cmd != null));
    boolean timeTravel = replaying && !(cmd != null && cmd.resume() != null);
    if (timeTravel) {
      pending.dropChannel(PendingWrite.RESUME);
    }
    if (cmd != null) {
      RunInput.CommandWrites w = RunInput.of(cmd, program, saver != null, pending);
      resumeById = w.resumeById();
      pending.save(PendingWrite.NULL_TASK_ID, w.writes());
    }
    boolean hadNullWrites = StateApi.applyNullWrites(program, frame, pending.list());
    if (resuming) {
      System.arraycopy(frame.versions, 0, frame.seen[frame.interruptRow()], 0, frame.versions.length);
      String source = metadata.source();
      if (timeTravel && !source.equals("update") && !source.equals("fork")) {
        pending.dropChannel(PendingWrite.INTERRUPT);
        putCheckpoint("fork");
      }
      emitter.values(frame);
    } else if (input != null && cmd == null) {
      Map<String, Object> values = RunInput.values(input);
      if (!nested()) {
        RunInput.validate(program, values);
      }
      List<StepTask> all = new ArrayList<>(Planner.prepare(frame, step, ns, null));
      all.add(StepTask.input(List.of(new Write(program.startSlot, values))));
      updated = WriteApplier.apply(frame, all);
      putCheckpoint("input");
    } else if (cmd != null && hadNullWrites) {
      updated = null;
      putCheckpoint("input");
    } else if (!(nested() && parentResuming)) {
      throw new EmptyInputException(input == null
          ? "no input and nothing to resume" + (config.threadId() == null ? "" : " on thread \"" + config.threadId() + "\"")
          : "empty Command input");
    }
  }

  boolean tick() {
    if (step > stop) {
      status = Status.OUT_OF_STEPS;
      return false;
    }
    tasks = Planner.prepare(frame, step, ns, updated);
    if (announce) {
      announce = false;
      emitter.checkpoint(step, checkpointConfig, metadata, frame, tasks, previousConfig);
    }
    if (tasks.isEmpty()) {
      status = Status.DONE;
      return false;
    }
    if (!replaying) {
      pending.attach(tasks);
    }
    Set<String> before = config.interruptBefore().isEmpty() ? program.options.interruptBefore() : config.interruptBefore();
    if (!before.isEmpty() && Planner.breakpoint(frame, tasks, before)) {
      status = Status.INTERRUPTED;
      throw new GraphInterrupt(List.of());
    }
    emitter.taskStarts(tasks, step);
    for (StepTask t : tasks) {
      if (!t.writes.isEmpty()) {
        t.cached = true;
        emitter.writes(t, t.writes, step);
      }
    }
    if (cache != null) {
      for (StepTask t : tasks) {
        if (cache.lookup(t)) {
          emitter.writes(t, t.writes, step);
        }
      }
    }
    if (observer != null) {
      observer.reportStep = !tasks.getFirst().node.isStart();
      if (observer.reportStep) {
        observer.stepStart = observer.now();
        observer.emit(new GraphEvent.StepStarted(nsPath, program.name, step, tasks.size()));
      }
    }
    return true;
  }


  void afterTick() {
    updated = WriteApplier.apply(frame, tasks);
    if (program.touchesState(updated)) {
      emitter.values(frame);
    }
    pending.clear();
    replaying = false;
    if (observer != null && observer.reportStep) {
      observer.emit(new GraphEvent.StepEnded(nsPath, program.name, step, observer.since(observer.stepStart)));
    }
    putCheckpoint("loop");
    resuming = false;
    Set<String> after = config.interruptAfter().isEmpty() ? program.options.interruptAfter() : config.interruptAfter();
    if (!after.isEmpty() && Planner.breakpoint(frame, tasks, after)) {
      status = Status.INTERRUPTED;
      throw new GraphInterrupt(List.of());
    }
  }

  /** At a pause of the root graph: shows finished siblings' writes, announces a static breakpoint. */
  void onInterrupt(GraphInterrupt gi) {
    status = Status.INTERRUPTED;
    if ((!pending.isEmpty() || pending.committedUnkept) && tasks.stream().anyMatch(t -> !t.writes.isEmpty())) {
      if (program.touchesState(WriteApplier.apply(frame, tasks))) {
        emitter.values(frame);
      }
    }
    if (gi.interrupts().isEmpty()) {
      emitter.breakpoint();
    }
    if (observer != null) {
      observer.emit(new GraphEvent.Interrupted(nsPath, step, gi.interrupts()));
    }
  }

  // ---------------------------------------------------------------- task outcomes (StepScope)

  @Override
  public void committed(StepTask task) {
    if (task.writes.isEmpty()) {
      task.writes.add(new Write(Write.NO_WRITES, null));
    }
    if (cache != null) {
      cache.store(task);
    }
    record(task, task.writes);
  }

  @Override
  public void interrupted(StepTask task, List<Interrupt> interrupts) {
    List<Write> writes = new ArrayList<>();
    writes.add(new Write(Write.INTERRUPT, interrupts));
    for (Write w : task.writes) {
      if (w.slot() == Write.RESUME) {
        writes.add(w);
      }
    }
    record(task, writes);
  }

  @Override
  public void failed(StepTask task, Throwable error) {
    List<Write> writes = new ArrayList<>(task.writes);
    writes.add(new Write(Write.ERROR, String.valueOf(error)));
    record(task, writes);
  }

  private void record(StepTask task, List<Write> writes) {
    pending.record(task, writes);
    emitter.writes(task, writes, step);
  }

  @Override
  public TaskRuntime runtime(StepTask task, Attempts attempt) {
    return new TaskRuntime(this, task, attempt);
  }

  @Override
  public Attempts.Timing timing() {
    return timing;
  }

  @Override
  public Program program() {
    return program;
  }

  @Override
  public Frame frame() {
    return frame;
  }

  @Override
  public Observer observer() {
    return observer;
  }

  @Override
  public List<String> nsPath() {
    return nsPath;
  }

  @Override
  public int step() {
    return step;
  }

  @Override
  public String parentTaskId() {
    return parent == null ? null : parent.task.id();
  }

  // ---------------------------------------------------------------- what tasks see (TaskScope)

  @Override
  public RunConfig config() {
    return config;
  }

  @Override
  public int remainingSteps() {
    return stop - step;
  }

  @Override
  public String namespace() {
    return ns;
  }

  @Override
  public Emitter emitter() {
    return emitter;
  }

  @Override
  public PendingWrites pending() {
    return pending;
  }

  @Override
  public Map<String, Object> resumeById() {
    return resumeById;
  }

  @Override
  public TaskRuntime parent() {
    return parent;
  }

  @Override
  public Loop child(Program sub, String segment, TaskRuntime rt) {
    List<String> path = new ArrayList<>(nsPath);
    path.add(segment);
    return new Loop(sub, config.withCheckpointId(null), emitter.sink(), saver, ns.isEmpty() ? segment : ns + "|" + segment,
        List.copyOf(path), rt, resuming, observer == null ? null : observer.nested());
  }

  /**
   * The thread's newest checkpoint as the saver holds it once {@link #finishPersistence} has
   * returned, when this loop ran to its end ({@link Status#DONE}) after saving a checkpoint
   * against which no write was saved: then reading the thread back shows exactly this. Null
   * otherwise (a pause, a failure, nothing saved): the caller reads the saver.
   */
  CheckpointTuple finalTuple() {
    if (status != Status.DONE || lastSaved == null || pending.saves() != savesAtLastCheckpoint) {
      return null;
    }
    CheckpointConfig parentAt = lastParent == null || lastParent.checkpointId() == null ? null : lastParent;
    return new CheckpointTuple(checkpointConfig, lastSaved, metadata, parentAt, List.of());
  }

  /** Completes this loop's saves (waits for background ones, or does the exit-mode save). */
  void finishPersistence() {
    if (persistence != null) {
      persistence.finish();
    }
  }

  /**
   * As {@link #finishPersistence}, except that when this loop ran to its end and {@link #finalTuple} can tell
   * the thread's state, the saves still queued are returned unmade (in order; empty when none) for the caller
   * to make ({@link Persistence#finishLeavingQueued}).
   */
  List<dev.trellis.checkpoint.SaveOp> finishPersistenceLeavingQueued() {
    if (persistence == null) {
      return List.of();
    }
    if (finalTuple() == null) {
      persistence.finish();
      return List.of();
    }
    return persistence.finishLeavingQueued();
  }

  private void setCheckpoint(CheckpointConfig c) {
    checkpointConfig = c;
    pending.at = c;
  }

  private void putCheckpoint(String source) {
    if (persistence == null) {
      // Nothing is saved: the frame keeps its id (task ids only need to differ by step within the run).
      step++;
      return;
    }
    CheckpointMetadata md = new CheckpointMetadata(source, step, Map.of(), config.metadata());
    previousConfig = checkpointConfig;
    dev.trellis.checkpoint.Checkpoint cp = frame.toCheckpoint(CheckpointIds.next());
    lastParent = persistence.storedParent(checkpointConfig);
    setCheckpoint(persistence.put(checkpointConfig, cp, md));
    lastSaved = cp;
    savesAtLastCheckpoint = pending.saves();
    announce = true;
    if (observer != null) {
      observer.emit(new GraphEvent.CheckpointSaved(nsPath, step, source, checkpointConfig));
    }
    metadata = md;
    step++;
  }
}
