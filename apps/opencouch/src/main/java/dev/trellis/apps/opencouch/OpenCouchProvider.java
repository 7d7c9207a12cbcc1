package dev.trellis.apps.opencouch;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.server.GraphProvider;

/** Serves the OpenCouch conversation graph as assistant {@code opencouch}. */
public final class OpenCouchProvider implements GraphProvider {
  @Override
  public String graphId() {
    return OpenCouch.ASSISTANT;
  }

  @Override
  public String description() {
    return "A supportive chat turn: a safety gate, hybrid memory, a therapeutic mode subgraph and parallel memory extractors.";
  }

  @Override
  public CompiledGraph build(CheckpointSaver saver, Store store) {
    return OpenCouch.graph(CompileOptions.checkpointer(saver).withStore(store), Defaults.over(store));
  }
}
