package dev.trellis.spring;

import dev.trellis.server.TrellisServer;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.type.AnnotationMetadata;

/**
 * The {@code trellis} health indicator on Spring Boot 3.5, whose Actuator types live in
 * {@code org.springframework.boot.actuate.health} (Boot 4 moved them to
 * {@code org.springframework.boot.health.contributor}, which the starter is compiled against).
 * The indicator is a proxy of Boot 3's {@code HealthIndicator} that builds the same
 * {@link Health} as {@link TrellisHealthIndicator}, registered with that interface as its
 * target type so Actuator finds it by type.
 */
final class Boot3Health implements ImportBeanDefinitionRegistrar {
  static final String PACKAGE = "org.springframework.boot.actuate.health.";

  @Override
  public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
    ClassLoader loader = Boot3Health.class.getClassLoader();
    Class<?> indicator = load(loader, "HealthIndicator");
    RootBeanDefinition def = new RootBeanDefinition();
    def.setTargetType(indicator);
    def.setBeanClass(indicator);
    def.setInstanceSupplier(() -> indicator(indicator, ((BeanFactory) registry).getBean(TrellisServer.class)));
    registry.registerBeanDefinition("trellisHealthIndicator", def);
  }

  private static Object indicator(Class<?> type, TrellisServer server) {
    Class<?> health = load(type.getClassLoader(), "Health");
    return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> switch (method.getName()) {
      case "health" -> method.getParameterCount() == 0 ? health(health, server) : invokeDefault(proxy, method, args);
      case "toString" -> "TrellisHealthIndicator(Boot 3)";
      case "hashCode" -> System.identityHashCode(proxy);
      case "equals" -> proxy == args[0];
      default -> invokeDefault(proxy, method, args);
    });
  }

  /** An interface default method on the proxy (Boot 3's {@code HealthIndicator.health(boolean)}). */
  private static Object invokeDefault(Object proxy, Method method, Object[] args) throws Throwable {
    return InvocationHandler.invokeDefault(proxy, method, args);
  }

  /** {@code Health.up().withDetails(...).build()}, or down with the failure, as Boot 3's AbstractHealthIndicator does. */
  private static Object health(Class<?> health, TrellisServer server) throws ReflectiveOperationException {
    Object builder;
    try {
      Map<String, Object> details = HealthDetails.of(server);
      builder = health.getMethod(server.closing() ? "down" : "up").invoke(null);
      builder = builder.getClass().getMethod("withDetails", Map.class).invoke(builder, details);
    } catch (RuntimeException e) {
      builder = health.getMethod("down", Exception.class).invoke(null, e);
    }
    return builder.getClass().getMethod("build").invoke(builder);
  }

  private static Class<?> load(ClassLoader loader, String simpleName) {
    try {
      return Class.forName(PACKAGE + simpleName, false, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("Spring Boot 3 Actuator class missing: " + PACKAGE + simpleName, e);
    }
  }
}
