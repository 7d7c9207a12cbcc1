package dev.trellis.checkpoint;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Why and when a checkpoint was written.
 *
 * @param source {@code input}, {@code loop}, {@code update} or {@code fork}
 * @param step the superstep number; -1 for the input checkpoint
 * @param writes what produced it: for {@code loop} each node's update (a list when a node
 *     ran several times in the step), for {@code input} {@code {"__start__": input}}, for
 *     {@code update} the node the update was made as; empty for {@code fork}
 * @param extra user metadata (run metadata), kept as given
 */
public record CheckpointMetadata(String source, int step, Map<String, Object> writes, Map<String, Object> extra) {
  public CheckpointMetadata {
    Objects.requireNonNull(source, "source");
    writes = writes == null || writes.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(writes));
    extra = extra == null ? Map.of() : Map.copyOf(extra);
  }

  /** Metadata without writes or extras. */
  public static CheckpointMetadata of(String source, int step) {
    return new CheckpointMetadata(source, step, Map.of(), Map.of());
  }

  /** Metadata with user extras and no writes. */
  public static CheckpointMetadata of(String source, int step, Map<String, Object> extra) {
    return new CheckpointMetadata(source, step, Map.of(), extra);
  }
}
