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
 * @param writes what produced it, as LangGraph before 1.0 recorded it (each node's update of the
 *     step, the run input): empty in the checkpoints the engine writes now, as in LangGraph
 *     1.2.12's metadata (source, step, parents, run id), which would otherwise hold a third copy
 *     of every update beside the task writes and the state; kept when a saved checkpoint has it
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
