package dev.trellis.pregel;

import dev.trellis.policy.Attempts;
import dev.trellis.runtime.Interrupt;
import dev.trellis.runtime.MessageStream;
import dev.trellis.runtime.Runtime;
import dev.trellis.runtime.StreamWriter;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The {@link Runtime} handed to one task attempt. Holds the task's resume values (saved
 * by earlier runs) and hands out the run's one plain resume value to the first interrupt
 * that has no saved answer (falling back to the parent task's, inside subgraphs).
 */
final class TaskRuntime implements Runtime {
  final TaskScope scope;
  final StepTask task;
  /** This attempt in the task's policy chain: its number and its timeout's idle limit. */
  private final Attempts attempt;
  private int interruptCounter;
  /** Resume values for this task's interrupts; loaded on the first interrupt() (most nodes never call it). */
  private List<Object> resume;
  private String interruptId;

  TaskRuntime(TaskScope scope, StepTask task, Attempts attempt) {
    this.scope = scope;
    this.task = task;
    this.attempt = attempt;
  }

  private void loadResume() {
    if (resume != null) {
      return;
    }
    resume = new ArrayList<>(scope.pending().savedResume(task.id()));
    interruptId = TaskIds.ofString(taskNamespace());
    Map<String, Object> byId = scope.resumeById();
    if (byId != null && byId.containsKey(interruptId)) {
      resume.add(byId.get(interruptId));
    }
  }

  /** The run's plain resume value, consumed once; inside a subgraph the parent task's. */
  Object takeNullResume() {
    Object v = scope.pending().takeNullResume();
    if (v == null && scope.parent() != null) {
      return scope.parent().takeNullResume();
    }
    return v;
  }

  @Override
  @SuppressWarnings("unchecked")
  public synchronized <T> T interrupt(Object value) { // tools of one node may call it from several threads
    loadResume();
    int idx = interruptCounter++;
    if (idx < resume.size()) {
      task.writes.add(new Write(Write.RESUME, List.copyOf(resume.subList(0, idx + 1))));
      return (T) resume.get(idx);
    }
    Object v = takeNullResume();
    if (v != null) {
      resume.add(v);
      task.writes.add(new Write(Write.RESUME, List.copyOf(resume)));
      return (T) v;
    }
    throw new GraphInterrupt(List.of(new Interrupt(interruptId, value)));
  }

  @Override
  public void writeState(String key, Object value) {
    Integer slot = scope.program().slotByName.get(key);
    if (slot == null || slot >= scope.program().stateCount) {
      throw new dev.trellis.error.InvalidUpdateException(dev.trellis.error.ErrorCode.UNKNOWN_KEY, "node \"" + task.name()
          + "\" wrote key \"" + key + "\", which is not in the state schema (keys: "
          + String.join(", ", scope.program().stateKeys()) + ")");
    }
    Object prepared = scope.frame().channels[slot].prepareWrite(value);
    synchronized (task.writes) {
      task.writes.add(new Write(slot, prepared));
    }
  }

  @Override
  public <C> C context(Class<C> type) {
    Object ctx = scope.config().context();
    return ctx == null ? null : type.cast(ctx);
  }

  @Override
  public StreamWriter stream() {
    return writer(StreamMode.CUSTOM, v -> new StreamPart.Custom(scope.nsPath(), task.name(), v));
  }

  @Override
  public MessageStream messages() {
    return messageStream(null, null);
  }

  @Override
  public MessageStream chatModel(String model, Object input) {
    return messageStream(model == null ? "ChatModel" : model, input);
  }

  /** A new answer's stream; {@code model} non-null also reports the call's start and end on the events mode. */
  private MessageStream messageStream(String model, Object input) {
    String callId = UUID.randomUUID().toString();
    // LangChain names a model's answer after the model call's run id.
    String messageId = "run-" + callId;
    StreamWriter tokens = writer(StreamMode.MESSAGES, v -> new StreamPart.MessageChunk(scope.nsPath(), task.name(),
        scope.step(), scope.config().threadId(), String.valueOf(v), messageId, task.id()));
    boolean events = model != null && scope.emitter().wants(StreamMode.EVENTS);
    if (events) {
      emitCall(StreamPart.CallEvent.Kind.CHAT_MODEL, callId, model, false, input, null);
    }
    return new MessageStream() {
      @Override
      public String messageId() {
        return messageId;
      }

      @Override
      public void write(Object token) {
        tokens.write(token);
      }

      @Override
      public void end(Object message) {
        if (events) {
          emitCall(StreamPart.CallEvent.Kind.CHAT_MODEL, callId, model, true, input, message);
        }
      }
    };
  }

  @Override
  public Consumer<Object> toolCall(String tool, Object input) {
    heartbeat();
    if (!scope.emitter().wants(StreamMode.EVENTS)) {
      return output -> heartbeat();
    }
    String callId = UUID.randomUUID().toString();
    emitCall(StreamPart.CallEvent.Kind.TOOL, callId, tool, false, input, null);
    return output -> {
      heartbeat();
      emitCall(StreamPart.CallEvent.Kind.TOOL, callId, tool, true, input, output);
    };
  }

  private void emitCall(StreamPart.CallEvent.Kind kind, String callId, String name, boolean end, Object input,
      Object output) {
    scope.emitter().emit(new StreamPart.CallEvent(scope.nsPath(), task.name(), scope.step(), task.id(), kind, callId, name, end,
        input, output));
  }

  @Override
  public void emitMessage(Object message) {
    writer(StreamMode.MESSAGES, v -> new StreamPart.PushedMessage(scope.nsPath(), task.name(), scope.step(),
        scope.config().threadId(), v)).write(message);
  }

  /** A writer that heartbeats and, when the run streams {@code mode}, emits {@code part} of each value. */
  private StreamWriter writer(StreamMode mode, Function<Object, StreamPart> part) {
    if (!scope.emitter().wants(mode)) {
      return v -> heartbeat();
    }
    return v -> {
      heartbeat();
      scope.emitter().emit(part.apply(v));
    };
  }

  @Override
  public String node() {
    return task.name();
  }

  @Override
  public int step() {
    return scope.step();
  }

  @Override
  public int remainingSteps() {
    return scope.remainingSteps();
  }

  @Override
  public String threadId() {
    return scope.config().threadId();
  }

  @Override
  public int attempt() {
    return attempt.attempt();
  }

  /** Graphs this attempt has run inside itself, to number their checkpoint namespaces. */
  int nestedRuns;

  @Override
  public dev.trellis.checkpoint.store.Store store() {
    return scope.program().options.store();
  }

  @Override
  public void heartbeat() {
    attempt.progress();
  }

  @Override
  public String checkpointNamespace() {
    return scope.namespace();
  }

  /** The task's own namespace, {@code node:taskId} under the loop's (a subgraph node's graph runs in it). */
  String taskNamespace() {
    String own = task.name() + ":" + task.id();
    return scope.namespace().isEmpty() ? own : scope.namespace() + "|" + own;
  }

  @Override
  public String taskId() {
    return task.id();
  }
}
