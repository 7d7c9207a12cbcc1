package dev.trellis.channel;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A join: becomes available once every name in {@code names} has been written, and is
 * consumed by the task it triggers. With {@code afterFinish} it also waits until the
 * graph has nothing else to run (joins into deferred nodes).
 */
public final class NamedBarrierValue extends Channel {
  private final String name;
  private final Set<String> names;
  private final boolean afterFinish;
  private Set<Object> seen = new HashSet<>();
  private boolean finished;

  public NamedBarrierValue(String name, Set<String> names, boolean afterFinish) {
    this.name = name;
    this.names = Set.copyOf(names);
    this.afterFinish = afterFinish;
  }

  @Override
  public Object get() {
    boolean complete = seen.size() == names.size() && seen.containsAll(names);
    return complete && (!afterFinish || finished) ? Boolean.TRUE : EMPTY;
  }

  @Override
  public boolean update(List<Object> values) {
    boolean changed = false;
    for (Object v : values) {
      if (!names.contains(v)) {
        throw new IllegalStateException("join \"" + name + "\" expects writes from " + names + ", got " + v);
      }
      changed |= seen.add(v);
    }
    return changed;
  }

  @Override
  public Object checkpoint() {
    return afterFinish ? List.of(List.copyOf(seen.stream().map(Object::toString).sorted().toList()), finished)
        : List.copyOf(seen.stream().map(Object::toString).sorted().toList());
  }

  @Override
  public Channel fromCheckpoint(Object checkpoint) {
    NamedBarrierValue c = new NamedBarrierValue(name, names, afterFinish);
    if (checkpoint instanceof List<?> l) {
      if (afterFinish && l.size() == 2 && l.get(1) instanceof Boolean f) {
        c.seen = new HashSet<>((List<?>) l.get(0));
        c.finished = f;
      } else {
        c.seen = new HashSet<>(l);
      }
    }
    return c;
  }

  @Override
  public boolean consume() {
    if (seen.size() == names.size() && (!afterFinish || finished)) {
      seen = new HashSet<>();
      finished = false;
      return true;
    }
    return false;
  }

  @Override
  public boolean finish() {
    if (afterFinish && !finished && seen.size() == names.size() && seen.containsAll(names)) {
      finished = true;
      return true;
    }
    return false;
  }

  @Override
  public boolean waitsForFinish() {
    return afterFinish;
  }
}
