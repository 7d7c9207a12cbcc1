package dev.trellis.channel;

import java.util.List;

/**
 * One piece of graph state with its update rule.
 *
 * <p>Channels are the one mutable per-run object of the engine: the loop owns them and
 * touches them from one thread between supersteps. {@link #update} receives every write
 * of one superstep at once, ordered by task path, and says whether the value changed.
 * A channel with no value is "empty": {@link #isAvailable()} is false and {@link #get()}
 * returns {@link #EMPTY}.
 */
public abstract class Channel {
  /** The value of an empty channel; never stored in state. */
  public static final Object EMPTY = new Object() {
    @Override
    public String toString() {
      return "<empty>";
    }
  };

  /** The current value, or {@link #EMPTY}. */
  public abstract Object get();

  /** Whether the channel holds a value. */
  public boolean isAvailable() {
    return get() != EMPTY;
  }

  /**
   * Completes one value a node writes, when the node finishes and before the write is saved,
   * streamed or applied, so every view of it is the same (a messages key gives each message
   * its id here). Pure; the default returns {@code value}.
   */
  public Object prepareWrite(Object value) {
    return value;
  }

  /** Applies one superstep's writes (possibly none); true when the value changed. */
  public abstract boolean update(List<Object> values);

  /** The value to store in a checkpoint, or {@link #EMPTY} to store nothing. */
  public Object checkpoint() {
    return get();
  }

  /** A fresh channel of the same kind holding {@code checkpoint} (EMPTY: no value). */
  public abstract Channel fromCheckpoint(Object checkpoint);

  /** Called after the tasks it triggered have run; true when that changed the value. */
  public boolean consume() {
    return false;
  }

  /** Called when the graph has nothing left to run; true when that changed the value. */
  public boolean finish() {
    return false;
  }

  /**
   * Whether a step without writes can change this channel ({@code update(List.of())} may
   * return true): ephemeral kinds that clear themselves. The engine only offers empty
   * updates to these.
   */
  public boolean clearsWhenIdle() {
    return false;
  }

  /** Whether {@link #finish()} can change this channel (it waits for the graph to go quiet). */
  public boolean waitsForFinish() {
    return false;
  }

  /**
   * The value a single-value channel takes from one step's writes: the last one, after
   * checking with {@code guard} that there is exactly one.
   */
  protected static Object lastWrite(String name, List<Object> values, boolean guard) {
    if (guard && values.size() != 1) {
      throw new ConcurrentWriteException(name, values.size());
    }
    return values.getLast();
  }

  /** Whether values survive a checkpoint (false for {@link UntrackedValue}). */
  public boolean isTracked() {
    return true;
  }
}
