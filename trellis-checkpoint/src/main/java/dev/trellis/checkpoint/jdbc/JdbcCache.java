package dev.trellis.checkpoint.jdbc;

import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.serde.Serde;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A node-result {@link Cache} in one table of a JDBC database (SQLite or PostgreSQL), shared
 * by every process using the database and kept across restarts: {@code node_cache(namespace,
 * key_hash, value, expires_at)}. Keys are hashed (SHA-256 of their serialized form), so equal
 * keys built separately meet; values go through the {@link Serde}. An entry past its
 * {@code expires_at} (epoch ms on the injected clock) is not returned and is deleted when read.
 * Thread-safe; each call is one transaction.
 */
public class JdbcCache implements Cache, AutoCloseable {
  /** The cache's table: {@code node_cache}. */
  public static final Schema SCHEMA = Schema.of("trellis_cache", "trellis-schema/cache", JdbcCache.class);

  private final JdbcDatabase db;
  private final Serde serde;
  private final Clock clock;

  /** A cache on {@code db} (creating its table when missing), values in readable JSON, time from {@code clock}. */
  public JdbcCache(JdbcDatabase db, Clock clock) {
    this(db, new JacksonSerde(), clock);
  }

  public JdbcCache(JdbcDatabase db, Serde serde, Clock clock) {
    this.db = db;
    this.serde = serde;
    this.clock = clock;
    db.migrate(SCHEMA);
  }

  private String hash(Object key) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(serde.dump(key)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private record Row(byte[] value, boolean expired) {}

  @Override
  public Optional<Object> get(String namespace, Object key) {
    String h = hash(key);
    long now = clock.millis();
    return db.transaction(c -> {
      Row row = db.query(c, "SELECT value, expires_at FROM node_cache WHERE namespace = ? AND key_hash = ?", rs -> {
        if (!rs.next()) {
          return null;
        }
        byte[] value = rs.getBytes(1);
        long expires = rs.getLong(2);
        return new Row(value, !rs.wasNull() && expires <= now);
      }, namespace, h);
      if (row == null) {
        return Optional.empty();
      }
      if (row.expired()) {
        db.update(c, "DELETE FROM node_cache WHERE namespace = ? AND key_hash = ?", namespace, h);
        return Optional.empty();
      }
      return Optional.ofNullable(serde.load(row.value()));
    });
  }

  @Override
  public void set(String namespace, Object key, Object value, Duration ttl) {
    String h = hash(key);
    byte[] bytes = serde.dump(value);
    Long expires = ttl == null ? null : clock.millis() + ttl.toMillis();
    db.transaction(c -> db.update(c, "INSERT INTO node_cache (namespace, key_hash, value, expires_at) VALUES (?, ?, ?, ?) "
        + "ON CONFLICT (namespace, key_hash) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at",
        namespace, h, bytes, expires));
  }

  @Override
  public void clear(String... namespaces) {
    db.transaction(c -> {
      if (namespaces.length == 0) {
        try (var st = c.createStatement()) {
          st.executeUpdate("DELETE FROM node_cache");
        }
        return null;
      }
      for (String ns : namespaces) {
        db.update(c, "DELETE FROM node_cache WHERE namespace = ?", ns);
      }
      return null;
    });
  }

  /** Closes the database (a cache sharing the server's database is not closed by the server through this). */
  @Override
  public void close() {
    db.close();
  }
}
