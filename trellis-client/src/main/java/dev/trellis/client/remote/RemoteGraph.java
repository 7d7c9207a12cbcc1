package dev.trellis.client.remote;

import dev.trellis.client.EventStream;
import dev.trellis.client.RemoteRunException;
import dev.trellis.client.Run;
import dev.trellis.client.RunRequest;
import dev.trellis.client.StreamEvent;
import dev.trellis.client.ThreadState;
import dev.trellis.client.TrellisApiException;
import dev.trellis.client.TrellisClient;
import dev.trellis.core.GraphProtocol;
import dev.trellis.graph.Command;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A graph served by a Trellis (or LangGraph) server, used like a {@link dev.trellis.core.CompiledGraph}
 * (LangGraph's {@code RemoteGraph}): both are a {@link GraphProtocol}, so {@link #invoke},
 * {@link #stream}, {@link #getState}, {@link #getStateHistory} and {@link #updateState} take the
 * same {@link RunConfig}s and return the same types, each call one HTTP request to the server. The config's thread id is the remote
 * thread's (created on first use); its checkpoint id, recursion limit, breakpoints, metadata and
 * (a {@code Map}) context go with the run; listeners and durability stay local.
 *
 * <p>It is also a {@link Node}: {@code graph.addNode("research", remote)} runs the remote graph
 * with the parent's whole state as input, on the remote thread of the parent's thread id (a
 * stateless run when the parent has none), and returns the remote graph's final values as the
 * node's update — so the parent's schema must have the keys the remote graph outputs. Values
 * the remote graph writes to its custom stream are written to the parent's custom stream. When
 * the remote graph pauses, the parent pauses with the remote interrupt's value; resuming the
 * parent ({@code Command.resume(answer)}) resumes the remote thread with {@code answer} — the
 * remote thread's pending interrupt is the node's, however many times it asks.
 *
 * <p>Immutable and thread-safe. A run that fails remotely throws
 * {@link RemoteRunException}; a refused request {@link TrellisApiException}.
 */
public final class RemoteGraph implements GraphProtocol, Node {
  /** Run metadata keys with which a node remembers how many remote interrupts it answered. */
  static final String TASK_KEY = "trellis_parent_task";
  static final String ANSWERS_KEY = "trellis_parent_answers";

  private final TrellisClient client;
  private final String assistantId;
  private final Map<String, Object> config;

  private RemoteGraph(TrellisClient client, String assistantId, Map<String, Object> config) {
    if (assistantId == null || assistantId.isBlank()) {
      throw new IllegalArgumentException("a remote graph needs an assistant id (or graph id)");
    }
    this.client = java.util.Objects.requireNonNull(client, "client");
    this.assistantId = assistantId;
    this.config = Map.copyOf(config);
  }

  /** The graph (or assistant) {@code assistantId} served where {@code client} points. */
  public static RemoteGraph of(TrellisClient client, String assistantId) {
    return new RemoteGraph(client, assistantId, Map.of());
  }

  /** A copy that sends {@code config} (e.g. {@code configurable} values, {@code tags}) with every run. */
  public RemoteGraph withConfig(Map<String, ?> config) {
    return new RemoteGraph(client, assistantId, new LinkedHashMap<>(config));
  }

  /** The assistant (or graph) id runs go to. */
  public String assistantId() {
    return assistantId;
  }

  /** Runs without a thread and returns the final state. */
  public State invoke(Object input) {
    return invoke(input, RunConfig.DEFAULT);
  }

  /**
   * Runs {@code input} (a state map, or a {@link Command} such as {@code Command.resume(answer)})
   * on the config's thread to its end or next pause, and returns the state then (without
   * interrupts: read them with {@link #getState}), like {@code CompiledGraph.invoke}.
   */
  @Override
  public State invoke(Object input, RunConfig config) {
    Map<String, Object> out = new LinkedHashMap<>(client.runs().wait(config.threadId(),
        Wire.request(assistantId, input, config, this.config).build()));
    out.remove(Wire.INTERRUPT);
    return State.of(out);
  }

  /** {@link #stream(Object, RunConfig, Set, boolean)} of the root graph. */
  public GraphStream stream(Object input, RunConfig config, StreamMode... modes) {
    Set<StreamMode> set = modes.length == 0 ? EnumSet.of(StreamMode.VALUES) : EnumSet.of(modes[0], modes);
    return stream(input, config, set, false);
  }

  /**
   * Streams the run as engine {@link StreamPart}s: values, updates (an {@code Interrupted} part
   * when the remote graph pauses; steps are -1, the wire does not carry them), custom values,
   * and the other modes as {@code Data} parts with their wire JSON. Closing the stream
   * disconnects, which cancels the remote run.
   */
  @Override
  public GraphStream stream(Object input, RunConfig config, Set<StreamMode> modes, boolean subgraphs) {
    RunRequest request = Wire.request(assistantId, input, config, this.config)
        .set("stream_mode", Wire.modes(modes)).streamSubgraphs(subgraphs).onDisconnect("cancel").build();
    boolean wantUpdates = modes.contains(StreamMode.UPDATES);
    return GraphStream.start(sink -> {
      try (EventStream events = client.runs().stream(config.threadId(), request).throwOnError()) {
        for (StreamEvent e : events) {
          for (StreamPart p : Wire.parts(e, List.of())) {
            if (wantUpdates || !(p instanceof StreamPart.Updates)) {
              sink.accept(p);
            }
          }
        }
      }
    });
  }

  /** The remote thread's latest state, or the state at the config's checkpoint id. */
  @Override
  public StateSnapshot getState(RunConfig config) {
    return getState(config, false);
  }

  /** Like {@link #getState(RunConfig)}; {@code subgraphs} asks for subgraph tasks' states too (not mapped here). */
  public StateSnapshot getState(RunConfig config, boolean subgraphs) {
    return Wire.snapshot(client.threads().getState(thread(config), config.checkpointId(), subgraphs));
  }

  /** The remote thread's last ten states, newest first. */
  public List<StateSnapshot> getStateHistory(RunConfig config) {
    return getStateHistory(config, 10);
  }

  /** The remote thread's states newest first, at most {@code limit}, before the config's checkpoint id if any. */
  @Override
  public List<StateSnapshot> getStateHistory(RunConfig config, int limit) {
    List<StateSnapshot> out = new ArrayList<>();
    for (ThreadState s : client.threads().getHistory(thread(config), limit, config.checkpointId(), null)) {
      out.add(Wire.snapshot(s));
    }
    return out;
  }

  /** Writes {@code values} to the remote thread as node {@code asNode}; the config of the new checkpoint. */
  @Override
  public RunConfig updateState(RunConfig config, Map<String, ?> values, String asNode) {
    var cp = client.threads().updateState(thread(config), values, asNode, config.checkpointId());
    return config.withThread(cp.threadId()).withCheckpointId(cp.checkpointId());
  }

  private static String thread(RunConfig config) {
    if (config.threadId() == null) {
      throw new IllegalArgumentException("a remote graph's state needs a thread: RunConfig.thread(id)");
    }
    return config.threadId();
  }

  /**
   * As a node: see the class comment. On a restart after the parent was resumed, the remote
   * thread is still paused; the node answers it with the parent's next resume value. Each
   * remote run carries, in its metadata, this task's id and how many answers it has passed on
   * so far, so the k-th remote interrupt of one parent task gets the parent's k-th answer.
   */
  @Override
  public NodeResult apply(State state, Runtime runtime) {
    String thread = runtime.threadId();
    RunConfig config = thread == null ? RunConfig.DEFAULT : RunConfig.thread(thread);
    Object input = state.toMap();
    int answered = 0;
    if (thread != null) {
      ThreadState remote = pausedRemote(thread);
      if (remote != null) {
        answered = answeredBy(thread, runtime.taskId());
        input = Command.resume(answer(runtime, remote.interrupts().getFirst().value(), answered));
        answered++;
      }
    }
    while (true) {
      RunConfig run = thread == null ? config
          : config.withMetadata(Map.of(TASK_KEY, runtime.taskId(), ANSWERS_KEY, answered));
      Paused paused = runAsNode(input, run, runtime);
      if (paused.interrupt == null) {
        return Update.of(paused.values);
      }
      if (thread == null) {
        throw new IllegalStateException("remote graph " + assistantId + " paused (" + paused.interrupt
            + ") in a parent run without a thread: give the parent a thread to pause and resume it");
      }
      input = Command.resume(answer(runtime, paused.interrupt, answered));
      answered++;
    }
  }

  /** The parent's answer to the remote interrupt, after skipping the {@code answered} ones already passed on. */
  private static Object answer(Runtime runtime, Object value, int answered) {
    for (int i = 0; i < answered; i++) {
      runtime.interrupt(value);
    }
    return runtime.interrupt(value);
  }

  private record Paused(Map<String, Object> values, Object interrupt) {}

  private Paused runAsNode(Object input, RunConfig config, Runtime runtime) {
    RunRequest request = Wire.request(assistantId, input, config, this.config)
        .set("stream_mode", List.of("values", "updates", "custom")).onDisconnect("cancel").build();
    Map<String, Object> values = Map.of();
    Object interrupt = null;
    try (EventStream events = client.runs().stream(config.threadId(), request).throwOnError()) {
      for (StreamEvent e : events) {
        switch (e.mode()) {
          case "values" -> values = e.dataMap();
          case "custom" -> runtime.write(e.data());
          case "updates" -> {
            if (e.namespace().isEmpty() && e.data() instanceof Map<?, ?> m && m.get(Wire.INTERRUPT) instanceof List<?> l
                && !l.isEmpty()) {
              interrupt = ((Map<?, ?>) l.getFirst()).get("value");
            }
          }
          default -> { }
        }
      }
    }
    Map<String, Object> out = new LinkedHashMap<>(values);
    out.remove(Wire.INTERRUPT);
    return new Paused(out, interrupt);
  }

  /** The remote thread's state when it is paused on an interrupt; null when it is not, or does not exist yet. */
  private ThreadState pausedRemote(String thread) {
    try {
      ThreadState s = client.threads().getState(thread);
      return s.interrupts().isEmpty() ? null : s;
    } catch (TrellisApiException e) {
      if (e.status() == 404) {
        return null;
      }
      throw e;
    }
  }

  /**
   * How many of the parent's answers this task already passed on to the remote thread: the count
   * in the metadata of the thread's latest run when that run was this task's (a pause adds no
   * checkpoint, so the thread's state cannot carry it), else 0.
   */
  private int answeredBy(String thread, String taskId) {
    List<Run> latest = client.runs().list(thread, 1, 0, null);
    Map<String, Object> meta = latest.isEmpty() || latest.getFirst().metadata() == null ? Map.of()
        : latest.getFirst().metadata();
    return taskId.equals(meta.get(TASK_KEY)) && meta.get(ANSWERS_KEY) instanceof Number n ? n.intValue() : 0;
  }
}
