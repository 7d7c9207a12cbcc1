package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code trellis serve --config} runs the graphs with the config's env file in their environment, and stops them with itself. */
class ServeEnvTest {
  @TempDir
  Path dir;

  @Test
  void graphsSeeTheEnvFileAndTheServerStopsWithTheCommand() throws IOException {
    Files.writeString(dir.resolve("app.env"), "GREETING_WORD=salut\n");
    Files.writeString(dir.resolve("trellis.json"), """
        {"graphs": {"env": "dev.trellis.cli.config.fixtures.Greetings#fromEnv"}, "env": "app.env"}""");
    List<ProcessHandle> server;
    try (CliProcess cli = CliProcess.start(dir, "serve", "--config", "trellis.json", "--db", "t.db")) {
      Map<String, Object> out = cli.await("the env graph",
          () -> cli.http().runWait("env", Map.of("name", "Ada")), o -> o != null);
      assertEquals("salut, Ada", out.get("greeting"));
      server = cli.process.descendants().toList();
      assertEquals(1, server.size(), "the server runs in one child JVM: " + server);
    }
    assertFalse(server.getFirst().isAlive(), "the child server stopped with the command");
  }
}
