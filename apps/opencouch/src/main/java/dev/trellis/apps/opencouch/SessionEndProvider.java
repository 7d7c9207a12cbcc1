package dev.trellis.apps.opencouch;

import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.server.GraphProvider;

/** Serves OpenCouch's session end ({@code commit_session_memory} → {@code summarize_session}) as {@code opencouch_session_end}. */
public final class SessionEndProvider implements GraphProvider {
  @Override
  public String graphId() {
    return SessionEnd.ASSISTANT;
  }

  @Override
  public String description() {
    return "Ends an OpenCouch session: promotes its memories and writes the session summary.";
  }

  @Override
  public CompiledGraph build(CheckpointSaver saver, Store store) {
    return SessionEnd.graph(CompileOptions.checkpointer(saver).withStore(store), Defaults.over(store));
  }
}
