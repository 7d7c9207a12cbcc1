package dev.trellis.spring;

import dev.trellis.server.TrellisServer;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Actuator health and Micrometer metrics of the Trellis server, each when its library is present. */
@AutoConfiguration(after = TrellisAutoConfiguration.class)
@ConditionalOnBean(TrellisServer.class)
public class TrellisActuatorConfiguration {

  /** {@code trellis} health contributor. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(HealthIndicator.class)
  static class Health {
    @Bean
    TrellisHealthIndicator trellisHealthIndicator(TrellisServer server) {
      return new TrellisHealthIndicator(server);
    }
  }

  /** Trellis meters. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(MeterRegistry.class)
  static class Metrics {
    @Bean
    TrellisMetrics trellisMetrics(TrellisServer server, StepTally steps) {
      return new TrellisMetrics(server, steps);
    }
  }
}
