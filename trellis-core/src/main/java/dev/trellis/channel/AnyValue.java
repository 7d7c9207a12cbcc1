package dev.trellis.channel;

import java.util.List;

/**
 * Holds the last value written, accepting several writes per step on the assumption
 * they are equal; a step without writes clears it.
 */
public final class AnyValue extends ValueChannel {
  public AnyValue() {
    super("");
  }


  @Override
  public boolean update(List<Object> values) {
    if (values.isEmpty()) {
      return clear();
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
