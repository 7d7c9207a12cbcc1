package dev.trellis.cli.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Plain {@code trellis serve} is the built-in config: the examples, the demo agent and every
 * provider on the class path (the reference applications in the distribution: trellis-dist's
 * DistributionTest).
 */
class DefaultConfigTest {
  @Test
  void servesTheExamplesAndTheDemoAgent() {
    String r = System.getProperty("trellis.root");
    Path root = r != null ? Path.of(r) : Path.of("..").toAbsolutePath().normalize();
    TrellisConfig c = TrellisConfig.defaults(root);
    List<String> ids = ServedGraphs.resolve(c, getClass().getClassLoader(), "default").ids();
    assertEquals(List.of("agent", "approval", "chain"), ids.subList(0, 3));
  }
}
