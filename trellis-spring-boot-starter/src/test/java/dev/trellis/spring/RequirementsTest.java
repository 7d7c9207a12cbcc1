package dev.trellis.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationListener;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * What stops an application's start: a Spring Boot outside 3.5.x–4.x, or Jackson 2 / sqlite-jdbc
 * older than Trellis was built with (Boot's dependency management picking its own), each in one
 * line naming the fix; and that this build's own class path passes.
 */
@SuppressWarnings("rawtypes")
class RequirementsTest {
  static final Map<String, String> JACKSON_OK = jackson("2.22.4", "2.22.4", "2.22");

  @Test
  void boot35And4xAreSupported() {
    for (String boot : new String[] {"3.5.0", "3.5.7", "4.0.0", "4.1.2", "4.2.0-M1"}) {
      assertEquals(Optional.empty(), Requirements.problem(boot, JACKSON_OK, "2.22.4", "3.54", "3.54.1.0"), boot);
    }
  }

  @Test
  void anOlderOrNewerBootStopsTheStartNamingTheSupportedRange() {
    for (String boot : new String[] {"3.4.9", "2.7.18", "5.0.0"}) {
      String p = Requirements.problem(boot, JACKSON_OK, "2.22.4", null, "3.54.1.0").orElseThrow();
      assertEquals("trellis-spring-boot-starter supports Spring Boot 3.5.x or 4.x; this application runs Spring Boot " + boot, p);
      assertFalse(p.contains("\n"));
    }
  }

  @Test
  void anOlderJacksonFromBootsDependencyManagementStopsTheStartNamingTheOverride() {
    String p = Requirements.problem("3.5.7", jackson("2.22.4", "2.19.2", "2.19"), "2.22.4", null, "3.54.1.0").orElseThrow();
    assertTrue(p.contains("jackson-core 2.19.2") && p.contains("<jackson-bom.version>2.22.4</jackson-bom.version>")
        && p.contains("com.fasterxml.jackson:jackson-bom:2.22.4"), p);
    // Boot 4 manages Jackson 2 under its own property.
    String p4 = Requirements.problem("4.1.2", jackson("2.21.7", "2.21.7", "2.21"), "2.22.4", null, "3.54.1.0").orElseThrow();
    assertTrue(p4.contains("jackson-databind 2.21.7") && p4.contains("<jackson-2-bom.version>2.22.4</jackson-2-bom.version>"), p4);
    assertFalse(p4.contains("\n"));
  }

  @Test
  void anOlderSqliteJdbcStopsTheStartButAnAbsentOneDoesNot() {
    String p = Requirements.problem("3.5.7", JACKSON_OK, "2.22.4", "3.49", "3.54.1.0").orElseThrow();
    assertTrue(p.contains("sqlite-jdbc 3.49") && p.contains("<sqlite-jdbc.version>3.54.1.0</sqlite-jdbc.version>"), p);
    assertEquals(Optional.empty(), Requirements.problem("3.5.7", JACKSON_OK, "2.22.4", null, "3.54.1.0"));
  }

  @Test
  void newerPatchAndMinorVersionsPass() {
    assertEquals(Optional.empty(), Requirements.problem("4.1.2", jackson("2.23.0", "2.22.0", null), "2.22.4", "4.0", "3.54.1.0"));
  }

  @Test
  void thisBuildsClassPathMeetsTheRequirements() {
    Requirements.verify();
  }

  @Test
  void theCheckRunsBeforeTheContextOfEverySpringApplication() {
    List<ApplicationListener> listeners = SpringFactoriesLoader.forDefaultResourceLocation().load(ApplicationListener.class);
    assertTrue(listeners.stream().anyMatch(StartupCheck.class::isInstance), listeners.toString());
  }

  private static Map<String, String> jackson(String databind, String core, String annotations) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("jackson-databind", databind);
    m.put("jackson-core", core);
    m.put("jackson-annotations", annotations);
    return m;
  }
}
