package dev.trellis.checkpoint.jdbc;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.checkpoint.store.Namespaces;
import dev.trellis.checkpoint.store.Op;
import dev.trellis.checkpoint.store.Store;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A {@link Store} over JDBC (SQLite or PostgreSQL): one table {@code store_items(namespace,
 * key, value, created_at, updated_at)}, values as readable JSON text, a batch in one
 * transaction. Namespaces are stored joined by U+001F, so a prefix search is one indexed
 * range; value filters are applied to the rows of that range.
 */
public class JdbcStore implements Store, AutoCloseable {
  private static final String SEP = "\u001f";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JacksonSerde TAGS = new JacksonSerde();

  private final JdbcDatabase db;
  private final Clock clock;

  public JdbcStore(JdbcDatabase db, Clock clock) {
    this.db = db;
    this.clock = clock;
    db.migrate(List.of("CREATE TABLE IF NOT EXISTS store_items (namespace TEXT NOT NULL, item_key TEXT NOT NULL, "
        + "value TEXT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, PRIMARY KEY (namespace, item_key))"));
  }

  @Override
  public List<Object> batch(List<Op> ops) {
    return db.transaction(c -> {
      List<Object> out = new ArrayList<>(ops.size());
      for (Op op : ops) {
        out.add(switch (op) {
          case Op.Get g -> get(c, String.join(SEP, g.namespace()), g.key());
          case Op.Put p -> {
            put(c, p);
            yield null;
          }
          case Op.Search s -> search(c, s);
          case Op.ListNamespaces l -> namespaces(c, l);
        });
      }
      return out;
    });
  }

  private Item get(Connection c, String ns, String key) throws SQLException {
    PreparedStatement ps = db.prepare(c, "SELECT namespace, item_key, value, created_at, updated_at FROM store_items "
        + "WHERE namespace = ? AND item_key = ?");
    try {
      ps.setString(1, ns);
      ps.setString(2, key);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? item(rs) : null;
      }
    } finally {
      db.release(ps);
    }
  }

  private void put(Connection c, Op.Put p) throws SQLException {
    String ns = String.join(SEP, p.namespace());
    if (p.value() == null) {
      PreparedStatement ps = db.prepare(c, "DELETE FROM store_items WHERE namespace = ? AND item_key = ?");
      try {
        ps.setString(1, ns);
        ps.setString(2, p.key());
        ps.executeUpdate();
      } finally {
        db.release(ps);
      }
      return;
    }
    long now = micros(clock.instant());
    PreparedStatement ps = db.prepare(c, "INSERT INTO store_items (namespace, item_key, value, created_at, updated_at) "
        + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (namespace, item_key) DO UPDATE SET value = excluded.value, "
        + "updated_at = excluded.updated_at");
    try {
      ps.setString(1, ns);
      ps.setString(2, p.key());
      ps.setString(3, new String(TAGS.dump(p.value()), StandardCharsets.UTF_8));
      ps.setLong(4, now);
      ps.setLong(5, now);
      ps.executeUpdate();
    } finally {
      db.release(ps);
    }
  }

  private List<Item> search(Connection c, Op.Search s) throws SQLException {
    String prefix = String.join(SEP, s.prefix());
    PreparedStatement ps = db.prepare(c, "SELECT namespace, item_key, value, created_at, updated_at FROM store_items "
        + "WHERE ? = '' OR namespace = ? OR substr(namespace, 1, ?) = ? ORDER BY updated_at DESC, namespace, item_key");
    List<Item> out = new ArrayList<>();
    try {
      bindPrefix(ps, prefix);
      int skipped = 0;
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next() && out.size() < s.limit()) {
          Item i = item(rs);
          if (Namespaces.matches(i.value(), s.filter()) && skipped++ >= s.offset()) {
            out.add(i);
          }
        }
      }
    } finally {
      db.release(ps);
    }
    return out;
  }

  private List<List<String>> namespaces(Connection c, Op.ListNamespaces l) throws SQLException {
    String prefix = String.join(SEP, l.prefix());
    PreparedStatement ps = db.prepare(c, "SELECT DISTINCT namespace FROM store_items WHERE ? = '' OR namespace = ? "
        + "OR substr(namespace, 1, ?) = ?");
    TreeSet<String> found = new TreeSet<>();
    try {
      bindPrefix(ps, prefix);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          List<String> ns = List.of(rs.getString(1).split(SEP, -1));
          found.add(String.join(SEP, l.maxDepth() > 0 && ns.size() > l.maxDepth() ? ns.subList(0, l.maxDepth()) : ns));
        }
      }
    } finally {
      db.release(ps);
    }
    return found.stream().skip(l.offset()).limit(l.limit()).map(n -> List.of(n.split(SEP, -1))).toList();
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

  /** Binds the four parameters of the "namespace starts with prefix" condition. */
  private static void bindPrefix(PreparedStatement ps, String prefix) throws SQLException {
    ps.setString(1, prefix);
    ps.setString(2, prefix);
    ps.setInt(3, prefix.length() + 1);
    ps.setString(4, prefix + SEP);
  }

  private static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
  }

  private static Instant instant(long micros) {
    return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
  }

  @Override
  public void close() {
    db.close();
  }
}
