package dev.trellis.bench;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.sqlite.SqliteSaver;
import java.nio.file.Files;

/** W6: the W4 loop with 100 steps on the SQLite saver (file on disk, default durability). Time per superstep. */
public class W6Loop100Sqlite extends LoopOnSaver {
  @Override
  protected CheckpointSaver open() throws Exception {
    return SqliteSaver.open(Files.createTempDirectory("w6").resolve("w6.db"));
  }
}
