package dev.trellis.cli.config;

import java.lang.reflect.InvocationTargetException;
import java.util.List;

/** Creates the classes a config names (providers, authenticators, embedders) through their public no-argument constructor. */
final class Instances {
  private Instances() {}

  static Object create(Class<?> type, String field, String configName) {
    try {
      return type.getConstructor().newInstance();
    } catch (NoSuchMethodException | IllegalAccessException e) {
      throw new ConfigException(configName, List.of(field + ": " + type.getName() + " needs a public no-argument constructor"));
    } catch (InstantiationException e) {
      throw new ConfigException(configName, List.of(field + ": " + type.getName() + " is abstract or an interface"));
    } catch (InvocationTargetException e) {
      throw new ConfigException(configName, List.of(field + ": new " + type.getName() + "() failed: " + e.getCause()));
    }
  }
}
