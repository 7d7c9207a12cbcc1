package dev.trellis.spring;

import dev.trellis.server.TrellisServer;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** Actuator health and Micrometer metrics of the Trellis server, each when its library is present. */
@AutoConfiguration(after = TrellisAutoConfiguration.class)
@ConditionalOnBean(TrellisServer.class)
public class TrellisActuatorConfiguration {

  /** {@code trellis} health contributor. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
  static class Health {
    @Bean
    TrellisHealthIndicator trellisHealthIndicator(TrellisServer server) {
      return new TrellisHealthIndicator(server);
    }
  }

  /** {@code trellis} health contributor on Spring Boot 3.5 (Actuator's older package). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = Boot3Health.PACKAGE + "HealthIndicator")
  @ConditionalOnMissingClass("org.springframework.boot.health.contributor.HealthIndicator")
  @Import(Boot3Health.class)
  static class HealthOnBoot3 {
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
