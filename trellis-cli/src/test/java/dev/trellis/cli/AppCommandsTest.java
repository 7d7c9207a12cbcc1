package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.cli.spi.AppCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Applications' commands ({@link AppCommand}s on the class path, here this test's two) join
 * {@code trellis}: under a verb of their own, which becomes a command, or under {@code chat},
 * where their name takes over from the generic chat.
 */
class AppCommandsTest {
  /** {@code trellis hello world [--loud]}. */
  @Command(name = "world", description = "greets")
  public static final class Hello implements AppCommand, Callable<Integer> {
    @Option(names = "--loud", description = "shout")
    boolean loud;

    @Override
    public String parent() {
      return "hello";
    }

    @Override
    public Object command() {
      return new Hello();
    }

    @Override
    public Integer call() {
      System.out.println(loud ? "HELLO, WORLD" : "hello, world");
      return 0;
    }
  }

  /** {@code trellis chat echo}: an application's own chat for its graph "echo". */
  @Command(name = "echo", description = "echoes")
  public static final class EchoChat implements AppCommand, Callable<Integer> {
    @Override
    public String parent() {
      return CHAT;
    }

    @Override
    public Object command() {
      return new EchoChat();
    }

    @Override
    public Integer call() {
      System.out.println("echo's own chat");
      return 7;
    }
  }

  private record Result(int exit, String out, String err) {}

  private static Result trellis(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      rc = TrellisCommand.commandLine().execute(args);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    return new Result(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void anApplicationsOwnVerbBecomesACommand() {
    Result r = trellis("hello", "world", "--loud");
    assertEquals(0, r.exit(), r.err());
    assertEquals("HELLO, WORLD", r.out().strip());
  }

  @Test
  void anApplicationsVerbAloneListsItsCommands() {
    Result r = trellis("hello");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("world") && r.err().contains("greets"), r.err());
  }

  @Test
  void anApplicationsChatTakesOverItsGraphsName() {
    Result r = trellis("chat", "echo");
    assertEquals(7, r.exit(), r.err());
    assertEquals("echo's own chat", r.out().strip());
  }

  @Test
  void evalWithoutAnApplicationsEvalIsRefusedNamingWhatThereIs() {
    Result r = trellis("eval", "nope");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("no eval for \"nope\"; the apps with an eval: none on the class path"), r.err());
  }
}
