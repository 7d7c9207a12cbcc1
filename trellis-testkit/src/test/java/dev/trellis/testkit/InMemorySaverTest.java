package dev.trellis.testkit;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.memory.InMemorySaver;

class InMemorySaverTest extends CheckpointSaverContract {
  private final InMemorySaver saver = new InMemorySaver();

  @Override
  protected CheckpointSaver saver() {
    return saver;
  }
}
