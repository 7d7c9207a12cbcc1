package dev.trellis.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.cli.TrellisCommand;
import dev.trellis.cli.config.ServedGraphs;
import dev.trellis.cli.config.TrellisConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What the distribution's class path (the CLI and the three reference applications) serves and offers. */
class DistributionTest {
  @Test
  void theBuiltInConfigServesTheExamplesTheDemoAgentAndTheReferenceApplications() {
    TrellisConfig c = TrellisConfig.defaults(Path.of("..").toAbsolutePath().normalize());
    List<String> ids = ServedGraphs.resolve(c, getClass().getClassLoader(), "default").ids();
    assertEquals(List.of("agent", "approval", "chain"), ids.subList(0, 3));
    assertTrue(ids.containsAll(List.of("neura", "rrc", "opencouch")), ids.toString());
  }

  @Test
  void theApplicationsCommandsSitUnderChatAndEval() {
    CommandLine trellis = TrellisCommand.commandLine();
    assertTrue(trellis.getSubcommands().get("chat").getSubcommands().containsKey("opencouch"));
    assertTrue(trellis.getSubcommands().get("eval").getSubcommands().containsKey("opencouch"));
  }
}
