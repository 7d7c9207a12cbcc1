package dev.trellis.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.graph.CompileOptions;
import dev.trellis.testkit.JsonValues;
import dev.trellis.testkit.ScenarioRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** Servers for tests: the example graphs plus the test graphs (nested, slow), on a fresh SQLite file or PostgreSQL. */
final class TestServers {
  private TestServers() {}

  static final List<Path> GRAPHS = List.of(Path.of("../examples/approval.json"), Path.of("../examples/chain.json"),
      Path.of("src/test/resources/graphs/nested.json"), Path.of("src/test/resources/graphs/slow.json"));

  /** A builder with every test graph registered, on port 0. */
  static TrellisServer.Builder builder() {
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1");
    for (Path file : GRAPHS) {
      try {
        JsonNode spec = JsonValues.MAPPER.readTree(file.toFile());
        String id = file.getFileName().toString().replace(".json", "");
        var graph = ScenarioRunner.graph(spec);
        b.graph(id, (saver, store) -> graph.compile(CompileOptions.checkpointer(saver).withStore(store)
            .withUnreachableAllowed(true).withName(id)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return b;
  }

  /** A server on a new SQLite file in {@code dir}. */
  static TrellisServer sqlite(Path dir) {
    return builder().sqlite(dir.resolve("server.db")).start();
  }

  /**
   * Arguments for a test parameterised over both databases: a name and a supplier of a builder
   * on a fresh SQLite file ({@code sqliteFile}) or a fresh PostgreSQL schema, whose URL is added
   * to {@code pgSchemas} for the test class to drop when it is done.
   */
  static Stream<Arguments> onBothDatabases(String sqliteFile,
      List<String> pgSchemas) {
    Supplier<TrellisServer.Builder> sqlite = () -> builder().sqlite(tempDir().resolve(sqliteFile));
    Supplier<TrellisServer.Builder> postgres = () -> {
      String url = PgTestDb.freshSchemaUrl();
      pgSchemas.add(url);
      return builder().postgres(url);
    };
    return Stream.of(Arguments.of("sqlite", sqlite), Arguments.of("postgres", postgres));
  }

  /** A new directory for a test's database, deleted when the test JVM exits. */
  static Path tempDir() {
    return dev.trellis.testkit.TempDirs.create("trellis-server");
  }
}
