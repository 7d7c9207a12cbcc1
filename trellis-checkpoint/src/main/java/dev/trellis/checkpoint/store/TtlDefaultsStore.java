package dev.trellis.checkpoint.store;

import java.util.ArrayList;
import java.util.List;

/**
 * A store with {@link StoreTtl}'s defaults applied: a put without a TTL gets the default one, and
 * reads refresh TTLs only when the settings allow it. Everything else is the wrapped store's.
 */
final class TtlDefaultsStore implements Store {
  private final Store store;
  private final StoreTtl ttl;

  TtlDefaultsStore(Store store, StoreTtl ttl) {
    this.store = store;
    this.ttl = ttl;
  }

  @Override
  public List<Object> batch(List<Op> ops) {
    List<Op> out = new ArrayList<>(ops.size());
    for (Op op : ops) {
      out.add(switch (op) {
        case Op.Put p when p.value() != null && p.ttl() == null && ttl.defaultTtl() != null ->
            new Op.Put(p.namespace(), p.key(), p.value(), p.index(), ttl.defaultTtl());
        case Op.Get g when g.refreshTtl() && !ttl.refreshOnRead() -> new Op.Get(g.namespace(), g.key(), false);
        case Op.Search s when s.refreshTtl() && !ttl.refreshOnRead() ->
            new Op.Search(s.prefix(), s.filter(), s.query(), s.limit(), s.offset(), false, s.mode());
        default -> op;
      });
    }
    return store.batch(out);
  }

  @Override
  public int sweep() {
    return store.sweep();
  }
}
