package dev.trellis.channel;

import java.util.List;

/**
 * Holds a value for the superstep after it was written, then clears itself.
 * With {@code guard}, two writes in one step are an error; without, the last wins.
 */
public final class EphemeralValue extends Channel {
  private final String name;
  private final boolean guard;
  private Object value = EMPTY;

  public EphemeralValue(String name, boolean guard) {
    this.name = name;
    this.guard = guard;
  }

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
    value = lastWrite(name, values, guard);
    return true;
  }

  @Override
  public Channel fromCheckpoint(Object checkpoint) {
    EphemeralValue c = new EphemeralValue(name, guard);
    c.value = checkpoint;
    return c;
  }

  @Override
  public boolean clearsWhenIdle() {
    return true;
  }
}
