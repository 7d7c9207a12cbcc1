package dev.trellis.checkpoint.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reciprocal-rank fusion: each item scores {@code sum(1 / (k + rank))} over the rankings it
 * appears in (rank from 1), so an item near the top of several rankings beats one at the top
 * of only one. Ties keep the order of first appearance.
 */
public final class Rrf {
  /** The usual constant from Cormack et al. (2009); larger values flatten the rank differences. */
  public static final int K = 60;

  private Rrf() {}

  /** The items of {@code rankings} (best first each), fused best first, each with its fused score. */
  public static List<Item> fuse(List<List<Item>> rankings, int k) {
    if (k < 1) {
      throw new IllegalArgumentException("rrf k must be >= 1, got " + k);
    }
    Map<String, Item> items = new LinkedHashMap<>();
    Map<String, Double> scores = new LinkedHashMap<>();
    for (List<Item> ranking : rankings) {
      for (int r = 0; r < ranking.size(); r++) {
        Item i = ranking.get(r);
        String id = Namespaces.join(i.namespace()) + Namespaces.SEP + Namespaces.SEP + i.key();
        items.putIfAbsent(id, i);
        scores.merge(id, 1.0 / (k + r + 1), Double::sum);
      }
    }
    List<Item> out = new ArrayList<>();
    scores.forEach((id, s) -> out.add(items.get(id).withScore(s)));
    out.sort(Comparator.comparing(Item::score).reversed());
    return out;
  }
}
