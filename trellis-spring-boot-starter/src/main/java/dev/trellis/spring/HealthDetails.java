package dev.trellis.spring;

import dev.trellis.server.TrellisServer;
import dev.trellis.server.QueueDepth;
import java.util.LinkedHashMap;
import java.util.Map;

/** The details of the {@code trellis} health, on either Boot line (no Actuator types here). */
final class HealthDetails {
  private HealthDetails() {}

  /** Reads the database (throws when it cannot be reached), the queue and the worker slots. */
  static Map<String, Object> of(TrellisServer server) {
    server.checkDatabase();
    QueueDepth q = server.queueDepth();
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("database", "reachable");
    d.put("pendingRuns", q.pending());
    d.put("runningRuns", q.running());
    d.put("queueLagMillis", q.lagMillis());
    d.put("busyWorkerSlots", server.busyWorkerSlots());
    d.put("workerSlots", server.workerSlots());
    return d;
  }
}
