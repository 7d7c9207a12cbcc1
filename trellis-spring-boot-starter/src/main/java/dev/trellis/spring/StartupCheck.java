package dev.trellis.spring;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;

/**
 * Stops an application's start before its context is built when the class path does not meet
 * {@link Requirements} (an unsupported Spring Boot, an older Jackson or sqlite-jdbc), so the
 * reason is one line rather than a bean definition clash further on; and keeps Boot's Flyway
 * auto-configuration off for an application that does not use Flyway ({@link BootFlyway}). Registered in
 * {@code META-INF/spring.factories}, which Boot 3.5 and 4 both read for listeners.
 */
public class StartupCheck implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {
  @Override
  public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
    Requirements.verify();
    BootFlyway.offUnlessUsed(event.getEnvironment(), StartupCheck.class.getClassLoader());
  }
}
