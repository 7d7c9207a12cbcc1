package dev.trellis.server;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;

/**
 * Builds one graph the server serves, compiled with the server's checkpointer and store
 * (e.g. {@code (saver, store) -> builder.compile(CompileOptions.checkpointer(saver).withStore(store))}).
 */
@FunctionalInterface
public interface GraphFactory {
  CompiledGraph build(CheckpointSaver saver, Store store);
}
