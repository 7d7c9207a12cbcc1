package dev.trellis.checkpoint;

import java.util.Map;
import java.util.Objects;

/**
 * Why and when a checkpoint was written.
 *
 * @param source {@code input}, {@code loop}, {@code update} or {@code fork}
 * @param step the superstep number; -1 for the input checkpoint
 * @param extra user metadata and run ids, kept as given
 */
public record CheckpointMetadata(String source, int step, Map<String, Object> extra) {
  public CheckpointMetadata {
    Objects.requireNonNull(source, "source");
    extra = extra == null ? Map.of() : Map.copyOf(extra);
  }

  public static CheckpointMetadata of(String source, int step) {
    return new CheckpointMetadata(source, step, Map.of());
  }
}
