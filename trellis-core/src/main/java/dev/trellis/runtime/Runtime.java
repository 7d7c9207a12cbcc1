package dev.trellis.runtime;

import java.util.function.Consumer;

/**
 * What a running node can reach besides its state: the run's typed context, the custom
 * stream, interrupts, and where it is in the run. One instance per task; do not keep it
 * after the node returns.
 */
public interface Runtime {

  /** The run's context object ({@code RunConfig.withContext}), cast to {@code type}; null when none was given. */
  <C> C context(Class<C> type);

  /** The writer for the custom stream. */
  StreamWriter stream();

  /**
   * Starts one chat-model answer on the {@code messages} stream mode: its tokens, written as
   * they arrive, all carry the stream's {@link MessageStream#messageId() message id} (a new one
   * per call); store the finished message under it. Writes are no-ops when nobody streams them.
   */
  MessageStream messages();

  /**
   * Like {@link #messages()}, and also reports the call to the events stream mode: a
   * {@link dev.trellis.stream.StreamPart.CallEvent} start now (with {@code input}, the messages
   * sent to {@code model}) and an end when {@link MessageStream#end} receives the answer.
   */
  default MessageStream chatModel(String model, Object input) {
    return messages();
  }

  /**
   * Reports that the node calls {@code tool} now with {@code input} (its arguments) to the
   * events stream mode, and returns what to call with the tool's result (reported as the
   * call's end). A no-op when nobody streams events.
   */
  default Consumer<Object> toolCall(String tool, Object input) {
    return output -> { };
  }

  /**
   * Emits a whole message on the {@code messages} stream mode (a no-op when nobody streams
   * it); {@code Messages.push} calls this and writes the message to state.
   */
  default void emitMessage(Object message) {
  }

  /** Shorthand for {@code stream().write(value)}. */
  default void write(Object value) {
    stream().write(value);
  }

  /**
   * Pauses the graph with {@code value} for a human (or another system) to answer; when the
   * run is resumed with {@code Command.resume(answer)} the node restarts and this call
   * returns {@code answer}. Several calls in one node are answered in order.
   */
  <T> T interrupt(Object value);

  /**
   * Adds a write to state now, as if the node had returned it (LangGraph's
   * {@code CONFIG_KEY_SEND}, used by {@code push_message}): applied with the node's other
   * writes (those first), folded by the key's rule, shown in the node's update; dropped if
   * the attempt fails. An unknown key is an error naming it.
   */
  default void writeState(String key, Object value) {
    throw new UnsupportedOperationException("this runtime cannot write state from inside a node");
  }

  /** The node's name. */
  String node();

  /** The current superstep. */
  int step();

  /**
   * LangGraph's {@code RemainingSteps}: the recursion limit's stop step minus this step. A
   * task seeing 1 may still be followed by one more step (seeing 0), after which the run
   * fails with {@code GraphRecursionException}.
   */
  int remainingSteps();

  /** LangGraph's {@code IsLastStep}: true when at most one further step is allowed. */
  default boolean isLastStep() {
    return remainingSteps() <= 1;
  }

  /** The thread id, or null for a run without a thread. */
  String threadId();

  /** The 1-based attempt number of this task (retries count up). */
  int attempt();

  /** The graph's long-term store ({@code CompileOptions.withStore}), or null when it has none. */
  dev.trellis.checkpoint.store.Store store();

  /** Signals progress: restarts the node's idle timeout, if it has one. Cheap; call it often. */
  void heartbeat();

  /** The checkpoint namespace of this task (empty for the root graph; {@code sub:<task>} segments inside subgraphs). */
  String checkpointNamespace();

  /**
   * The id of the running task: deterministic for the checkpoint, namespace, step and node, and
   * the {@code taskId} of its {@code GraphEvent}s (so an observer can attach work done inside the
   * node, such as model calls, to the node's span).
   */
  String taskId();
}
