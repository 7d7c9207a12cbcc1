package dev.trellis.channel;

import java.util.List;

/** Holds the last value written; two writes in one superstep are an error. */
public final class LastValue extends ValueChannel {

  public LastValue(String name) {
    super(name);
  }

  @Override
  public boolean update(List<Object> values) {
    if (values.isEmpty()) {
      return false;
    }
    value = lastWrite(name, values, true);
    return true;
  }

  @Override
  public Channel fromCheckpoint(Object checkpoint) {
    LastValue c = new LastValue(name);
    c.value = checkpoint;
    return c;
  }
}
