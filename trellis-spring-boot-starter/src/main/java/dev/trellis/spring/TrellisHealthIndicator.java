package dev.trellis.spring;

import dev.trellis.server.TrellisServer;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Actuator health of the Trellis server ({@code /actuator/health/trellis}): DOWN when its
 * database cannot be reached or it is shutting down; details are the queue (pending, running,
 * lag) and this process's worker slots (busy, total). Spring Boot 4; on Boot 3.5 the same
 * health is {@link Boot3Health}.
 */
public class TrellisHealthIndicator extends AbstractHealthIndicator {
  private final TrellisServer server;

  public TrellisHealthIndicator(TrellisServer server) {
    super("Trellis health check failed");
    this.server = server;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    (server.closing() ? builder.down() : builder.up()).withDetails(HealthDetails.of(server));
  }
}
