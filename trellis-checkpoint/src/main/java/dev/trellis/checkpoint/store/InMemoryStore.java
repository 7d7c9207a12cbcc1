package dev.trellis.checkpoint.store;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** A {@link Store} in memory; batches run under one lock. Values are copied on put. */
public final class InMemoryStore implements Store {
  private final Map<String, Item> items = new TreeMap<>();
  private final Clock clock;

  public InMemoryStore() {
    this(Clock.systemUTC());
  }

  /** A store reading time from {@code clock} (tests pass a fixed or stepping clock). */
  public InMemoryStore(Clock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized List<Object> batch(List<Op> ops) {
    List<Object> out = new ArrayList<>(ops.size());
    for (Op op : ops) {
      out.add(switch (op) {
        case Op.Get g -> items.get(Namespaces.join(g.namespace()) + Namespaces.SEP + Namespaces.SEP + g.key());
        case Op.Put p -> {
          String id = Namespaces.join(p.namespace()) + Namespaces.SEP + Namespaces.SEP + p.key();
          if (p.value() == null) {
            items.remove(id);
          } else {
            Instant now = clock.instant();
            Item old = items.get(id);
            items.put(id, new Item(p.namespace(), p.key(), p.value(), old == null ? now : old.createdAt(), now));
          }
          yield null;
        }
        case Op.Search s -> items.values().stream()
            .filter(i -> Namespaces.startsWith(i.namespace(), s.prefix()) && Namespaces.matches(i.value(), s.filter()))
            .sorted(Comparator.comparing(Item::updatedAt).reversed())
            .skip(s.offset()).limit(s.limit()).toList();
        case Op.ListNamespaces l -> {
          TreeSet<String> found = new TreeSet<>();
          for (Item i : items.values()) {
            if (Namespaces.startsWith(i.namespace(), l.prefix())) {
              List<String> ns = l.maxDepth() > 0 && i.namespace().size() > l.maxDepth()
                  ? i.namespace().subList(0, l.maxDepth()) : i.namespace();
              found.add(Namespaces.join(ns));
            }
          }
          yield found.stream().skip(l.offset()).limit(l.limit()).map(Namespaces::split).toList();
        }
      });
    }
    return out;
  }
}
