package dev.trellis.spring;

import dev.trellis.server.TrellisServer;
import dev.trellis.server.queue.RunStore;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Actuator health of the Trellis server ({@code /actuator/health/trellis}): DOWN when its
 * database cannot be reached or it is shutting down; details are the queue (pending, running,
 * lag) and this process's worker slots (busy, total).
 */
public class TrellisHealthIndicator extends AbstractHealthIndicator {
  private final TrellisServer server;

  public TrellisHealthIndicator(TrellisServer server) {
    super("Trellis health check failed");
    this.server = server;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    server.checkDatabase();
    RunStore.Depth q = server.queueDepth();
    (server.closing() ? builder.down() : builder.up())
        .withDetail("database", "reachable")
        .withDetail("pendingRuns", q.pending())
        .withDetail("runningRuns", q.running())
        .withDetail("queueLagMillis", q.lagMillis())
        .withDetail("busyWorkerSlots", server.busyWorkerSlots())
        .withDetail("workerSlots", server.workerSlots());
  }
}
