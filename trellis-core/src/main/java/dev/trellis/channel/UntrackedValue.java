package dev.trellis.channel;

import java.util.List;

/**
 * Holds the last value written for the rest of the run but is never checkpointed:
 * a resumed run starts without it. With {@code guard}, two writes in one step are an error.
 */
public final class UntrackedValue extends ValueChannel {
  private final boolean guard;

  public UntrackedValue(String name, boolean guard) {
    super(name);
    this.guard = guard;
  }

  @Override
  public boolean update(List<Object> values) {
    if (values.isEmpty()) {
      return false;
    }
    value = lastWrite(name, values, guard);
    return true;
  }

  @Override
  public Object checkpoint() {
    return EMPTY;
  }

  @Override
  public Channel fromCheckpoint(Object checkpoint) {
    return new UntrackedValue(name, guard);
  }

  @Override
  public boolean isTracked() {
    return false;
  }
}
