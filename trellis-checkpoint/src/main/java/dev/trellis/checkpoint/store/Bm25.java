package dev.trellis.checkpoint.store;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Okapi BM25 over a small in-memory corpus (k1 = 1.2, b = 0.75): the keyword ranking of
 * {@link InMemoryStore}. Documents with no query term score 0 and are not matches.
 */
final class Bm25 {
  private static final double K1 = 1.2;
  private static final double B = 0.75;

  private Bm25() {}

  /** The score of each document of {@code docs} (texts by id) for {@code query}; only matching ids appear. */
  static Map<String, Double> score(Map<String, String> docs, String query) {
    List<String> terms = KeywordText.terms(query);
    Map<String, Map<String, Integer>> tf = new HashMap<>();
    Map<String, Integer> lengths = new HashMap<>();
    Map<String, Integer> df = new HashMap<>();
    long total = 0;
    for (var d : docs.entrySet()) {
      Map<String, Integer> counts = new HashMap<>();
      List<String> tokens = KeywordText.tokens(d.getValue());
      tokens.forEach(t -> counts.merge(t, 1, Integer::sum));
      counts.keySet().forEach(t -> df.merge(t, 1, Integer::sum));
      tf.put(d.getKey(), counts);
      lengths.put(d.getKey(), tokens.size());
      total += tokens.size();
    }
    double avg = docs.isEmpty() ? 1 : Math.max(1.0, (double) total / docs.size());
    int n = docs.size();
    Map<String, Double> out = new HashMap<>();
    for (var d : tf.entrySet()) {
      double s = 0;
      for (String t : terms) {
        int f = d.getValue().getOrDefault(t, 0);
        if (f > 0) {
          int nt = df.get(t);
          double idf = Math.log(1 + (n - nt + 0.5) / (nt + 0.5));
          s += idf * f * (K1 + 1) / (f + K1 * (1 - B + B * lengths.get(d.getKey()) / avg));
        }
      }
      if (s > 0) {
        out.put(d.getKey(), s);
      }
    }
    return out;
  }
}
