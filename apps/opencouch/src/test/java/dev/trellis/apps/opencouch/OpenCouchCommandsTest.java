package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.cli.TrellisCommand;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code trellis eval opencouch} and {@code trellis chat opencouch} as a user runs them: OpenCouch's
 * own commands, which it adds to {@code trellis} ({@code dev.trellis.cli.spi.AppCommand}); and
 * the CLI's generic chat, which talks to OpenCouch through its {@code messages} key.
 */
class OpenCouchCommandsTest {
  private record Result(int exit, String out) {}

  private static Result trellis(String stdin, String... args) {
    return trellis(TrellisCommand.commandLine(), stdin, args);
  }

  private static Result trellis(CommandLine trellis, String stdin, String... args) {
    PrintStream old = System.out;
    InputStream oldIn = System.in;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
      rc = trellis.execute(args);
    } finally {
      System.setOut(old);
      System.setIn(oldIn);
    }
    return new Result(rc, out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void evalPrintsTheReportAndSucceedsWithFullCrisisRecall() {
    Result r = trellis("", "eval", "opencouch");
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().contains("confusion matrix") && r.out().contains("crisis recall 1.000"), r.out());
  }

  @Test
  void chatAnswersFromStdinAndEndsTheSession(@TempDir Path dir) {
    Result r = trellis("hello\n/end\n/quit\n", "chat", "opencouch", "--db", dir.resolve("chat.db").toString(), "--user", "cli");
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().contains("[crisis_gate] checking in on safety…"), r.out());
    assertTrue(r.out().contains("couch> Hi, it's good to hear from you."), r.out());
    assertTrue(r.out().contains("[session end]"), r.out());
  }

  @Test
  void anUnknownAppIsRefusedByName() {
    assertEquals(2, trellis("", "eval", "nope").exit());
  }

  @Test
  void theGenericChatTalksToOpenCouchThroughItsMessages(@TempDir Path dir) throws Exception {
    Path config = Files.writeString(dir.resolve("trellis.json"), "{\"discover_providers\": true}");
    // without OpenCouch's own chat command, "chat opencouch" is the CLI's chat with any graph taking messages
    Result r = trellis(new CommandLine(new TrellisCommand()), "hello\n/quit\n", "chat", "opencouch", "--config",
        config.toString(), "--db", dir.resolve("chat.db").toString());
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().contains("opencouch> Hi, it's good to hear from you."), r.out());
    assertTrue(!r.out().contains("[session end]"), r.out());
  }
}
