package dev.trellis.cli.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A graph source that cannot be served fails the start with the field that names it and why. */
class GraphSourceErrorsTest {
  @TempDir
  Path dir;

  private String problem(String graphs) throws IOException {
    Path file = dir.resolve("trellis.json");
    Files.writeString(file, "{\"graphs\": " + graphs + "}");
    TrellisConfig c = TrellisConfig.read(file);
    ConfigException e = assertThrows(ConfigException.class, () -> {
      ServedGraphs s = ServedGraphs.resolve(c, getClass().getClassLoader(), "trellis.json");
      s.applyTo(TrellisServer.builder().host("127.0.0.1").port(0).sqlite(dir.resolve("t.db"))).start().close();
    });
    assertEquals(1, e.problems().size(), e.problems().toString());
    return e.problems().getFirst();
  }

  @Test
  void aMissingClassIsNamed() throws IOException {
    String p = problem("{\"support\": \"com.acme.Graphs#support\"}");
    assertTrue(p.startsWith("graphs.support: class com.acme.Graphs not found on the server's class path or in dependencies"), p);
  }

  @Test
  void aMethodOfTheWrongShapeIsRefused() throws IOException {
    assertEquals("graphs.t: dev.trellis.cli.config.fixtures.Greetings#text must be a public static method taking (),"
        + " (CompileOptions), (CompileOptions, List<Tool>) or (CheckpointSaver, Store) and returning StateGraph, CompiledGraph, Entrypoint or GraphFactory",
        problem("{\"t\": \"dev.trellis.cli.config.fixtures.Greetings#text\"}"));
  }

  @Test
  void aCompiledGraphWithoutTheServersCheckpointerIsRefused() throws IOException {
    assertTrue(problem("{\"d\": \"dev.trellis.cli.config.fixtures.Greetings#detached\"}")
        .startsWith("graphs.d: dev.trellis.cli.config.fixtures.Greetings#detached returns a CompiledGraph without taking"
            + " CompileOptions"));
  }

  @Test
  void aFactoryThatThrowsIsNamedWithItsError() throws IOException {
    assertEquals("graphs.b: dev.trellis.cli.config.fixtures.Greetings#broken failed to build the graph:"
        + " java.lang.IllegalStateException: no model configured",
        problem("{\"b\": \"dev.trellis.cli.config.fixtures.Greetings#broken\"}"));
  }

  @Test
  void aClassThatIsNoProviderIsRefused() throws IOException {
    assertEquals("graphs.h: dev.trellis.cli.config.fixtures.HeaderAuth implements neither dev.trellis.server.GraphProvider"
        + " nor dev.trellis.server.GraphFactory (or name a static method: Class#method)",
        problem("{\"h\": \"dev.trellis.cli.config.fixtures.HeaderAuth\"}"));
  }

  @Test
  void aMissingGraphFileIsNamed() throws IOException {
    assertEquals("graphs.f: no graph file " + dir.resolve("graphs/f.json"), problem("{\"f\": \"graphs/f.json\"}"));
  }

  @Test
  void aMissingDependencyIsNamed() throws IOException {
    Path file = dir.resolve("trellis.json");
    Files.createDirectories(dir.resolve("app"));
    Files.writeString(dir.resolve("app/pom.xml"), "<project/>");
    Files.writeString(file, "{\"graphs\": {\"a\": \"x.A\"}, \"dependencies\": [\"lib/app.jar\", \"app\", \"jars/*\"]}");
    TrellisConfig c = TrellisConfig.read(file);
    ConfigException e = assertThrows(ConfigException.class, () -> Dependencies.of(c, "trellis.json"));
    assertEquals(java.util.List.of(
        "dependencies[0]: no jar, class directory or Maven project at " + dir.resolve("lib/app.jar"),
        "dependencies[1]: Maven project " + dir.resolve("app") + " has no target/classes; build it first (mvn package)",
        "dependencies[2]: no directory " + dir.resolve("jars")), e.problems());
  }

  @Test
  void aGraphIdServedTwiceIsNamed() throws IOException {
    Files.createDirectories(dir.resolve("more"));
    Files.writeString(dir.resolve("more/hello.json"), "{\"nodes\": {}, \"edges\": []}");
    Path file = dir.resolve("trellis.json");
    Files.writeString(file, "{\"graphs\": {\"hello\": \"dev.trellis.cli.config.fixtures.Greetings#hello\"},"
        + " \"graph_dirs\": [\"more\"]}");
    TrellisConfig c = TrellisConfig.read(file);
    ConfigException e = assertThrows(ConfigException.class, () -> ServedGraphs.resolve(c, getClass().getClassLoader(), "t"));
    assertEquals("graph_dirs[0]: graph id \"hello\" is served twice (ids: hello)", e.problems().getFirst());
  }

  @Test
  void aWrongDimensionIsCaughtAtStart() throws IOException {
    Path file = dir.resolve("trellis.json");
    Files.writeString(file, "{\"graphs\": {\"hello\": \"dev.trellis.cli.config.fixtures.Greetings#hello\"},"
        + " \"store\": {\"index\": {\"embed\": \"dev.trellis.cli.config.fixtures.ShortEmbeddings\", \"dims\": 384}}}");
    TrellisConfig c = TrellisConfig.read(file);
    ConfigException e = assertThrows(ConfigException.class, () -> ServedGraphs.resolve(c, getClass().getClassLoader(), "t"));
    assertEquals("store.index.dims: is 384 but dev.trellis.cli.config.fixtures.ShortEmbeddings makes vectors of 3",
        e.problems().getFirst());
  }
}
