package dev.trellis.channel;

import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Folds every write into the value with a reducer, in task-path order; starts from
 * {@code initial} (empty when the supplier is null). An {@link Overwrite} replaces the value
 * instead, and later writes of that step are ignored; a second one in a step is an error.
 */
public final class BinaryOperatorAggregate extends Channel {
  private final BinaryOperator<Object> reducer;
  private final Supplier<Object> initial;
  private final UnaryOperator<Object> prepare;
  private Object value;

  public BinaryOperatorAggregate(BinaryOperator<Object> reducer, Supplier<Object> initial) {
    this(reducer, initial, null);
  }

  /** @param prepare completes each value a node writes (see {@link Channel#prepareWrite}); null: none */
  public BinaryOperatorAggregate(BinaryOperator<Object> reducer, Supplier<Object> initial,
      UnaryOperator<Object> prepare) {
    this.reducer = reducer;
    this.initial = initial;
    this.prepare = prepare;
    this.value = initial == null ? EMPTY : initial.get();
  }

  @Override
  public Object prepareWrite(Object write) {
    return prepare == null || Overwrite.from(write) != null ? write : prepare.apply(write);
  }

  @Override
  public Object get() {
    return value;
  }

  @Override
  public boolean update(List<Object> values) {
    if (values.isEmpty()) {
      return false;
    }
    int i = 0;
    if (value == EMPTY) {
      Overwrite first = Overwrite.from(values.getFirst());
      value = first != null ? first.value() : values.getFirst();
      i = 1;
    }
    boolean overwritten = false;
    for (int n = values.size(); i < n; i++) {
      Overwrite o = Overwrite.from(values.get(i));
      if (o != null) {
        if (overwritten) {
          throw new OverwriteConflictException();
        }
        value = o.value();
        overwritten = true;
      } else if (!overwritten) {
        value = reducer.apply(value, values.get(i));
      }
    }
    return true;
  }

  @Override
  public Channel fromCheckpoint(Object checkpoint) {
    BinaryOperatorAggregate c = new BinaryOperatorAggregate(reducer, initial, prepare);
    if (checkpoint != EMPTY) {
      c.value = checkpoint;
    }
    return c;
  }
}
