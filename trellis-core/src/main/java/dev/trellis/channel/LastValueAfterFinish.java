package dev.trellis.channel;

import java.util.List;

/**
 * Holds the last value written but makes it visible only once the graph has nothing
 * else to run ({@link #finish()}); then consumed by the task it triggers. Triggers
 * deferred nodes.
 */
public final class LastValueAfterFinish extends Channel {
  private Object value = EMPTY;
  private boolean finished;

  @Override
  public Object get() {
    return finished ? value : EMPTY;
  }

  @Override
  public boolean update(List<Object> values) {
    if (values.isEmpty()) {
      return false;
    }
    finished = false;
    value = values.getLast();
    return true;
  }

  @Override
  public Object checkpoint() {
    return value == EMPTY ? EMPTY : new Object[] {value, finished};
  }

  @Override
  public Channel fromCheckpoint(Object checkpoint) {
    LastValueAfterFinish c = new LastValueAfterFinish();
    if (checkpoint instanceof Object[] pair) {
      c.value = pair[0];
      c.finished = (Boolean) pair[1];
    } else if (checkpoint instanceof List<?> pair) {
      c.value = pair.get(0);
      c.finished = (Boolean) pair.get(1);
    }
    return c;
  }

  @Override
  public boolean consume() {
    if (finished) {
      finished = false;
      value = EMPTY;
      return true;
    }
    return false;
  }

  @Override
  public boolean finish() {
    if (!finished && value != EMPTY) {
      finished = true;
      return true;
    }
    return false;
  }

  @Override
  public boolean waitsForFinish() {
    return true;
  }
}
