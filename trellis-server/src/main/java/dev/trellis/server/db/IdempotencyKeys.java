package dev.trellis.server.db;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.Map;

/**
 * Run-creation idempotency keys ({@code Idempotency-Key} header): per owner, a key names the
 * run it created and a hash of the request that created it, in {@code trellis_idempotency}
 * beside the runs — so a retry reaches the same run from any process — until it expires
 * ({@link #KEEP_MILLIS}, by the policy clock).
 */
public final class IdempotencyKeys {
  /** How long a key is remembered: 24 hours. */
  public static final long KEEP_MILLIS = 24L * 3600 * 1000;
  /** The longest key accepted. */
  public static final int MAX_KEY_LENGTH = 255;

  private final ServerDb db;

  public IdempotencyKeys(ServerDb db) {
    this.db = db;
  }

  /** A key already used by {@code owner}: the run it created and the hash of that request. */
  public record Used(String runId, String requestHash) {}

  /** The unexpired use of {@code key} by {@code owner}, or null (expired keys are forgotten here). */
  public Used find(Connection c, String owner, String key) throws SQLException {
    db.update(c, "DELETE FROM trellis_idempotency WHERE expires_at < ?", db.millis());
    Map<String, Object> row = db.row(c, "SELECT run_id, request_hash FROM trellis_idempotency WHERE owner = ? "
        + "AND idem_key = ?", owner, key);
    return row == null ? null : new Used((String) row.get("run_id"), (String) row.get("request_hash"));
  }

  /** Records that {@code key} created {@code runId} (in the run's own transaction). */
  public void record(Connection c, String owner, String key, String runId, String requestHash) throws SQLException {
    db.update(c, "INSERT INTO trellis_idempotency (owner, idem_key, run_id, request_hash, expires_at) VALUES (?, ?, ?, ?, ?)",
        owner, key, runId, requestHash, db.millis() + KEEP_MILLIS);
  }

  /** Forgets {@code key} of {@code owner} (its run is gone). */
  public void forget(Connection c, String owner, String key) throws SQLException {
    db.update(c, "DELETE FROM trellis_idempotency WHERE owner = ? AND idem_key = ?", owner, key);
  }

  /** A stable hash of a request: its route and its body with object keys sorted. */
  public static String hash(String route, Object body) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(route.getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
      sha.update(CANONICAL.writeValueAsBytes(body));
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException | com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper CANONICAL = new com.fasterxml.jackson.databind.ObjectMapper()
      .enable(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
}
