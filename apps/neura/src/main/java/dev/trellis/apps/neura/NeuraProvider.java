package dev.trellis.apps.neura;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.server.GraphProvider;

/** Serves the Neura turn graph as assistant {@code neura} wherever the server finds providers. */
public final class NeuraProvider implements GraphProvider {
  @Override
  public String graphId() {
    return NeuraTurn.ASSISTANT;
  }

  @Override
  public String description() {
    return "A clinical chat turn from a declarative topology: a phased tool pipeline with skip gates.";
  }

  @Override
  public CompiledGraph build(CheckpointSaver saver, Store store) {
    return NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store));
  }
}
