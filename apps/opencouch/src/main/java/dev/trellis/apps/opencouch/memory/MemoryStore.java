package dev.trellis.apps.opencouch.memory;

import dev.trellis.checkpoint.store.Embeddings;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.checkpoint.store.Rrf;
import dev.trellis.checkpoint.store.Store;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * OpenCouch's memory over any {@link Store} (the server's SQLite or PostgreSQL store, or an
 * in-memory one). Namespaces: {@code [opencouch, user, kind]} for kept memories
 * ({@code semantic}, {@code episodic}, {@code procedural}), {@code [opencouch, user, session,
 * <session>, kind]} for session-only ones, {@code [opencouch, user, held, <session>]} for
 * candidates waiting for session end, {@code [opencouch, user, notes, <session>]} for the
 * turn notes the session summary reads, and {@link #ACTIVE} for the sessions not ended yet.
 *
 * <p>Retrieval is hybrid: the store's keyword ranking (BM25 / FTS5 / tsvector) and an
 * embedding-similarity ranking (this store's {@link Embeddings}, MiniLM by default; each
 * memory keeps its vector) fused by reciprocal rank ({@link Rrf}, k = 60). Thread-safe as the
 * store is.
 */
public final class MemoryStore {
  /** The three kinds of kept memory. */
  public static final List<String> KINDS = List.of("semantic", "episodic", "procedural");
  // MiniLM puts most unrelated sentences below ~0.25
  private static final double MIN_SIMILARITY = 0.25;
  private final Store store;
  private final Embeddings embeddings;

  public MemoryStore(Store store, Embeddings embeddings) {
    this.store = java.util.Objects.requireNonNull(store, "store");
    this.embeddings = java.util.Objects.requireNonNull(embeddings, "embeddings");
  }

  public Store store() {
    return store;
  }

  public static List<String> kept(String user, String kind) {
    return List.of("opencouch", user, kind);
  }

  public static List<String> sessionOnly(String user, String session, String kind) {
    return List.of("opencouch", user, "session", session, kind);
  }

  public static List<String> held(String user, String session) {
    return List.of("opencouch", user, "held", session);
  }

  public static List<String> notes(String user, String session) {
    return List.of("opencouch", user, "notes", session);
  }

  /** The index of sessions with something to end: {@code {user_id, session_id, memory_mode}}, updated on each turn. */
  public static final List<String> ACTIVE = List.of("opencouch_sessions");

  /** Marks the session of {@code user} active now (the store's clock stamps it), for the idle sweep. */
  public void touch(String user, String session, dev.trellis.apps.opencouch.MemoryMode mode) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("user_id", user);
    v.put("session_id", session);
    v.put("memory_mode", mode.wireName());
    store.put(ACTIVE, activeKey(user, session), v, List.of(), null);
  }

  /** The key of a session in {@link #ACTIVE}. */
  public static String activeKey(String user, String session) {
    return UUID.nameUUIDFromBytes((user + "\u0000" + session).getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** A stable key for {@code text} (normalised), so the same memory is stored once. */
  public static String keyOf(String text) {
    String norm = text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    return UUID.nameUUIDFromBytes(norm.getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** Stores {@code value} (which has a {@code text}) with its embedding, keyword-indexed on {@code text} only. */
  public void remember(List<String> namespace, Map<String, Object> value) {
    String text = String.valueOf(value.get("text"));
    Map<String, Object> v = new LinkedHashMap<>(value);
    float[] vec = embeddings.embed(List.of(text)).getFirst();
    List<Double> list = new ArrayList<>(vec.length);
    for (float f : vec) {
      list.add((double) f);
    }
    v.put("embedding", list);
    store.put(namespace, keyOf(text), v, List.of("text"), null);
  }

  /** Stores a value without an embedding and out of the keyword index (held candidates, notes). */
  public void keep(List<String> namespace, String key, Map<String, Object> value) {
    store.put(namespace, key, value, List.of(), null);
  }

  /** Every item in {@code namespace} (and below), up to 500. */
  public List<Item> all(List<String> namespace) {
    return store.search(namespace, Map.of(), 500, 0);
  }

  public void forget(List<String> namespace, String key) {
    store.delete(namespace, key);
  }

  /** The {@code limit} memories of {@code namespace} most relevant to {@code query}: keyword and semantic rankings fused by RRF. */
  public List<Item> retrieve(List<String> namespace, String query, int limit) {
    String terms = KeywordQuery.terms(query);
    List<Item> keyword = terms.isEmpty() ? List.of() : store.keywordSearch(namespace, terms, Map.of(), 20, 0);
    float[] q = embeddings.embed(List.of(query)).getFirst();
    List<Item> semantic = new ArrayList<>();
    Map<Item, Double> sims = new java.util.IdentityHashMap<>();
    for (Item i : all(namespace)) {
      double sim = cosine(q, i.value().get("embedding"));
      if (sim >= MIN_SIMILARITY) {
        sims.put(i, sim);
        semantic.add(i);
      }
    }
    semantic.sort(Comparator.comparingDouble(i -> -sims.get(i)));
    List<Item> fused = Rrf.fuse(List.of(semantic, keyword), Rrf.K);
    return fused.subList(0, Math.min(limit, fused.size()));
  }

  private static double cosine(float[] q, Object stored) {
    if (!(stored instanceof List<?> v) || v.size() != q.length) {
      return -1;
    }
    double dot = 0;
    double nq = 0;
    double nv = 0;
    for (int i = 0; i < q.length; i++) {
      double x = ((Number) v.get(i)).doubleValue();
      dot += q[i] * x;
      nq += q[i] * q[i];
      nv += x * x;
    }
    return nq == 0 || nv == 0 ? 0 : dot / Math.sqrt(nq * nv);
  }
}
