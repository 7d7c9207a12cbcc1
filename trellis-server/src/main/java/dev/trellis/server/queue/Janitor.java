package dev.trellis.server.queue;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Background clean-up run with the sweeper: threads whose TTL passed (and that run nothing), expired
 * store items and idle MCP sessions (every store sweep interval), and on SQLite the file's free pages (every ten minutes).
 */
final class Janitor {
  private static final Logger LOG = LoggerFactory.getLogger(Janitor.class);
  private final Services services;
  private final long storeSweepMillis;
  private long lastStoreSweep;
  private long lastReclaim;

  Janitor(Services services, long storeSweepMillis) {
    this.services = services;
    this.storeSweepMillis = storeSweepMillis;
  }

  /** Called from the heartbeat thread only. */
  void sweep() {
    long now = services.db().millis();
    List<String> expired = services.db().tx(c -> services.db().rows(c, "SELECT thread_id FROM trellis_threads t WHERE expires_at < ? "
        + "AND " + RunStore.noActiveRunSql("t.thread_id") + " "
        + "LIMIT 100", now).stream().map(r -> (String) r.get("thread_id")).toList());
    for (String t : expired) {
      ThreadDeletion.delete(services, t);
    }
    if (!expired.isEmpty()) {
      LOG.info("deleted {} threads whose TTL passed", expired.size());
    }
    if (now - lastStoreSweep >= storeSweepMillis) {
      lastStoreSweep = now;
      services.store().sweep();
      new dev.trellis.server.db.McpSessions(services.db()).deleteIdle();
    }
    if (!services.db().postgres() && now - lastReclaim > dev.trellis.server.db.SqliteSpace.RECLAIM_EVERY_MILLIS) {
      lastReclaim = now;
      long free = dev.trellis.server.db.SqliteSpace.reclaim(services.db().jdbc());
      if (free > 0) {
        LOG.debug("returned up to {} free SQLite pages to the file system", free);
      }
    }
  }
}
