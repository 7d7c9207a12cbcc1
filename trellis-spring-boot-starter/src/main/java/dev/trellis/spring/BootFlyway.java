package dev.trellis.spring;

import java.util.Map;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Keeps Spring Boot's own Flyway auto-configuration off for an application that does not use
 * Flyway itself. Trellis brings {@code flyway-core} for its versioned tables, which it migrates on
 * its own; Boot 3.5 would otherwise run Flyway on the application's {@code DataSource} (scripts in
 * {@code db/migration}, history in {@code flyway_schema_history}) only because the class is there.
 * An application that sets {@code spring.flyway.enabled} or {@code spring.flyway.locations}, or has
 * scripts in {@code db/migration}, keeps Boot's behaviour.
 */
final class BootFlyway {
  static final String ENABLED = "spring.flyway.enabled";

  private BootFlyway() {}

  static void offUnlessUsed(ConfigurableEnvironment env, ClassLoader loader) {
    if (env.containsProperty(ENABLED) || env.containsProperty("spring.flyway.locations")
        || loader.getResource("db/migration") != null) {
      return;
    }
    env.getPropertySources().addLast(new MapPropertySource("trellis-boot-flyway", Map.of(ENABLED, false)));
  }
}
