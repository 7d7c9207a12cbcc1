/**
 * Spring Boot auto-configuration: serves the application's graph beans through a
 * {@link dev.trellis.server.TrellisServer} on the application's {@code DataSource}, with health and
 * metrics for Actuator.
 */
package dev.trellis.spring;
