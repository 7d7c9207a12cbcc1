package dev.trellis.pregel;

import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Where a run's stream parts go. Parts from subgraphs are passed on only when
 * {@code subgraphs} is set; parts of modes nobody asked for are never built.
 */
public final class Sink {
  public static final Sink NONE = new Sink(EnumSet.noneOf(StreamMode.class), false, p -> {});

  private final EnumSet<StreamMode> modes;
  private final boolean subgraphs;
  private final Consumer<StreamPart> consumer;

  public Sink(Set<StreamMode> modes, boolean subgraphs, Consumer<StreamPart> consumer) {
    this.modes = modes.isEmpty() ? EnumSet.noneOf(StreamMode.class) : EnumSet.copyOf(modes);
    this.subgraphs = subgraphs;
    this.consumer = consumer;
  }

  /** Whether parts of {@code mode} from the given namespace depth would be delivered. */
  boolean wants(StreamMode mode, int depth) {
    return (depth == 0 || subgraphs) && (modes.contains(mode)
        || (modes.contains(StreamMode.DEBUG) && (mode == StreamMode.TASKS || mode == StreamMode.CHECKPOINTS)));
  }

  boolean has(StreamMode mode) {
    return modes.contains(mode);
  }

  void emit(StreamPart part) {
    consumer.accept(part);
  }
}
