package dev.trellis.pregel;

import dev.trellis.channel.Channel;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.graph.Command;
import dev.trellis.graph.Interrupt;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Send;
import dev.trellis.graph.State;
import dev.trellis.graph.StateGraph;
import dev.trellis.graph.Update;
import dev.trellis.graph.error.AmbiguousResumeException;
import dev.trellis.graph.error.EmptyInputException;
import dev.trellis.graph.error.ErrorCode;
import dev.trellis.graph.error.InvalidGraphException;
import dev.trellis.graph.error.InvalidUpdateException;
import dev.trellis.graph.error.TrellisException;
import dev.trellis.observe.GraphEvent;
import dev.trellis.policy.Sleeper;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
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
 * that tasks saved before a crash or pause (those tasks are not run again), and checks
 * {@code interruptBefore}. The runner then executes the remaining tasks, saving each
 * one's writes as it finishes ({@link #commitSuccess}). {@link #afterTick} applies the
 * step's writes in task-path order, emits values, saves a {@code loop} checkpoint and
 * checks {@code interruptAfter}. The checkpoint written after a step is the only place
 * state advances; a crash in between loses nothing that was committed as a pending write.
 */
final class Loop {
  enum Status { PENDING, DONE, OUT_OF_STEPS, INTERRUPTED }

  final Program program;
  final RunConfig config;
  final Sink sink;
  final CheckpointSaver saver;
  final String ns;
  final List<String> nsPath;
  final TaskRuntime parent;
  private final boolean parentResuming;
  private final Cache cache;
  final Persistence persistence;

  Frame frame;
  CheckpointMetadata metadata;
  CheckpointConfig checkpointConfig;
  final List<PendingWrite> pending = new ArrayList<>();
  int step;
  int stop;
  boolean replaying;
  boolean resuming;
  BitSet updated;
  List<Task> tasks = List.of();
  Status status = Status.PENDING;
  Map<String, Object> resumeMap;
  private volatile boolean committedWithoutSaver;
  /** A checkpoint was saved and not yet announced on the checkpoints stream. */
  private boolean announce;
  private CheckpointConfig previousConfig;
  /** Who observes this run (null when nobody does: then no event is built). */
  final Observer observer;

  Loop(Program program, RunConfig config, Sink sink, CheckpointSaver saver, String ns, List<String> nsPath,
       TaskRuntime parent, boolean parentResuming) {
    this.program = program;
    this.config = config;
    this.sink = sink;
    this.saver = saver;
    this.ns = ns;
    this.nsPath = nsPath;
    this.parent = parent;
    this.parentResuming = parentResuming;
    this.cache = program.options.cache();
    this.persistence = saver == null ? null : new Persistence(saver, config.durability());
    this.observer = parent == null ? Observer.of(program, config)
        : parent.loop.observer == null ? null : parent.loop.observer.nested();
  }

  boolean nested() {
    return parent != null;
  }

  /** How deep this loop's graph is nested (0: the root graph); derived from the namespace path, not stored. */
  int depth() {
    return nsPath.size();
  }

  Sleeper sleeper() {
    return program.options.sleeper();
  }

  // ---------------------------------------------------------------- enter

  void enter(Object input) {
    CheckpointTuple saved = null;
    if (saver != null) {
      CheckpointConfig at = new CheckpointConfig(config.threadId(), ns, nested() ? null : config.checkpointId());
      saved = saver.getTuple(at);
      if (saved == null && at.checkpointId() != null) {
        throw new TrellisException(ErrorCode.UNKNOWN_CHECKPOINT, "thread \"" + config.threadId() + "\" has no checkpoint \""
            + at.checkpointId() + "\"");
      }
      checkpointConfig = saved != null ? saved.config() : at.withCheckpointId(null);
    }
    if (saved != null) {
      frame = Frame.from(program, saved.checkpoint());
      metadata = saved.metadata();
      pending.addAll(saved.pendingWrites());
      step = saved.metadata().step() + 1;
    } else {
      frame = Frame.empty(program);
      metadata = CheckpointMetadata.of("input", -2);
      step = -1;
    }
    stop = step + config.recursionLimit() + 1;
    replaying = !nested() && config.checkpointId() != null;
    first(input);
  }

