package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.trellis.cli.config.TrellisConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Command-line options win over the config file; without them the config decides. */
class ServeOptionsTest {
  @TempDir
  Path dir;

  private ServeOptions parse(String config, String... args) throws IOException {
    Files.writeString(dir.resolve("trellis.json"), config);
    ServeCommand serve = new ServeCommand();
    List<String> all = new java.util.ArrayList<>(List.of("--config", dir.resolve("trellis.json").toString()));
    all.addAll(List.of(args));
    new CommandLine(serve).parseArgs(all.toArray(String[]::new));
    return serve.options;
  }

  @Test
  void theConfigsPostgresIsUsedWithoutDatabaseOptions() throws IOException {
    ServeOptions o = parse("{\"graphs\": {\"a\": \"x.A\"}, \"checkpointer\": {\"postgres\": \"jdbc:postgresql://db/app\"}}");
    assertEquals("jdbc:postgresql://db/app", o.postgres(o.load()));
  }

  @Test
  void dbOptionWinsOverTheConfigsCheckpointer() throws IOException {
    ServeOptions o = parse("{\"graphs\": {\"a\": \"x.A\"}, \"checkpointer\": {\"postgres\": \"jdbc:postgresql://db/app\"}}",
        "--db", "local.db");
    TrellisConfig c = o.load();
    assertNull(o.postgres(c));
    assertEquals(Path.of("local.db"), o.sqlite(c));
  }

  @Test
  void theConfigsSqliteFileIsRelativeToTheConfig() throws IOException {
    ServeOptions o = parse("{\"graphs\": {\"a\": \"x.A\"}, \"checkpointer\": {\"sqlite\": \"data/app.db\"}}");
    assertEquals(dir.resolve("data/app.db").toAbsolutePath().normalize(), o.sqlite(o.load()));
  }

  @Test
  void graphsOptionReplacesTheConfigsGraphDirs() throws IOException {
    ServeOptions o = parse("{\"graph_dirs\": [\"mine\"]}", "--graphs", "other");
    assertEquals(List.of(Path.of("other").toAbsolutePath().toString()), o.load().graphDirs());
  }
}
