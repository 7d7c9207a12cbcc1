package dev.trellis.postgres;

import dev.trellis.checkpoint.CheckpointSaver;
import java.util.function.Function;

/** Connects a PostgresSaver to a JDBC URL, for the crash harness's child JVM. */
public final class PostgresFactory implements Function<String, CheckpointSaver> {
  @Override
  public CheckpointSaver apply(String url) {
    return PostgresSaver.connect(url);
  }
}
