package dev.trellis.spring;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * What the starter needs of the application's class path: Spring Boot 3.5.x or 4.x, and Jackson 2
 * and sqlite-jdbc no older (major.minor) than the versions Trellis was built and tested with —
 * Boot's dependency management would otherwise silently pick its own, older ones. The check runs
 * before the application context starts ({@link StartupCheck}) and again when the auto-configuration
 * is created; a mismatch stops the start with one line naming what to change.
 */
final class Requirements {
  /** The supported Spring Boot range, as named in the error. */
  static final String BOOT_RANGE = "Spring Boot 3.5.x or 4.x";

  private Requirements() {}

  /** Throws {@link IllegalStateException} naming the first unmet requirement of this class path. */
  static void verify() {
    Properties built = built();
    problem(org.springframework.boot.SpringBootVersion.getVersion(), jacksonVersions(), built.getProperty("jackson"),
        sqliteVersion(), built.getProperty("sqlite"))
        .ifPresent(p -> {
          throw new IllegalStateException(p);
        });
  }

  /**
   * The first unmet requirement, if any: {@code boot} the running Spring Boot version (null: unknown,
   * not checked), {@code jackson} the resolved version of each Jackson 2 artifact (null: unknown, not
   * checked) and {@code sqlite} sqlite-jdbc's (null: driver absent), against the versions Trellis was built with.
   */
  static Optional<String> problem(String boot, Map<String, String> jackson, String builtJackson, String sqlite,
      String builtSqlite) {
    int bootMajor = boot == null ? -1 : part(boot, 0);
    if (boot != null && (bootMajor < 3 || bootMajor > 4 || bootMajor == 3 && part(boot, 1) < 5)) {
      return Optional.of("trellis-spring-boot-starter supports " + BOOT_RANGE + "; this application runs Spring Boot " + boot);
    }
    for (Map.Entry<String, String> e : jackson.entrySet()) {
      if (e.getValue() != null && older(e.getValue(), builtJackson)) {
        String property = bootMajor == 3 ? "jackson-bom.version" : "jackson-2-bom.version";
        return Optional.of("Trellis needs Jackson 2 (com.fasterxml.jackson) " + minor(builtJackson) + " or newer, but the class path has "
            + e.getKey() + " " + e.getValue() + " (from Spring Boot's dependency management): set <" + property + ">"
            + builtJackson + "</" + property + "> under spring-boot-starter-parent, or import com.fasterxml.jackson:jackson-bom:"
            + builtJackson + " before spring-boot-dependencies");
      }
    }
    if (sqlite != null && older(sqlite, builtSqlite)) {
      return Optional.of("Trellis needs sqlite-jdbc " + minor(builtSqlite) + " or newer, but the class path has sqlite-jdbc " + sqlite
          + " (from Spring Boot's dependency management): set <sqlite-jdbc.version>" + builtSqlite
          + "</sqlite-jdbc.version> under spring-boot-starter-parent, or manage org.xerial:sqlite-jdbc:" + builtSqlite
          + " before spring-boot-dependencies");
    }
    return Optional.empty();
  }

  /** True when {@code have}'s major.minor is below {@code need}'s. */
  static boolean older(String have, String need) {
    int major = part(have, 0) - part(need, 0);
    return major < 0 || major == 0 && part(have, 1) < part(need, 1);
  }

  private static String minor(String v) {
    return part(v, 0) + "." + part(v, 1);
  }

  private static int part(String version, int index) {
    String[] parts = version.split("[.-]");
    if (index >= parts.length) {
      return 0;
    }
    String digits = parts[index].replaceAll("\\D.*", "");
    return digits.isEmpty() ? 0 : Integer.parseInt(digits);
  }

  /** The versions of the Jackson 2 jars Trellis uses (annotations' from its jar manifest; null when absent). */
  private static Map<String, String> jacksonVersions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("jackson-databind", com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString());
    v.put("jackson-core", com.fasterxml.jackson.core.json.PackageVersion.VERSION.toString());
    v.put("jackson-annotations", com.fasterxml.jackson.annotation.JsonProperty.class.getPackage().getImplementationVersion());
    return v;
  }

  /** sqlite-jdbc's version as {@code major.minor} from its driver, or null when it is not on the class path. */
  private static String sqliteVersion() {
    try {
      java.sql.Driver d = (java.sql.Driver) Class.forName("org.sqlite.JDBC").getDeclaredConstructor().newInstance();
      return d.getMajorVersion() + "." + d.getMinorVersion();
    } catch (ReflectiveOperationException | LinkageError e) {
      return null;
    }
  }

  private static Properties built() {
    Properties p = new Properties();
    try (InputStream in = Requirements.class.getResourceAsStream("requirements.properties")) {
      if (in == null) {
        throw new IllegalStateException("requirements.properties missing from trellis-spring-boot-starter");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }
}
