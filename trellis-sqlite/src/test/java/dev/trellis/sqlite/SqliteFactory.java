package dev.trellis.sqlite;

import dev.trellis.checkpoint.CheckpointSaver;
import java.nio.file.Path;
import java.util.function.Function;

/** Opens a SqliteSaver on a file path, for the crash harness's child JVM. */
public final class SqliteFactory implements Function<String, CheckpointSaver> {
  @Override
  public CheckpointSaver apply(String file) {
    return SqliteSaver.open(Path.of(file));
  }
}
