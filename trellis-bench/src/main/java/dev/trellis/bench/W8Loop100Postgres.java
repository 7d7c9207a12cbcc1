package dev.trellis.bench;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.postgres.PostgresSaver;

/** W8: W6 on the Postgres saver (the local server named by TRELLIS_PG_URL). Time per superstep. */
public class W8Loop100Postgres extends LoopOnSaver {
  @Override
  protected CheckpointSaver open() {
    return PostgresSaver.connect(System.getenv("TRELLIS_PG_URL"));
  }
}
