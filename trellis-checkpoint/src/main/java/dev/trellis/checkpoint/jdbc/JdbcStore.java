package dev.trellis.checkpoint.jdbc;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.store.FieldPaths;
import dev.trellis.checkpoint.store.IndexConfig;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.checkpoint.store.KeywordText;
import dev.trellis.checkpoint.store.Namespaces;
import dev.trellis.checkpoint.store.Op;
import dev.trellis.checkpoint.store.Rrf;
import dev.trellis.checkpoint.store.Store;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A {@link Store} over JDBC (SQLite or PostgreSQL). Tables: {@code store_items(namespace,
 * item_key, value, created_at, updated_at, expires_at, ttl_ms)} with values as readable JSON
 * text, and {@code store_vectors(namespace, item_key, ord, vector)} with the embeddings of
 * the indexed fields, and the database's full-text table {@code store_fts} ({@link KeywordIndex})
 * with the indexed fields' text for keyword search. A batch is one transaction. Namespaces are stored joined by U+001F,
 * so a prefix is one indexed comparison; value filters and vector similarity (cosine,
 * computed in Java: no pgvector here) are applied to that range. Expired items are skipped
 * on read and deleted by {@link #sweep()}.
 */
public class JdbcStore implements Store, AutoCloseable {
  private static final String SEP = "\u001f";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JacksonSerde TAGS = new JacksonSerde();
  private static final String COLUMNS = "namespace, item_key, value, created_at, updated_at, ttl_ms";

  /** The store's tables: {@code store_items}, {@code store_vectors}, {@code store_fts}. */
  public static final Schema SCHEMA = Schema.of("trellis_store", "trellis-schema/store", JdbcStore.class);

  private final JdbcDatabase db;
  private final Clock clock;
  private final IndexConfig index;
  private final KeywordIndex keywords;

  /** A store on {@code db} reading time from {@code clock}; semantically indexed when {@code index} is given. */
  public JdbcStore(JdbcDatabase db, Clock clock, IndexConfig index) {
    this.db = db;
    this.clock = clock;
    this.index = index;
    this.keywords = db.keywordIndex();
    db.migrate(SCHEMA);
  }

  @Override
  public List<Object> batch(List<Op> ops) {
    long now = micros(clock.instant());
    List<List<float[]>> vectors = new ArrayList<>(ops.size());
    for (Op op : ops) {
      vectors.add(op instanceof Op.Put p && p.value() != null ? embed(p) : null); // embed outside the transaction
    }
    return db.transaction(c -> {
      List<Object> out = new ArrayList<>(ops.size());
      for (int i = 0; i < ops.size(); i++) {
        Op op = ops.get(i);
        switch (op) {
          case Op.Get g -> {
            Item item = get(c, String.join(SEP, g.namespace()), g.key(), now);
            if (item != null && g.refreshTtl()) {
              refresh(c, String.join(SEP, g.namespace()), g.key(), now);
            }
            out.add(item);
          }
          case Op.Put p -> {
            put(c, p, vectors.get(i), now);
            out.add(null);
          }
          case Op.Search s -> out.add(search(c, s, now));
          case Op.ListNamespaces l -> out.add(namespaces(c, l, now));
        }
      }
      return out;
    });
  }

  private List<float[]> embed(Op.Put p) {
    return index == null ? List.of() : index.embed(p.value(), p.index());
  }


  private Item get(Connection c, String ns, String key, long now) throws SQLException {
    return db.query(c, "SELECT " + COLUMNS + " FROM store_items WHERE namespace = ? AND item_key = ? "
        + "AND (expires_at IS NULL OR expires_at > ?)", rs -> rs.next() ? item(rs) : null, ns, key, now);
  }

  private void refresh(Connection c, String ns, String key, long now) throws SQLException {
    db.update(c, "UPDATE store_items SET expires_at = ? + ttl_ms * 1000 "
        + "WHERE namespace = ? AND item_key = ? AND ttl_ms IS NOT NULL", now, ns, key);
  }

  private void put(Connection c, Op.Put p, List<float[]> vectors, long now) throws SQLException {
    String ns = String.join(SEP, p.namespace());
    List<String> tables = p.value() == null ? List.of("store_vectors", "store_fts", "store_items")
        : List.of("store_vectors", "store_fts");
    for (String table : tables) {
      db.update(c, "DELETE FROM " + table + " WHERE namespace = ? AND item_key = ?", ns, p.key());
    }
    if (p.value() == null) {
      return;
    }
    Long ttl = p.ttl() == null ? null : p.ttl().toMillis();
    db.update(c, "INSERT INTO store_items (" + COLUMNS + ", expires_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
        + "ON CONFLICT (namespace, item_key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, "
        + "ttl_ms = excluded.ttl_ms, expires_at = excluded.expires_at",
        ns, p.key(), new String(TAGS.dump(p.value()), StandardCharsets.UTF_8), now, now,
        ttl, ttl == null ? null : now + ttl * 1000);
    String text = KeywordText.of(p.value(), p.index(), index);
    if (!text.isBlank()) {
      db.update(c, keywords.insert(), ns, p.key(), text);
    }
    if (!vectors.isEmpty()) {
      PreparedStatement vs = db.prepare(c, "INSERT INTO store_vectors (namespace, item_key, ord, vector) VALUES (?, ?, ?, ?)");
      try {
        for (int i = 0; i < vectors.size(); i++) {
          vs.setString(1, ns);
          vs.setString(2, p.key());
          vs.setInt(3, i);
          vs.setBytes(4, bytes(vectors.get(i)));
          vs.addBatch();
        }
        vs.executeBatch();
      } finally {
        db.release(vs);
      }
    }
  }

  private List<Item> search(Connection c, Op.Search s, long now) throws SQLException {
    String prefix = String.join(SEP, s.prefix());
    List<Item> matching = db.query(c, "SELECT " + COLUMNS + " FROM store_items WHERE (? = '' OR namespace = ? "
        + "OR substr(namespace, 1, ?) = ?) AND (expires_at IS NULL OR expires_at > ?) "
        + "ORDER BY updated_at DESC, namespace, item_key", rs -> {
          List<Item> out = new ArrayList<>();
          while (rs.next()) {
            Item i = item(rs);
            if (Namespaces.matches(i.value(), s.filter())) {
              out.add(i);
            }
          }
          return out;
        }, prefixArgs(prefix, now));
    List<Item> page;
    if (s.query() != null) {
      List<Item> all = switch (s.mode()) {
        case SEMANTIC -> semantic(c, matching, s.query());
        case KEYWORD -> keyword(c, matching, s.query());
        case HYBRID -> Rrf.fuse(index == null ? List.of(keyword(c, matching, s.query()))
            : List.of(semantic(c, matching, s.query()), keyword(c, matching, s.query())), Rrf.K);
      };
      page = all.stream().skip(s.offset()).limit(s.limit()).toList();
    } else {
      page = matching.stream().skip(s.offset()).limit(s.limit()).toList();
    }
    if (s.refreshTtl()) {
      for (Item i : page) {
        refresh(c, String.join(SEP, i.namespace()), i.key(), now);
      }
    }
    return page;
  }

  private List<Item> semantic(Connection c, List<Item> matching, String query) throws SQLException {
    if (index == null) {
      throw new IllegalStateException("semantic search needs a store built with an IndexConfig");
    }
    float[] q = index.embeddings().embed(List.of(query)).getFirst();
    List<Item> scored = new ArrayList<>();
    for (Item i : matching) {
      double best = Double.NaN;
      for (float[] v : vectors(c, String.join(SEP, i.namespace()), i.key())) {
        double sim = FieldPaths.cosine(q, v);
        best = Double.isNaN(best) ? sim : Math.max(best, sim);
      }
      if (!Double.isNaN(best)) {
        scored.add(new Item(i.namespace(), i.key(), i.value(), i.createdAt(), i.updatedAt(), best));
      }
    }
    scored.sort(Comparator.comparing(Item::score).reversed());
    return scored;
  }

  /** The full-text matches among {@code matching}, most relevant first (ties by key). */
  private List<Item> keyword(Connection c, List<Item> matching, String query) throws SQLException {
    List<String> terms = KeywordText.terms(query);
    if (terms.isEmpty() || matching.isEmpty()) {
      return List.of();
    }
    Map<String, Double> scores = db.query(c, keywords.match(), rs -> {
      Map<String, Double> out = new java.util.HashMap<>();
      while (rs.next()) {
        out.merge(rs.getString(1) + SEP + SEP + rs.getString(2), rs.getDouble(3), Math::max);
      }
      return out;
    }, keywords.query(terms));
    List<Item> scored = new ArrayList<>();
    for (Item i : matching) {
      Double score = scores.get(String.join(SEP, i.namespace()) + SEP + SEP + i.key());
      if (score != null) {
        scored.add(new Item(i.namespace(), i.key(), i.value(), i.createdAt(), i.updatedAt(), score));
      }
    }
    scored.sort(Comparator.comparing(Item::score).reversed().thenComparing(Item::key));
    return scored;
  }

  private List<float[]> vectors(Connection c, String ns, String key) throws SQLException {
    return db.query(c, "SELECT vector FROM store_vectors WHERE namespace = ? AND item_key = ? ORDER BY ord", rs -> {
      List<float[]> out = new ArrayList<>();
      while (rs.next()) {
        out.add(floats(rs.getBytes(1)));
      }
      return out;
    }, ns, key);
  }

  private List<List<String>> namespaces(Connection c, Op.ListNamespaces l, long now) throws SQLException {
    String prefix = String.join(SEP, l.prefix());
    TreeSet<String> found = db.query(c, "SELECT DISTINCT namespace FROM store_items WHERE (? = '' OR namespace = ? "
        + "OR substr(namespace, 1, ?) = ?) AND (expires_at IS NULL OR expires_at > ?)", rs -> {
          TreeSet<String> out = new TreeSet<>();
          while (rs.next()) {
            List<String> ns = List.of(rs.getString(1).split(SEP, -1));
            out.add(String.join(SEP, l.maxDepth() > 0 && ns.size() > l.maxDepth() ? ns.subList(0, l.maxDepth()) : ns));
          }
          return out;
        }, prefixArgs(prefix, now));
    return found.stream().skip(l.offset()).limit(l.limit()).map(n -> List.of(n.split(SEP, -1))).toList();
  }

  @Override
  public int sweep() {
    long now = micros(clock.instant());
    return db.transaction(c -> {
      db.update(c, "DELETE FROM store_fts WHERE EXISTS (SELECT 1 FROM store_items i WHERE "
          + "i.namespace = store_fts.namespace AND i.item_key = store_fts.item_key AND i.expires_at <= ?)", now);
      db.update(c, "DELETE FROM store_vectors WHERE EXISTS (SELECT 1 FROM store_items i WHERE "
          + "i.namespace = store_vectors.namespace AND i.item_key = store_vectors.item_key AND i.expires_at <= ?)", now);
      return db.update(c, "DELETE FROM store_items WHERE expires_at <= ?", now);
    });
  }

  @SuppressWarnings("unchecked")
  private static Item item(ResultSet rs) throws SQLException {
    try {
      Map<String, Object> value = (Map<String, Object>) TAGS.decode(JSON.readTree(rs.getString(3)));
      return new Item(List.of(rs.getString(1).split(SEP, -1)), rs.getString(2), value,
          instant(rs.getLong(4)), instant(rs.getLong(5)));
    } catch (IOException e) {
      throw new SQLException("stored item is not JSON: " + e.getMessage(), e);
    }
  }

  /** The parameters of the "namespace starts with prefix, not expired at now" condition. */
  private static Object[] prefixArgs(String prefix, long now) {
    return new Object[] {prefix, prefix, prefix.length() + 1, prefix + SEP, now};
  }

  private static byte[] bytes(float[] v) {
    ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (float x : v) {
      b.putFloat(x);
    }
    return b.array();
  }

  private static float[] floats(byte[] bytes) {
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    float[] v = new float[bytes.length / 4];
    for (int i = 0; i < v.length; i++) {
      v[i] = b.getFloat();
    }
    return v;
  }

  private static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
  }

  private static Instant instant(long micros) {
    return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
  }

  /**
   * The database this store lives in, so an application can keep tables of its own beside the
   * store's (an audit log, say) in the same SQLite file or PostgreSQL schema.
   */
  public JdbcDatabase database() {
    return db;
  }

  @Override
  public void close() {
    db.close();
  }
}
