package dev.trellis.core;

import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.GraphSignature;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.State;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.StateUpdate;
import dev.trellis.graph.Update;
import dev.trellis.pregel.Engine;
import dev.trellis.pregel.Program;
import dev.trellis.pregel.Sink;
import dev.trellis.pregel.StateApi;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A validated, immutable graph ready to run. Thread-safe: any number of runs may use it
 * at once (on different threads, or on different thread ids of one checkpointer).
 *
 * <p>Run input is an {@link Update}, a {@code Map<String, ?>} of key names, a
 * {@link Command} (resume, update, goto), or null to continue a paused or failed thread.
 *
 * <p>A {@link GraphProtocol}: code written against it runs a served graph (trellis-client's
 * {@code RemoteGraph}) the same way.
 */
public final class CompiledGraph implements GraphProtocol {
  private final Program program;
  private final Schema schema;
  private final CompileOptions options;

  CompiledGraph(Program program, Schema schema, CompileOptions options) {
    this.program = program;
    this.schema = schema;
    this.options = options;
  }

  /**
   * Runs to the end (or a pause) and returns the final state.
   *
   * @throws dev.trellis.error.NodeException a node failed after its retries (the cause attached)
   * @throws dev.trellis.error.NodeTimeoutException a node attempt ran past its timeout
   * @throws dev.trellis.error.GraphRecursionException the recursion limit was reached
   * @throws dev.trellis.error.InvalidUpdateException input, a write or a Command the graph cannot take
   *     ({@code INVALID_INPUT}, {@code NOT_AN_INPUT}, {@code INPUT_VIOLATION}, {@code UNKNOWN_KEY}, {@code INVALID_CONCURRENT_UPDATE},
   *     {@code NO_PARENT_GRAPH})
   * @throws dev.trellis.error.InvalidGraphException a route, Send or goto names no node
   * @throws dev.trellis.error.TrellisException {@code EMPTY_INPUT}, {@code AMBIGUOUS_RESUME},
   *     {@code MISSING_THREAD}, {@code NO_CHECKPOINTER} or {@code UNKNOWN_CHECKPOINT} for a config the run cannot use
   */
  public State invoke(Object input) {
    return invoke(input, RunConfig.DEFAULT);
  }

  /**
   * Runs to the end (or a pause) and returns the final state; see {@link #getState} for pending interrupts.
   *
   * @throws dev.trellis.error.NodeException a node failed after its retries (the cause attached)
   * @throws dev.trellis.error.NodeTimeoutException a node attempt ran past its timeout
   * @throws dev.trellis.error.GraphRecursionException the recursion limit was reached
   * @throws dev.trellis.error.InvalidUpdateException input, a write or a Command the graph cannot take
   *     ({@code INVALID_INPUT}, {@code NOT_AN_INPUT}, {@code INPUT_VIOLATION}, {@code UNKNOWN_KEY}, {@code INVALID_CONCURRENT_UPDATE},
   *     {@code NO_PARENT_GRAPH})
   * @throws dev.trellis.error.InvalidGraphException a route, Send or goto names no node
   * @throws dev.trellis.error.TrellisException {@code EMPTY_INPUT}, {@code AMBIGUOUS_RESUME},
   *     {@code MISSING_THREAD}, {@code NO_CHECKPOINTER} or {@code UNKNOWN_CHECKPOINT} for a config the run cannot use
   */
  @Override
  public State invoke(Object input, RunConfig config) {
    return State.of(Engine.run(program, input, config, Sink.NONE).values());
  }

  /** {@link #invoke} on a virtual thread; cancelling the future interrupts the run. */
  public CompletableFuture<State> invokeAsync(Object input, RunConfig config) {
    CompletableFuture<State> f = new CompletableFuture<>();
    Thread t = Thread.ofVirtual().name("trellis-run").start(() -> {
      try {
        f.complete(invoke(input, config));
      } catch (Throwable e) {
        f.completeExceptionally(e);
      }
    });
    f.whenComplete((v, e) -> {
      if (f.isCancelled()) {
        t.interrupt();
      }
    });
    return f;
  }

  /**
   * Streams the run in the given modes (values when none are given). Errors of the run are thrown
   * from the stream's iteration (as by {@link #invoke(Object, RunConfig)}), not from this call.
   */
  public GraphStream stream(Object input, RunConfig config, StreamMode... modes) {
    Set<StreamMode> set = modes.length == 0 ? EnumSet.of(StreamMode.VALUES) : EnumSet.copyOf(List.of(modes));
    return stream(input, config, set, false);
  }

  /** Streams the run; with {@code subgraphs} parts from inside subgraphs are included, with their namespace. */
  @Override
  public GraphStream stream(Object input, RunConfig config, Set<StreamMode> modes, boolean subgraphs) {
    return GraphStream.startWithOutcome(parts -> Engine.run(program, input, config, new Sink(modes, subgraphs, parts)));
  }

