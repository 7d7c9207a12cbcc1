package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code trellis dev} serves a project's classes and, when they are rebuilt, serves the new ones. */
class DevRestartTest {
  @TempDir
  Path dir;

  private void compile(String word) throws IOException {
    compile(word, "");
  }

  private void compile(String word, String firstStatement) throws IOException {
    Path src = dir.resolve("src/acme/Graphs.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, """
        package acme;
        import dev.trellis.core.StateGraph;
        import dev.trellis.graph.*;
        public class Graphs {
          static final Key<String> NAME = Key.of("name", String.class);
          static final Key<String> GREETING = Key.of("greeting", String.class);
          public static StateGraph greet() {
            %s
            return StateGraph.of(Schema.of(NAME, GREETING))
                .addNode("greet", (s, rt) -> Update.of(GREETING, "%s, " + s.get(NAME)))
                .addSequence(StateGraph.START, "greet", StateGraph.END);
          }
        }
        """.formatted(firstStatement, word));
    int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.resolve("classes").toString(),
        "-cp", System.getProperty("java.class.path"), src.toString());
    assertEquals(0, rc, "javac");
  }

  @Test
  void rebuiltClassesAreServedAfterARestart() throws IOException {
    compile("hello");
    Files.writeString(dir.resolve("trellis.json"), """
        {"graphs": {"greet": "acme.Graphs#greet"}, "dependencies": ["classes"]}""");
    try (CliProcess cli = CliProcess.start(dir, "dev", "--config", "trellis.json", "--db", "t.db", "--poll-millis", "100")) {
      assertEquals("hello, Ada", cli.await("the first build",
          () -> cli.http().runWait("greet", Map.of("name", "Ada")).get("greeting"), g -> g != null));
      compile("bonjour");
      cli.await("the rebuilt graph", () -> cli.http().runWait("greet", Map.of("name", "Ada")).get("greeting"),
          "bonjour, Ada"::equals);
      assertTrue(cli.output().contains("trellis dev: classes changed; restarting the server"), cli.output());
    }
  }

  @Test
  void aServerThatFailsToStartComesBackWhenTheClassesAreFixed() throws IOException {
    compile("hello", "if (NAME != null) throw new IllegalStateException(\"not configured\");");
    Files.writeString(dir.resolve("trellis.json"), """
        {"graphs": {"greet": "acme.Graphs#greet"}, "dependencies": ["classes"]}""");
    try (CliProcess cli = CliProcess.start(dir, "dev", "--config", "trellis.json", "--db", "t.db", "--poll-millis", "100")) {
      cli.await("the failed start to be reported", () -> {
        try {
          return cli.output();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }, out -> out.contains("trellis dev: the server exited with code 2"));
      assertTrue(cli.output().contains("graphs.greet: acme.Graphs#greet failed to build the graph:"
          + " java.lang.IllegalStateException: not configured"), cli.output());
      compile("fixed");
      assertEquals("fixed, Ada", cli.await("the fixed graph",
          () -> cli.http().runWait("greet", Map.of("name", "Ada")).get("greeting"), g -> g != null));
    }
  }

  @Test
  void aChangedConfigIsServedAfterARestartAndABrokenOneIsReported() throws IOException {
    compile("hello");
    Files.writeString(dir.resolve("trellis.json"), """
        {"graphs": {"greet": "acme.Graphs#greet"}, "dependencies": ["classes"]}""");
    try (CliProcess cli = CliProcess.start(dir, "dev", "--config", "trellis.json", "--db", "t.db", "--poll-millis", "100")) {
      assertEquals("hello, Ada", cli.await("the first config",
          () -> cli.http().runWait("greet", Map.of("name", "Ada")).get("greeting"), g -> g != null));
      Files.writeString(dir.resolve("trellis.json"), "{\"graphs\": {\"greet\": ");
      cli.await("the broken config to be reported", () -> output(cli),
          out -> out.contains("(root) must be") || out.contains("not JSON"));
      assertTrue(output(cli).contains("still serving the last valid config"), output(cli));
      assertEquals("hello, Ada", cli.http().runWait("greet", Map.of("name", "Ada")).get("greeting"),
          "the running server keeps serving");
      Files.writeString(dir.resolve("trellis.json"), """
          {"graphs": {"welcome": "acme.Graphs#greet"}, "dependencies": ["classes"],
           "env": {"GREETING_SOURCE": "config"}}""");
      assertEquals("hello, Bo", cli.await("the graph under its new id", () -> {
        try {
          return cli.http().runWait("welcome", Map.of("name", "Bo")).get("greeting");
        } catch (AssertionError notYet) {
          return null; // 404 from the server of the old config
        }
      }, g -> g != null));
      assertTrue(output(cli).contains("trellis dev: trellis.json changed; restarting the server"), output(cli));
    }
  }

  private static String output(CliProcess cli) {
    try {
      return cli.output();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
