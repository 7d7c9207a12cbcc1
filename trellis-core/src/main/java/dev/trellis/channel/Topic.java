package dev.trellis.channel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A list of every value written in a step (list values are flattened). With
 * {@code accumulate} the list keeps growing across steps; without, each step starts empty.
 */
public final class Topic extends Channel {
  private final boolean accumulate;
  private List<Object> values = List.of();

  public Topic(boolean accumulate) {
    this.accumulate = accumulate;
  }

  @Override
  public Object get() {
    return values.isEmpty() ? EMPTY : values;
  }

  @Override
  public boolean update(List<Object> writes) {
    boolean changed = false;
    List<Object> next = accumulate ? new ArrayList<>(values) : new ArrayList<>();
    if (!accumulate && !values.isEmpty()) {
      changed = true;
    }
    for (Object w : writes) {
      if (w instanceof Collection<?> many) {
        next.addAll(many);
      } else {
        next.add(w);
      }
      changed = true;
    }
    values = List.copyOf(next);
    return changed;
  }

  @Override
  public Channel fromCheckpoint(Object checkpoint) {
    Topic t = new Topic(accumulate);
    if (checkpoint instanceof List<?> l) {
      t.values = List.copyOf(l);
    }
    return t;
  }

  @Override
  public boolean clearsWhenIdle() {
    return !accumulate;
  }
}
