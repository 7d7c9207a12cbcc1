package dev.trellis.server.db;

import java.util.Map;
import java.util.UUID;

/**
 * The sessions of the {@code /mcp} endpoint (MCP streamable HTTP's {@code Mcp-Session-Id}): one
 * row per session, created by {@code initialize} for the authenticated user, ended by
 * {@code DELETE /mcp} or after {@link #IDLE_MILLIS} without a request. Kept in the server's
 * database, so any server process on a shared PostgreSQL accepts a session another one issued.
 */
public final class McpSessions {
  /** A session unused this long is gone (its next request gets 404 and the client initializes again). */
  public static final long IDLE_MILLIS = 24 * 60 * 60 * 1000L;
  /** Last-use stamps are rewritten at most this often, so a busy session does not write on every request. */
  private static final long TOUCH_MILLIS = 60_000;

  /** A live session: who opened it and the protocol version it negotiated. */
  public record Session(String id, String owner, String protocolVersion) {}

  private final ServerDb db;

  public McpSessions(ServerDb db) {
    this.db = db;
  }

  /** Opens a session for {@code owner} and returns its id (random, unguessable). */
  public String open(String owner, String protocolVersion) {
    String id = UUID.randomUUID().toString().replace("-", "");
    long now = db.millis();
    db.tx(c -> db.update(c, "INSERT INTO trellis_mcp_sessions (session_id, owner, protocol_version, created_at, last_used) "
        + "VALUES (?, ?, ?, ?, ?)", id, owner, protocolVersion, now, now));
    return id;
  }

  /** The live session {@code id} of {@code owner}, marked as used now; null when unknown, ended, idle too long or another user's. */
  public Session use(String id, String owner) {
    long now = db.millis();
    return db.tx(c -> {
      Map<String, Object> row = db.row(c, "SELECT owner, protocol_version, last_used FROM trellis_mcp_sessions "
          + "WHERE session_id = ?", id);
      if (row == null || !owner.equals(row.get("owner"))) {
        return null;
      }
      long last = ((Number) row.get("last_used")).longValue();
      if (now - last > IDLE_MILLIS) {
        db.update(c, "DELETE FROM trellis_mcp_sessions WHERE session_id = ?", id);
        return null;
      }
      if (now - last > TOUCH_MILLIS) {
        db.update(c, "UPDATE trellis_mcp_sessions SET last_used = ? WHERE session_id = ?", now, id);
      }
      return new Session(id, owner, (String) row.get("protocol_version"));
    });
  }

  /** Ends {@code owner}'s session {@code id}; false when there was none to end. */
  public boolean end(String id, String owner) {
    return db.tx(c -> db.update(c, "DELETE FROM trellis_mcp_sessions WHERE session_id = ? AND owner = ?", id, owner)) > 0;
  }

  /** Deletes the sessions idle for longer than {@link #IDLE_MILLIS}; returns how many. */
  public int deleteIdle() {
    long before = db.millis() - IDLE_MILLIS;
    return db.tx(c -> db.update(c, "DELETE FROM trellis_mcp_sessions WHERE last_used < ?", before));
  }
}