  /**
   * As {@link #stream(Object, RunConfig, Set, boolean)}, except that the run starts when the stream is first iterated
   * (or runs on the caller's thread: {@link GraphStream#runHere}), and that a run which ends (not paused, not failed)
   * with checkpoint saves not yet made does not make them — under {@link dev.trellis.graph.Durability#ASYNC} those
   * still queued, under {@code EXIT} its one save. The stream ends once every earlier save has landed; the caller
   * takes the rest with {@link #unsavedSaves} and must save them in order (to the checkpointer of {@link #options()},
   * alone with {@code putBatch} or in one transaction with writes of its own) before the thread is read or run again.
   * A server uses it to commit a run's last checkpoints with the run's end. Only then can {@link #finalState} be
   * non-null with saves unmade.
   */
  public GraphStream streamLeavingLastSaves(Object input, RunConfig config, Set<StreamMode> modes, boolean subgraphs) {
    return GraphStream.unstarted(parts -> Engine.run(program, input, config, new Sink(modes, subgraphs, parts), true));
  }

  /**
   * The saves a run streamed by {@link #streamLeavingLastSaves} left unmade, in order; empty when it left none,
   * before its iteration ended, or when it failed (then it made them itself, as every other run does).
   */
  public List<dev.trellis.checkpoint.SaveOp> unsavedSaves(GraphStream stream) {
    return stream.outcome() instanceof Engine.Result r ? r.unsaved() : List.of();
  }

  /**
   * The thread's state after a run streamed by this graph, as {@link #getState(RunConfig)} on
   * its thread would show it right after the run, without reading the checkpointer again; or
   * null when the stream cannot tell (iteration has not ended, the run failed or paused, or it
   * saved no checkpoint): then read it with {@code getState}. Valid while nothing else writes
   * to the thread after the run.
   */
  public StateSnapshot finalState(GraphStream stream) {
    if (!(stream.outcome() instanceof Engine.Result r) || r.saved() == null) {
      return null;
    }
    return StateApi.at(program, r.saved(), false);
  }

  /**
   * Runs this graph from inside a node of another graph, as its subgraph (for a subgraph
   * with a different schema, wrapped in a node function): same thread and checkpointer under
   * its own namespace, interrupts pause the outer run and resume here, and
   * {@code Command.toParentGraph()} reaches the outer graph. Returns this graph's output.
   */
  public Map<String, Object> invokeFrom(dev.trellis.runtime.Runtime runtime, Map<String, ?> input) {
    return Engine.runFromNode(program, runtime, input);
  }

  /**
   * The thread's state at its newest checkpoint (or the config's checkpoint id).
   *
   * @throws dev.trellis.error.TrellisException {@code NO_CHECKPOINTER} (compiled without a saver) or
   *     {@code MISSING_THREAD} (the config names no thread)
   */
  @Override
  public StateSnapshot getState(RunConfig config) {
    return StateApi.get(program, config, false);
  }

  /**
   * As {@link #getState(RunConfig)}; with {@code subgraphs}, each subgraph task carries its subgraph's own state.
   *
   * @throws dev.trellis.error.TrellisException {@code NO_CHECKPOINTER} (compiled without a saver) or
   *     {@code MISSING_THREAD} (the config names no thread)
   */
  public StateSnapshot getState(RunConfig config, boolean subgraphs) {
    return StateApi.get(program, config, subgraphs);
  }

  /**
   * The state a checkpoint already read from this graph's saver shows: what {@link #getState}
   * pinned to it (its config naming the checkpoint id) returns, without reading it again. Pinned
   * reads show the checkpoint as saved: its tasks with saved writes still count as {@code next}
   * (LangGraph's newest-state view, {@code getState} without a checkpoint id, applies them).
   */
  public StateSnapshot getState(dev.trellis.checkpoint.CheckpointTuple saved, boolean subgraphs) {
    return StateApi.at(program, saved, subgraphs);
  }

  /**
   * The thread's checkpoints, newest first (before the config's checkpoint id when it names one).
   *
   * @throws dev.trellis.error.TrellisException {@code NO_CHECKPOINTER} (compiled without a saver) or
   *     {@code MISSING_THREAD} (the config names no thread)
   */
  public List<StateSnapshot> getStateHistory(RunConfig config) {
    return StateApi.history(program, config, 0, Map.of());
  }

  /**
   * The newest {@code limit} checkpoints (≤ 0: all) of the thread.
   *
   * @throws dev.trellis.error.TrellisException {@code NO_CHECKPOINTER} (compiled without a saver) or
   *     {@code MISSING_THREAD} (the config names no thread)
   */
  @Override
  public List<StateSnapshot> getStateHistory(RunConfig config, int limit) {
    return StateApi.history(program, config, limit, Map.of());
  }

