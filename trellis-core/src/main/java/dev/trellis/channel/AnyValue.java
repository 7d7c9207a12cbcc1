package dev.trellis.channel;

import java.util.List;

/**
 * Holds the last value written, accepting several writes per step on the assumption
 * they are equal; a step without writes clears it.
 */
public final class AnyValue extends Channel {
  private Object value = EMPTY;

  @Override
  public Object get() {
    return value;
  }

  @Override
  public boolean update(List<Object> values) {
    if (values.isEmpty()) {
      if (value != EMPTY) {
        value = EMPTY;
        return true;
      }
      return false;
    }
    value = values.getLast();
    return true;
  }

  @Override
  public Channel fromCheckpoint(Object checkpoint) {
    AnyValue c = new AnyValue();
    c.value = checkpoint;
    return c;
  }

  @Override
  public boolean clearsWhenIdle() {
    return true;
  }
}
