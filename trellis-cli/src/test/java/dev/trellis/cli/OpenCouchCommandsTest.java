package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code trellis eval opencouch} and {@code trellis chat opencouch} as a user runs them. */
class OpenCouchCommandsTest {
  private record Result(int exit, String out) {}

  private static Result trellis(String stdin, String... args) {
    PrintStream old = System.out;
    InputStream oldIn = System.in;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
      rc = new CommandLine(new TrellisCommand()).execute(args);
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
}
