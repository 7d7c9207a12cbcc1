package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code trellis new}: the project it writes is served by {@code trellis dev} straight away.
 * (bin/test-new-project also builds one with Maven against this checkout's artifacts.)
 */
class NewCommandTest {
  @TempDir
  Path dir;

  private record Result(int code, String err) {}

  private static Result trellis(String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream old = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      return new Result(new CommandLine(new TrellisCommand()).execute(args), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setErr(old);
    }
  }

  @Test
  void aNewProjectIsServedByDevAtOnce() throws IOException {
    assertEquals(0, trellis("new", dir.resolve("my-agent").toString()).code());
    Path project = dir.resolve("my-agent");
    assertTrue(Files.isRegularFile(project.resolve("target/classes/com/example/myagent/AgentGraph.class")));
    try (CliProcess cli = CliProcess.start(dir, "dev", "--config", "my-agent/trellis.json", "--db", "t.db")) {
      Map<String, Object> out = cli.await("the new project's graph",
          () -> cli.http().runWait("agent", Map.of("message", "hi")), m -> m.get("reply") != null);
      assertEquals("You said: hi", out.get("reply"));
      assertEquals(List.of("respond"), out.get("steps"));
    }
  }

  @Test
  void theProjectIsOnTheBomOfThisTrellisWithAGraphATestAndATrellisJson() throws IOException {
    assertEquals(0, trellis("new", dir.resolve("support-bot").toString(), "--package", "com.acme.support",
        "--group-id", "com.acme").code());
    Path p = dir.resolve("support-bot");
    String pom = Files.readString(p.resolve("pom.xml"));
    assertTrue(pom.contains("<artifactId>trellis-bom</artifactId>"), pom);
    assertTrue(pom.contains("<trellis.version>" + TrellisCommand.Version.version() + "</trellis.version>"), pom);
    assertTrue(pom.contains("<groupId>com.acme</groupId>") && pom.contains("<artifactId>support-bot</artifactId>"), pom);
    assertFalse(pom.contains("{{"), pom);
    assertTrue(Files.readString(p.resolve("trellis.json")).contains("\"agent\": \"com.acme.support.AgentGraph#graph\""));
    assertTrue(Files.isRegularFile(p.resolve("src/main/java/com/acme/support/AgentGraph.java")));
    assertTrue(Files.readString(p.resolve("src/test/java/com/acme/support/AgentGraphTest.java"))
        .startsWith("package com.acme.support;"));
    assertTrue(Files.isRegularFile(p.resolve("README.md")) && Files.isRegularFile(p.resolve(".gitignore")));
  }

  @Test
  void aPathThatIsNotEmptyIsRefusedAndLeftAsItWas() throws IOException {
    Path taken = Files.createDirectories(dir.resolve("taken"));
    Files.writeString(taken.resolve("notes.txt"), "mine");
    Result r = trellis("new", taken.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("exists and is not an empty directory"), r.err());
    try (Stream<Path> files = Files.list(taken)) {
      assertEquals(List.of(taken.resolve("notes.txt")), files.toList());
    }
  }

  @Test
  void aNameThatCannotBeAnArtifactIdIsRefusedBeforeAnythingIsWritten() {
    Result r = trellis("new", dir.resolve("My Agent").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("\"My Agent\" cannot name a project"), r.err());
    assertFalse(Files.exists(dir.resolve("My Agent")));
  }
}