  private void first(Object input) {
    Command cmd = input instanceof Command c ? c : null;
    resuming = frame.hasVersions() && (nested() ? parentResuming : (input == null || cmd != null));
    boolean timeTravel = replaying && !(cmd != null && cmd.resume() != null);
    if (timeTravel) {
      pending.removeIf(w -> w.channel().equals(PendingWrite.RESUME));
    }
    if (cmd != null) {
      applyCommandInput(cmd);
    }
    boolean hadNullWrites = StateApi.applyNullWrites(program, frame, pending);
    if (resuming) {
      System.arraycopy(frame.versions, 0, frame.seen[frame.interruptRow()], 0, frame.versions.length);
      String source = metadata.source();
      if (timeTravel && !source.equals("update") && !source.equals("fork")) {
        pending.removeIf(w -> w.channel().equals(PendingWrite.INTERRUPT));
        putCheckpoint("fork");
      }
      emitValues();
    } else if (input != null && cmd == null) {
      Map<String, Object> values = inputMap(input);
      List<Task> discard = Planner.prepare(frame, step, ns, null);
      List<Task> all = new ArrayList<>(discard);
      all.add(Task.input(List.of(new Write(program.startSlot, values))));
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

  private static Map<String, Object> inputMap(Object input) {
    if (input instanceof Update u) {
      return u.values();
    }
    if (input instanceof State s) {
      return s.toMap();
    }
    if (input instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), v));
      return out;
    }
    throw new InvalidUpdateException(ErrorCode.INVALID_INPUT, "run input must be an Update, a Map, a State, a Command or null; got "
        + input.getClass().getName());
  }

  private void applyCommandInput(Command cmd) {
    if (cmd.toParent()) {
      throw new InvalidUpdateException(ErrorCode.NO_PARENT_GRAPH, "Command.toParentGraph() given as run input: there is no parent graph");
    }
    List<PendingWrite> writes = new ArrayList<>();
    for (Object g : cmd.gotos()) {
      if (g instanceof Send s) {
        writes.add(new PendingWrite(PendingWrite.NULL_TASK_ID, Program.TASKS_CHANNEL, s));
      } else if (!StateGraph.END.equals(g)) {
        if (!program.hasNode((String) g) || StateGraph.START.equals(g)) {
          throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "Command goto \"" + g + "\": no such node (nodes: "
              + String.join(", ", program.nodeNames()) + ")");
        }
        writes.add(new PendingWrite(PendingWrite.NULL_TASK_ID, "branch:to:" + g, StateGraph.START));
      }
    }
    if (cmd.resume() != null) {
      if (saver == null) {
        throw new TrellisException(ErrorCode.NO_CHECKPOINTER, "Command.resume needs a graph compiled with a checkpointer");
      }
      if (cmd.resume() instanceof Map<?, ?> m && !m.isEmpty() && m.keySet().stream().allMatch(Loop::isInterruptId)) {
        Map<String, Object> byId = new LinkedHashMap<>();
        m.forEach((k, v) -> byId.put((String) k, v));
        resumeMap = byId;
      } else {
        int n = pendingInterruptCount();
        if (n > 1) {
          throw new AmbiguousResumeException(n);
        }
        writes.add(new PendingWrite(PendingWrite.NULL_TASK_ID, PendingWrite.RESUME, cmd.resume()));
      }
    }
    for (Map.Entry<String, Object> e : cmd.update().values().entrySet()) {
      Integer slot = program.slotByName.get(e.getKey());
      if (slot == null || slot >= program.stateCount) {
        throw new InvalidUpdateException(ErrorCode.UNKNOWN_KEY, "Command update key \"" + e.getKey()
            + "\" is not in the state schema (keys: " + String.join(", ", program.stateKeys()) + ")");
      }
      writes.add(new PendingWrite(PendingWrite.NULL_TASK_ID, e.getKey(), e.getValue()));
    }
    if (writes.isEmpty() && resumeMap == null) {
      throw new EmptyInputException("empty Command input: give resume, update or goto");
    }
    savePending(PendingWrite.NULL_TASK_ID, writes);
  }

  private static boolean isInterruptId(Object k) {
    return k instanceof String s && s.length() == 32 && s.chars().allMatch(c -> Character.digit(c, 16) >= 0);
  }

  private int pendingInterruptCount() {
    Set<String> tasksWithInterrupts = new java.util.HashSet<>();
    for (PendingWrite w : pending) {
      if (w.channel().equals(PendingWrite.INTERRUPT) && w.value() instanceof List<?> l) {
        for (Object i : l) {
          tasksWithInterrupts.add(i instanceof Interrupt in ? in.id() : w.taskId());
        }
      }
    }
    return tasksWithInterrupts.size();
  }

  // ---------------------------------------------------------------- steps

  boolean tick() {
    if (step > stop) {
      status = Status.OUT_OF_STEPS;
      return false;
    }
    tasks = Planner.prepare(frame, step, ns, updated);
    if (announce) {
      announce = false;
      announceCheckpoint();
    }
    if (tasks.isEmpty()) {
      status = Status.DONE;
      return false;
    }
    if (!replaying && !pending.isEmpty()) {
      Map<String, Task> byId = new LinkedHashMap<>();
      for (Task t : tasks) {
        byId.put(t.id(), t);
      }
      for (PendingWrite w : pending) {
        Task t = byId.get(w.taskId());
        if (t != null && !w.channel().equals(PendingWrite.ERROR) && !w.channel().equals(PendingWrite.INTERRUPT)
            && !w.channel().equals(PendingWrite.RESUME)) {
          Integer slot = program.slotOf(w.channel());
          if (slot != null) {
            t.writes.add(new Write(slot, w.value()));
          }
        }
      }
    }
    Set<String> before = config.interruptBefore().isEmpty() ? program.options.interruptBefore() : config.interruptBefore();
    if (!before.isEmpty() && shouldInterrupt(before)) {
      status = Status.INTERRUPTED;
      throw new GraphInterrupt(List.of());
    }
    if (sink.wants(StreamMode.TASKS, depth())) {
      for (Task t : tasks) {
        if (!t.node.isStart()) {
          emitTasks(new StreamPart.TaskStart(nsPath, step, t.id(), t.name(), t.isPush() ? t.input.arg() : t.input.toMap(),
              t.isPush() ? List.of("__pregel_push") : triggerNames(t)));
        }
      }
    }
    for (Task t : tasks) {
      if (!t.writes.isEmpty()) {
        t.cached = true;
        outputWrites(t, t.writes);
      }
    }
    matchCachedWrites();
    if (observer != null) {
      observer.reportStep = !tasks.getFirst().node.isStart();
      if (observer.reportStep) {
        observer.stepStartNanos = System.nanoTime();
        observer.emit(new GraphEvent.StepStarted(nsPath, program.name, step, tasks.size()));
      }
    }
    return true;
  }

  private List<String> triggerNames(Task t) {
    List<String> names = new ArrayList<>(t.triggers.length);
    for (int s : t.triggers) {
      names.add(program.channelNames[s]);
    }
    return names;
  }

  /** Tasks of this step that still have to run (no saved or cached writes). */
  List<Task> runnable() {
    List<Task> out = new ArrayList<>(tasks.size());
    for (Task t : tasks) {
      if (t.writes.isEmpty()) {
        out.add(t);
      }
    }
    return out;
  }

  private void matchCachedWrites() {
    if (cache == null) {
      return;
    }
    for (Task t : tasks) {
      if (t.writes.isEmpty() && t.node.options().cache() != null) {
        Object key = t.node.options().cache().key().apply(t.input);
        cache.get(cacheNamespace(t), key).ifPresent(v -> {
          // Stored by channel name (not slot), so a persistent cache survives recompiles.
          for (Object entry : (List<?>) v) {
            List<?> pair = (List<?>) entry;
            Integer slot = program.slotOf((String) pair.get(0));
            if (slot != null) {
              t.writes.add(new Write(slot, pair.get(1)));
            }
          }
          t.cached = true;
          outputWrites(t, t.writes);
        });
      }
    }
  }

  private String cacheNamespace(Task t) {
    return cacheNamespace(program, t.name());
  }

  /** The cache namespace of a node's results (also used to clear them). */
  static String cacheNamespace(Program program, String node) {
    return "__pregel_cache|" + program.name + "|" + node;
  }

  private boolean shouldInterrupt(Set<String> nodes) {
    long[] seen = frame.seen[frame.interruptRow()];
    boolean anyUpdate = false;
    for (int i = 0; i < frame.versions.length && !anyUpdate; i++) {
      anyUpdate = frame.versions[i] > seen[i];
    }
    if (!anyUpdate) {
      return false;
    }
    for (Task t : tasks) {
      if (!t.node.isStart() && (nodes.contains("*") || nodes.contains(t.name()))) {
        return true;
      }
    }
    return false;
  }

  void afterTick() {
    updated = WriteApplier.apply(frame, tasks);
    if (touchesState(updated)) {
      emitValues();
    }
    pending.clear();
    committedWithoutSaver = false;
    replaying = false;
    if (observer != null && observer.reportStep) {
      observer.emit(new GraphEvent.StepEnded(nsPath, program.name, step,
          Duration.ofNanos(System.nanoTime() - observer.stepStartNanos)));
    }
    putCheckpoint("loop");
    resuming = false;
    Set<String> after = config.interruptAfter().isEmpty() ? program.options.interruptAfter() : config.interruptAfter();
    if (!after.isEmpty() && shouldInterrupt(after)) {
      status = Status.INTERRUPTED;
      throw new GraphInterrupt(List.of());
    }
  }

  private boolean touchesState(BitSet slots) {
    int first = slots.nextSetBit(0);
    return first >= 0 && first < program.stateCount;
  }

  /** At a pause of the root graph: shows finished siblings' writes, announces a static breakpoint. */
  void onInterrupt(GraphInterrupt gi) {
    status = Status.INTERRUPTED;
    if ((!pending.isEmpty() || committedWithoutSaver) && tasks.stream().anyMatch(t -> !t.writes.isEmpty())) {
      if (touchesState(WriteApplier.apply(frame, tasks))) {
        emitValues();
      }
    }
    if (gi.interrupts().isEmpty() && sink.wants(StreamMode.UPDATES, depth())) {
      sink.emit(new StreamPart.Interrupted(nsPath, List.of()));
    }
    if (observer != null) {
      observer.emit(new GraphEvent.Interrupted(nsPath, step, gi.interrupts()));
    }
  }

  // ---------------------------------------------------------------- tasks

  NodeResult invoke(Task task, TaskRuntime rt) throws Exception {
    PNode node = task.node;
    if (node.isStart()) {
      Map<String, Object> in = inputMap(task.input.arg());
      for (String k : in.keySet()) {
        Integer slot = program.slotByName.get(k);
        if (slot != null && slot < program.stateCount && !program.inputKey[slot]) {
          throw new InvalidUpdateException(ErrorCode.NOT_AN_INPUT, "key \"" + k + "\" is not an input of graph \""
              + program.name + "\" (inputs: " + String.join(", ", program.inputKeyNames()) + ")");
        }
      }
      return Update.of(in);
    }
    if (node.subgraph() != null) {
      return Engine.runNested(this, task, rt);
    }
    NodeResult r = node.body().apply(task.input, rt);
    return r == null ? Update.empty() : r;
  }

  String taskNamespace(Task t) {
    String own = t.name() + ":" + t.id(); // subgraph nodes: Engine.runNested uses the same segment
    return ns.isEmpty() ? own : ns + "|" + own;
  }

  void commitSuccess(Task task) {
    if (task.writes.isEmpty()) {
      task.writes.add(new Write(Write.NO_WRITES, null));
    }
    if (cache != null && task.node.options().cache() != null) {
      Object key = task.node.options().cache().key().apply(task.input);
      List<Object> byName = new ArrayList<>(task.writes.size());
      for (Write w : task.writes) {
        byName.add(java.util.Arrays.asList(program.channelName(w.slot()), w.value()));
      }
      cache.set(cacheNamespace(task), key, byName, task.node.options().cache().ttl());
    }
    putWrites(task, task.writes);
  }

  void commitInterrupt(Task task, List<Interrupt> interrupts) {
    List<Write> writes = new ArrayList<>();
    writes.add(new Write(Write.INTERRUPT, interrupts));
    for (Write w : task.writes) {
      if (w.slot() == Write.RESUME) {
        writes.add(w);
      }
    }
    putWrites(task, writes);
  }

  void commitError(Task task, Throwable error) {
    List<Write> writes = new ArrayList<>(task.writes);
    writes.add(new Write(Write.ERROR, String.valueOf(error)));
    putWrites(task, writes);
  }

  private void putWrites(Task task, List<Write> writes) {
    if (saver == null && !nested()) {
      // Nothing can resume this run: keep only the fact that a task committed this step.
      committedWithoutSaver = true;
    } else {
      List<PendingWrite> saved = new ArrayList<>(writes.size());
      for (Write w : writes) {
        saved.add(new PendingWrite(task.id(), program.channelName(w.slot()), w.value()));
      }
      savePending(task.id(), saved);
    }
    outputWrites(task, writes);
  }

  /** The result a functional-API call saved before (under its own task id), or {@code absent}. */
  Object savedReturn(String callId, Object absent) {
    synchronized (pending) {
      for (PendingWrite w : pending) {
        if (w.taskId().equals(callId) && w.channel().equals(Calls.RETURN)) {
          return w.value();
        }
      }
    }
    return absent;
  }

  /** Saves writes for a task id that is not a planned task (functional-API calls). */
  void saveCallWrites(String callId, List<Write> writes, Object result, boolean success) {
    List<PendingWrite> saved = new ArrayList<>();
    if (success) {
      saved.add(new PendingWrite(callId, Calls.RETURN, result));
    }
    for (Write w : writes) {
      saved.add(new PendingWrite(callId, program.channelName(w.slot()), w.value()));
    }
    savePending(callId, saved);
  }

  private void savePending(String taskId, List<PendingWrite> writes) {
    boolean replaced;
    synchronized (pending) {
      if (taskId.equals(PendingWrite.NULL_TASK_ID)) {
        // Run-level writes accumulate, but a new resume value replaces an unused old one (as savers do).
        replaced = pending.removeIf(old -> old.taskId().equals(taskId) && PendingWrite.isReserved(old.channel())
            && writes.stream().anyMatch(w -> w.channel().equals(old.channel())));
      } else {
        replaced = pending.removeIf(w -> w.taskId().equals(taskId));
      }
      pending.addAll(writes);
    }
    if (persistence != null && checkpointConfig != null && checkpointConfig.checkpointId() != null) {
      persistence.putWrites(checkpointConfig, taskId, writes, !replaced);
    }
  }

  List<Object> savedResume(String taskId) {
    synchronized (pending) {
      for (PendingWrite w : pending) {
        if (w.taskId().equals(taskId) && w.channel().equals(PendingWrite.RESUME)) {
          return w.value() instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>(List.of(w.value()));
        }
      }
    }
    return List.of();
  }

  Object takeNullResume() {
    synchronized (pending) {
      for (int i = 0; i < pending.size(); i++) {
        PendingWrite w = pending.get(i);
        if (w.taskId().equals(PendingWrite.NULL_TASK_ID) && w.channel().equals(PendingWrite.RESUME)) {
          pending.remove(i);
          return w.value();
        }
      }
    }
    return null;
  }

  // ---------------------------------------------------------------- output

  private void outputWrites(Task task, List<Write> writes) {
    if (task.node.isStart() || writes.isEmpty()) {
      return;
    }
    int first = writes.getFirst().slot();
    if (first == Write.INTERRUPT) {
      @SuppressWarnings("unchecked")
      List<Interrupt> interrupts = (List<Interrupt>) writes.getFirst().value();
      if (sink.wants(StreamMode.UPDATES, depth())) {
        sink.emit(new StreamPart.Interrupted(nsPath, interrupts));
      }
      if (sink.wants(StreamMode.TASKS, depth())) {
        emitTasks(new StreamPart.TaskResult(nsPath, step, task.id(), task.name(), Map.of(), null, interrupts, false));
      }
      return;
    }
    if (first == Write.ERROR) {
      if (sink.wants(StreamMode.TASKS, depth())) {
        emitTasks(new StreamPart.TaskResult(nsPath, step, task.id(), task.name(), Map.of(),
            String.valueOf(writes.getFirst().value()), List.of(), false));
      }
      return;
    }
    boolean updates = sink.wants(StreamMode.UPDATES, depth());
    boolean taskEvents = sink.wants(StreamMode.TASKS, depth());
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
      emitTasks(new StreamPart.TaskResult(nsPath, step, task.id(), task.name(), update, null, List.of(), task.cached));
    }
  }

  private void emitTasks(StreamPart part) {
    if (sink.has(StreamMode.TASKS) && (depth() == 0 || sink.wants(StreamMode.TASKS, depth()))) {
      sink.emit(part);
    }
    if (sink.has(StreamMode.DEBUG)) {
      sink.emit(new StreamPart.Debug(nsPath, step, part instanceof StreamPart.TaskStart ? "task" : "task_result", part));
    }
  }

  void emitValues() {
    if (sink.wants(StreamMode.VALUES, depth())) {
      sink.emit(new StreamPart.Values(nsPath, output()));
    }
  }

  /** The state channels that hold a value. */
  Map<String, Object> output() {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < program.stateCount; i++) {
      if (!program.outputKey[i]) {
        continue;
      }
      Object v = frame.channels[i].get();
      if (v != Channel.EMPTY) {
        out.put(program.channelNames[i], v);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- checkpoints

  private void announceCheckpoint() {
    if (!sink.wants(StreamMode.CHECKPOINTS, depth())) {
      return;
    }
    List<String> next = new ArrayList<>(tasks.size());
    for (Task t : tasks) {
      next.add(t.name());
    }
    StreamPart part = new StreamPart.CheckpointEvent(nsPath, checkpointConfig, metadata, output(), next,
        previousConfig == null || previousConfig.checkpointId() == null ? null : previousConfig);
    if (sink.has(StreamMode.CHECKPOINTS)) {
      sink.emit(part);
    }
    if (sink.has(StreamMode.DEBUG)) {
      sink.emit(new StreamPart.Debug(nsPath, step - 1, "checkpoint", part));
    }
  }

  /** Completes this loop's saves (waits for background ones, or does the exit-mode save). */
  void finishPersistence() {
    if (persistence != null) {
      persistence.finish();
    }
  }

  /** What a checkpoint of {@code source} records as its writes (only built when a saver will keep it). */
  private Map<String, Object> checkpointWrites(String source) {
    if (source.equals("input")) {
      Object input = frame.channels[program.startSlot].get();
      return input == dev.trellis.channel.Channel.EMPTY ? Map.of() : Map.of(Program.START_CHANNEL, input);
    }
    if (!source.equals("loop")) {
      return Map.of();
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Task t : tasks) {
      if (t.node.isStart()) {
        continue;
      }
      Map<String, Object> update = new LinkedHashMap<>();
      for (Write w : t.writes) {
        if (w.slot() >= 0 && w.slot() < program.stateCount) {
          update.put(program.channelNames[w.slot()], w.value());
        }
      }
      Object prev = out.get(t.name());
      if (prev == null) {
        out.put(t.name(), update);
      } else {
        List<Object> many = prev instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>(List.of(prev));
        many.add(update);
        out.put(t.name(), many);
      }
    }
    return out;
  }

  private void putCheckpoint(String source) {
    if (persistence == null) {
      // Nothing is saved: the frame keeps its id (task ids only need to differ by step within the run).
      step++;
      return;
    }
    CheckpointMetadata md = new CheckpointMetadata(source, step, checkpointWrites(source), config.metadata());
    {
      previousConfig = checkpointConfig;
      checkpointConfig = persistence.put(checkpointConfig, frame.toCheckpoint(CheckpointIds.next()), md);
      announce = true;
    }
    if (observer != null) {
      observer.emit(new GraphEvent.CheckpointSaved(nsPath, step, source, checkpointConfig));
    }
    metadata = md;
    step++;
  }
}
