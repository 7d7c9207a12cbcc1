package dev.trellis.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;

/**
 * The sample application on Boot 3.5.7 without the Jackson override: jackson-core and
 * jackson-annotations at 2.19.2, as Boot's dependency management picks them. Runs only in the
 * {@code boots-jackson} surefire execution, which puts those jars on the class path.
 */
class BootsOwnJacksonTest {
  @Test
  void bootsOlderJacksonStopsTheStartWithOneLineNamingTheOverride() throws Exception {
    assumeTrue(Boolean.getBoolean("trellis.bootsJackson"), "runs in the boots-jackson execution (see the pom)");
    assertEquals("2.19.2", com.fasterxml.jackson.core.json.PackageVersion.VERSION.toString());
    Path dir = Files.createTempDirectory("trellis-boots-jackson");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> SpringApplication.run(SampleApp.class,
        "--server.port=0", "--spring.datasource.url=jdbc:sqlite:" + dir.resolve("app.db")));
    String m = e.getMessage();
    assertTrue(m.startsWith("Trellis needs Jackson 2 (com.fasterxml.jackson) 2.22 or newer, but the class path has jackson-core 2.19.2"), m);
    assertTrue(m.contains("<jackson-bom.version>2.22.4</jackson-bom.version>"), m);
    assertFalse(m.contains("\n"), m);
  }
}
