package dev.trellis.func;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.Command;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.Update;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import java.util.Map;

/**
 * A durable workflow written as plain Java (LangGraph's {@code @entrypoint}). It compiles to
 * the same engine as a graph — one node running the body, state {@code input}, {@code output}
 * and {@code previous} — so checkpoints, interrupts, streaming and durability modes work the
 * same. Immutable and thread-safe once compiled.
 */
public final class Entrypoint<I, O> {
  static final Key<Object> INPUT = Key.of("input", Object.class);
  static final Key<Object> OUTPUT = Key.of("output", Object.class);
  static final Key<Object> PREVIOUS = Key.of("previous", Object.class);

  private final CompiledGraph graph;

  private Entrypoint(CompiledGraph graph) {
    this.graph = graph;
  }

  /** Compiles {@code body} as the workflow {@code name}. */
  @SuppressWarnings("unchecked")
  public static <I, O> Entrypoint<I, O> of(String name, Workflow<I, O> body, CompileOptions options) {
    CompiledGraph g = StateGraph.of(Schema.of(INPUT, OUTPUT, PREVIOUS))
        .addNode(name, (state, rt) -> {
          Object result = body.run((I) state.get(INPUT), new WorkflowContext(rt, state.get(PREVIOUS)));
          if (result instanceof Final<?> f) {
            return Update.of(OUTPUT, f.value(), PREVIOUS, f.save());
          }
          return Update.of(OUTPUT, result, PREVIOUS, result);
        })
        .addEdge(StateGraph.START, name).addEdge(name, StateGraph.END)
        .outputKeys(OUTPUT.name())
        .compile(options.withName(name));
    return new Entrypoint<>(g);
  }

  /** A return value whose {@code save} part, not {@code value}, becomes the next run's {@code previous}. */
  public static <O> Final<O> finalValue(O value, Object save) {
    return new Final<>(value, save);
  }

  /**
   * Runs the workflow on {@code input}; returns its output, or null when it paused (see {@link #getState}).
   *
   * @throws dev.trellis.error.TrellisException as {@link CompiledGraph#invoke(Object, RunConfig)}: the
   *     body's failure after its retries is a {@code NodeException}, a failed task's checked exception a
   *     {@code TASK_FAILED}
   */
  @SuppressWarnings("unchecked")
  public O invoke(I input, RunConfig config) {
    Map<String, Object> in = new java.util.HashMap<>();
    in.put(INPUT.name(), input);
    return (O) graph.invoke(in, config).get(OUTPUT.name());
  }

  /**
   * Resumes a paused run with the human's answer; returns the output, or null when it paused again.
   *
   * @throws dev.trellis.error.TrellisException as {@link #invoke}; {@code NO_CHECKPOINTER} when compiled
   *     without a saver
   */
  @SuppressWarnings("unchecked")
  public O resume(Object value, RunConfig config) {
    return (O) graph.invoke(Command.resume(value), config).get(OUTPUT.name());
  }

  /** Streams a run (custom events from the body and tasks, updates, values...). */
  public GraphStream stream(I input, RunConfig config, StreamMode... modes) {
    Map<String, Object> in = new java.util.HashMap<>();
    in.put(INPUT.name(), input);
    return graph.stream(in, config, modes);
  }

  /**
   * The thread's state at its newest checkpoint.
   *
   * @throws dev.trellis.error.TrellisException as {@link CompiledGraph#getState(RunConfig)}
   */
  public StateSnapshot getState(RunConfig config) {
    return graph.getState(config);
  }

  /** The compiled graph underneath (for drawing, history, updates). */
  public CompiledGraph graph() {
    return graph;
  }
}
