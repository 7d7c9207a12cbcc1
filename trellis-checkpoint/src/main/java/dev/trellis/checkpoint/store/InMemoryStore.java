package dev.trellis.checkpoint.store;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A {@link Store} in memory; batches run under one lock. Values are copied on put. With an
 * {@link IndexConfig}, put embeds the indexed fields and search ranks by cosine similarity.
 * Time comes from an injectable clock (TTL tests move it by hand).
 */
public final class InMemoryStore implements Store {
  private record Entry(Item item, Duration ttl, Instant expiresAt, List<float[]> vectors, String text) {}

  private final Map<String, Entry> items = new TreeMap<>();
  private final Clock clock;
  private final IndexConfig index;

  public InMemoryStore() {
    this(Clock.systemUTC(), null);
  }

  /** A store reading time from {@code clock}, semantically indexed when {@code index} is given. */
  public InMemoryStore(Clock clock, IndexConfig index) {
    this.clock = clock;
    this.index = index;
  }

  private static String id(List<String> ns, String key) {
    return Namespaces.join(ns) + Namespaces.SEP + Namespaces.SEP + key;
  }

  @Override
  public synchronized List<Object> batch(List<Op> ops) {
    Instant now = clock.instant();
    List<Object> out = new ArrayList<>(ops.size());
    for (Op op : ops) {
      out.add(switch (op) {
        case Op.Get g -> {
          Entry e = live(id(g.namespace(), g.key()), now);
          if (e != null && g.refreshTtl()) {
            refresh(id(g.namespace(), g.key()), e, now);
          }
          yield e == null ? null : e.item();
        }
        case Op.Put p -> {
          put(p, now);
          yield null;
        }
        case Op.Search s -> search(s, now);
        case Op.ListNamespaces l -> {
          TreeSet<String> found = new TreeSet<>();
          for (String id : new ArrayList<>(items.keySet())) {
            Entry e = live(id, now);
            if (e != null && Namespaces.startsWith(e.item().namespace(), l.prefix())) {
              List<String> ns = e.item().namespace();
              found.add(Namespaces.join(l.maxDepth() > 0 && ns.size() > l.maxDepth() ? ns.subList(0, l.maxDepth()) : ns));
            }
          }
          yield found.stream().skip(l.offset()).limit(l.limit()).map(Namespaces::split).toList();
        }
      });
    }
    return out;
  }

  private Entry live(String id, Instant now) {
    Entry e = items.get(id);
    if (e != null && e.expiresAt() != null && !now.isBefore(e.expiresAt())) {
      items.remove(id);
      return null;
    }
    return e;
  }

  private void refresh(String id, Entry e, Instant now) {
    if (e.ttl() != null) {
      items.put(id, new Entry(e.item(), e.ttl(), now.plus(e.ttl()), e.vectors(), e.text()));
    }
  }

  private void put(Op.Put p, Instant now) {
    String id = id(p.namespace(), p.key());
    if (p.value() == null) {
      items.remove(id);
      return;
    }
    Entry old = live(id, now);
    Item item = new Item(p.namespace(), p.key(), p.value(), old == null ? now : old.item().createdAt(), now);
    items.put(id, new Entry(item, p.ttl(), p.ttl() == null ? null : now.plus(p.ttl()), embed(p),
        KeywordText.of(p.value(), p.index(), index)));
  }

  private List<float[]> embed(Op.Put p) {
    return index == null ? List.of() : index.embed(p.value(), p.index());
  }


  private List<Item> search(Op.Search s, Instant now) {
    List<Map.Entry<String, Entry>> hits = new ArrayList<>();
    for (String id : new ArrayList<>(items.keySet())) {
      Entry e = live(id, now);
      if (e != null && Namespaces.startsWith(e.item().namespace(), s.prefix())
          && Namespaces.matches(e.item().value(), s.filter())) {
        hits.add(Map.entry(id, e));
      }
    }
    List<Item> ranked;
    if (s.query() != null) {
      List<Item> all = switch (s.mode()) {
        case SEMANTIC -> semantic(hits, s.query());
        case KEYWORD -> keyword(hits, s.query());
        case HYBRID -> Rrf.fuse(index == null ? List.of(keyword(hits, s.query()))
            : List.of(semantic(hits, s.query()), keyword(hits, s.query())), Rrf.K);
      };
      ranked = all.stream().skip(s.offset()).limit(s.limit()).toList();
    } else {
      ranked = hits.stream().map(h -> h.getValue().item()).sorted(Comparator.comparing(Item::updatedAt).reversed())
          .skip(s.offset()).limit(s.limit()).toList();
    }
    if (s.refreshTtl()) {
      for (Item i : ranked) {
        String id = id(i.namespace(), i.key());
        Entry e = items.get(id);
        if (e != null) {
          refresh(id, e, now);
        }
      }
    }
    return ranked;
  }

  private List<Item> semantic(List<Map.Entry<String, Entry>> hits, String query) {
    if (index == null) {
      throw new IllegalStateException("semantic search needs a store built with an IndexConfig");
    }
    float[] q = index.embeddings().embed(List.of(query)).getFirst();
    List<Item> scored = new ArrayList<>();
    for (var h : hits) {
      double best = h.getValue().vectors().stream().mapToDouble(v -> FieldPaths.cosine(q, v)).max().orElse(Double.NaN);
      if (!Double.isNaN(best)) {
        scored.add(h.getValue().item().withScore(best));
      }
    }
    scored.sort(Comparator.comparing(Item::score).reversed());
    return scored;
  }

  private List<Item> keyword(List<Map.Entry<String, Entry>> hits, String query) {
    Map<String, String> docs = new java.util.LinkedHashMap<>();
    Map<String, Item> byId = new HashMap<>();
    for (var h : hits) {
      docs.put(h.getKey(), h.getValue().text());
      byId.put(h.getKey(), h.getValue().item());
    }
    List<Item> scored = new ArrayList<>();
    Bm25.score(docs, query).forEach((id, score) -> scored.add(byId.get(id).withScore(score)));
    scored.sort(Comparator.comparing(Item::score).reversed().thenComparing(Item::key));
    return scored;
  }

  @Override
  public synchronized int sweep() {
    Instant now = clock.instant();
    int before = items.size();
    items.entrySet().removeIf(e -> e.getValue().expiresAt() != null && !now.isBefore(e.getValue().expiresAt()));
    return before - items.size();
  }
}
