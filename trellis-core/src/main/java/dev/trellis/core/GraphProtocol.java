package dev.trellis.core;

import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A graph that runs and keeps its threads' state, wherever it runs: {@link CompiledGraph} in this
 * process, or trellis-client's {@code RemoteGraph} on a server — LangGraph's {@code PregelProtocol},
 * which its compiled graphs and its {@code RemoteGraph} both implement. Code written against it
 * (a chat loop, a test driver) runs a local or a served graph alike; each method takes the same
 * {@link RunConfig} (the thread, a checkpoint) and answers the same types.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface GraphProtocol {
  /**
   * Runs {@code input} (a state map, or a {@code Command} such as {@code Command.resume(answer)})
   * on the config's thread to its end or next pause, and returns the state then; a pause's
   * interrupts are read with {@link #getState}.
   */
  State invoke(Object input, RunConfig config);

  /**
   * Runs like {@link #invoke} and streams the run's parts in {@code modes} as they happen;
   * {@code subgraphs} includes the parts of subgraphs. Closing the stream stops the run.
   */
  GraphStream stream(Object input, RunConfig config, Set<StreamMode> modes, boolean subgraphs);

  /** The thread's latest state, or its state at the config's checkpoint id. */
  StateSnapshot getState(RunConfig config);

  /** The thread's states, newest first, at most {@code limit} (positive), before the config's checkpoint id if it names one. */
  List<StateSnapshot> getStateHistory(RunConfig config, int limit);

  /**
   * Writes {@code values} to the thread as if node {@code asNode} had written them (null: the
   * node that wrote last), and returns the config of the checkpoint this makes.
   */
  RunConfig updateState(RunConfig config, Map<String, ?> values, String asNode);
}
