package dev.trellis.observe;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What a node's traces record of its payloads (LangGraph's {@code TracePolicy}): {@code inputs}
 * maps the state a task received, {@code outputs} the writes it made (channel → value), to what
 * {@link GraphEvent.TaskStarted#input()} and {@link GraphEvent.TaskEnded#output()} carry — e.g.
 * {@link #OMIT} to keep the span and its timing but drop a large or sensitive payload, or a
 * function that redacts. It shapes traces only: the node still receives and writes the real
 * values. Set per node with {@code NodeOptions.withTrace}; functions must be pure and quick.
 */
public record TracePolicy(UnaryOperator<Object> inputs, UnaryOperator<Object> outputs) {
  /** Records an empty payload (LangGraph's {@code omit_payload}). */
  public static final UnaryOperator<Object> OMIT = v -> Map.of();

  /** Records payloads as they are. */
  public static final TracePolicy RECORD = new TracePolicy(UnaryOperator.identity(), UnaryOperator.identity());

  public TracePolicy {
    inputs = inputs == null ? UnaryOperator.identity() : inputs;
    outputs = outputs == null ? UnaryOperator.identity() : outputs;
  }

  /** Omits the inputs, records the outputs. */
  public static TracePolicy omitInputs() {
    return new TracePolicy(OMIT, null);
  }

  /** Omits both. */
  public static TracePolicy omitPayloads() {
    return new TracePolicy(OMIT, OMIT);
  }
}