  /**
   * At most {@code limit} checkpoints (≤ 0: all) whose metadata matches {@code filter}, e.g. {@code Map.of("source", "loop")}.
   *
   * @throws dev.trellis.error.TrellisException {@code NO_CHECKPOINTER} (compiled without a saver) or
   *     {@code MISSING_THREAD} (the config names no thread)
   */
  public List<StateSnapshot> getStateHistory(RunConfig config, int limit, Map<String, ?> filter) {
    return StateApi.history(program, config, limit, filter);
  }

  /**
   * Writes {@code values} as if {@code asNode} had returned them (null: the node that ran
   * last), saving a new checkpoint; returns a config pointing at it. From an older
   * checkpoint id this forks the thread.
   *
   * @throws dev.trellis.error.TrellisException {@code NO_CHECKPOINTER} (compiled without a saver) or
   *     {@code MISSING_THREAD} (the config names no thread)
   * @throws dev.trellis.error.InvalidUpdateException {@code AMBIGUOUS_UPDATE} (no {@code asNode} and several
   *     nodes ran last), {@code EMPTY_UPDATE}, {@code UNKNOWN_NODE}, {@code UNKNOWN_KEY}
   */
  @Override
  public RunConfig updateState(RunConfig config, Map<String, ?> values, String asNode) {
    return config.withCheckpointId(StateApi.update(program, config, values, asNode).checkpointId());
  }

  /**
   * As {@link #updateState(RunConfig, Map, String)}.
   *
   * @throws dev.trellis.error.TrellisException as {@link #updateState(RunConfig, Map, String)}
   */
  public RunConfig updateState(RunConfig config, Update values, String asNode) {
    return updateState(config, values.values(), asNode);
  }

  /**
   * Applies several supersteps of updates: each inner list is applied together (as if its
   * nodes ran in one step) and saved as one checkpoint. Returns a config at the last one.
   *
   * @throws dev.trellis.error.TrellisException as {@link #updateState(RunConfig, Map, String)};
   *     {@code EMPTY_UPDATE} when there are no supersteps or one is empty
   */
  public RunConfig bulkUpdateState(RunConfig config, List<List<StateUpdate>> supersteps) {
    return config.withCheckpointId(StateApi.bulkUpdate(program, config, supersteps).checkpointId());
  }

  /** The graph's shape as plain data, read from what runs (for tools; see {@link #manifest()}). */
  public dev.trellis.draw.GraphView view() {
    return program.view();
  }

  /** A JSON-ready description: nodes with policies and subgraphs, edges with kinds and conditions, state keys. */
  public Map<String, Object> manifest() {
    return program.view().manifest();
  }

  /** Mermaid flowchart text; {@code xray} expands subgraphs. */
  public String drawMermaid(boolean xray) {
    return program.view().mermaid(xray);
  }

  /** Graphviz DOT text (render it with {@link dev.trellis.draw.Images} or any Graphviz). */
  public String drawDot() {
    return program.view().dot();
  }

  /**
   * Proves topology properties over every path the graph could take, e.g.
   * {@code graph.verify(Check.passesThrough("load_memory", "crisis_gate")).orThrow()}.
   */
  public dev.trellis.verify.Verification verify(dev.trellis.verify.Check... checks) {
    return dev.trellis.verify.Verification.of(program.view(), List.of(checks));
  }

  /** Forgets the cached results of {@code nodes} (of every cached node when none are named). */
  public void clearCache(String... nodes) {
    Engine.clearCache(program, nodes);
  }

  public Schema schema() {
    return schema;
  }

  /** The state keys a run's input may set, in schema order (LangGraph's input schema; all keys unless limited). */
  public List<String> inputKeys() {
    return program.inputKeyNames();
  }

  /** The state keys outputs show, in schema order (LangGraph's output schema; all keys unless limited). */
  public List<String> outputKeys() {
    return program.outputKeyNames();
  }

  public CompileOptions options() {
    return options;
  }

  /**
   * This graph compiled with other options — same nodes, edges and schema — e.g. a server's
   * checkpointer and store in place of the ones it was compiled with:
   * {@code graph.withOptions(graph.options().withCheckpointer(saver).withStore(store))}.
   */
  public CompiledGraph withOptions(CompileOptions other) {
    return new CompiledGraph(program.withOptions(java.util.Objects.requireNonNull(other, "options")), schema, other);
  }

  public String name() {
    return program.name();
  }

  /** What the graph and its subgraphs take and give (state, input, output and context types), for describing it. */
  public GraphSignature signature() {
    return program.signature();
  }

  /** The compiled program, the engine's form of this graph; for this package (subgraph nodes) only. */
  Program program() {
    return program;
  }
}
