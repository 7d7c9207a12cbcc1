package dev.trellis.channel;

import java.util.List;

/**
 * Holds a value for the superstep after it was written, then clears itself.
 * With {@code guard}, two writes in one step are an error; without, the last wins.
 */
public final class EphemeralValue extends ValueChannel {
  private final boolean guard;

  public EphemeralValue(String name, boolean guard) {
    super(name);
    this.guard = guard;
  }

  @Override
  public boolean update(List<Object> values) {
    if (values.isEmpty()) {
      return clear();
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
