package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code trellis chat GRAPH} with a graph that takes messages, as a user runs it (the built-in config, a SQLite file). */
class ChatCommandTest {
  /** One line of the in-process server's request log ("2026-…Z INFO  dev.trellis.server.requests - POST …"). */
  private static final java.util.regex.Pattern SERVER_LOG_LINE =
      java.util.regex.Pattern.compile("\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z +[A-Z]+ +dev\\.trellis\\.[^\\n]*\\n");

  private record Result(int exit, String out, String err) {}

  /** {@code trellis chat ...} over the built-in config with this checkout's examples. */
  private static Result trellis(String stdin, String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    InputStream oldIn = System.in;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--graphs", Path.of("..", "examples").toString()));
    int rc;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
      rc = TrellisCommand.commandLine().execute(all.toArray(String[]::new));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
      System.setIn(oldIn);
    }
    return new Result(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void chatWithTheDemoAgentPrintsItsStreamedAnswers(@TempDir Path dir) {
    Result r = trellis("Oslo\nLima\n/quit\n", "chat", "agent", "--db", dir.resolve("t.db").toString());
    assertEquals(0, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("agent> The weather tool says: sunny and 21°C in Oslo."), r.out());
    assertTrue(r.out().contains("agent> The weather tool says: sunny and 21°C in Lima."), r.out());
    assertTrue(r.out().contains("Continue with: trellis chat agent --thread "), r.out());
  }

  @Test
  void aChatContinuesItsThread(@TempDir Path dir) {
    String db = dir.resolve("t.db").toString();
    assertEquals(0, trellis("Oslo\n", "chat", "agent", "--db", db, "--thread", "t-1").exit());
    Result r = trellis("Lima\n", "chat", "agent", "--db", db, "--thread", "t-1");
    assertEquals(0, r.exit(), r.out() + r.err());
    try (var store = dev.trellis.sqlite.SqliteStore.open(Path.of(db))) {
      var saver = new dev.trellis.checkpoint.jdbc.JdbcSaver(store.database(), new dev.trellis.checkpoint.serde.JacksonSerde());
      List<?> messages = (List<?>) DemoAgent.build(dev.trellis.graph.CompileOptions.checkpointer(saver))
          .getState(dev.trellis.graph.RunConfig.thread("t-1")).values().get("messages");
      assertEquals(8, messages.size(), messages.toString()); // two turns of human, tool call, tool result, answer
    }
  }

  @Test
  void withUrlTheChatTalksToTheAssistantOnARunningServer(@TempDir Path dir) throws Exception {
    try (dev.trellis.server.TrellisServer server = dev.trellis.server.TrellisServer.builder().host("127.0.0.1").port(0)
        .sqlite(dir.resolve("served.db"))
        .graph("agent", (saver, store) -> DemoAgent.build(dev.trellis.graph.CompileOptions.checkpointer(saver).withStore(store)))
        .start()) {
      String url = "http://127.0.0.1:" + server.port();
      String thread = java.util.UUID.randomUUID().toString();
      Result refused = trellis("Oslo\n", "chat", "agent", "--url", url, "--thread", "not-a-uuid");
      assertEquals(0, refused.exit(), refused.out() + refused.err());
      // the server runs in this JVM: its request log lines land in the captured output, even between two tokens
      String refusedOut = SERVER_LOG_LINE.matcher(refused.out()).replaceAll("");
      assertTrue(refusedOut.contains("[the run failed: ") && refusedOut.contains("must be a UUID"),
          "the server's reason is shown and the chat goes on: " + refused.out());
      Result r = trellis("Oslo\nWhat's the weather in Lima?\n", "chat", "agent", "--url", url, "--thread", thread);
      assertEquals(0, r.exit(), r.out() + r.err());
      String out = SERVER_LOG_LINE.matcher(r.out()).replaceAll("");
      assertTrue(out.contains("agent> The weather tool says: sunny and 21°C in Oslo."), r.out());
      assertTrue(out.contains("agent> The weather tool says: sunny and 21°C in Lima."), r.out());
      assertTrue(out.contains("Continue with: trellis chat agent --url " + url + " --thread " + thread), r.out());
      List<?> messages = (List<?>) dev.trellis.client.TrellisClient.of(url).threads().getState(thread).values()
          .get("messages");
      assertEquals(8, messages.size(), "both turns ran on the server's thread: " + messages);
      Result missing = trellis("", "chat", "nope", "--url", url);
      assertEquals(2, missing.exit(), missing.out());
      assertTrue(missing.err().contains("no assistant \"nope\" at " + url), missing.err());
    }
  }

  @Test
  void aGraphWithoutMessagesIsRefusedNamingItsInputKeys(@TempDir Path dir) {
    Result r = trellis("", "chat", "chain", "--db", dir.resolve("t.db").toString());
    assertEquals(2, r.exit(), r.out());
    assertTrue(r.err().contains("graph \"chain\" takes no messages (its input keys: "), r.err());
  }

  @Test
  void anUnknownGraphIsRefusedNamingTheGraphs(@TempDir Path dir) {
    Result r = trellis("", "chat", "nope", "--db", dir.resolve("t.db").toString());
    assertEquals(2, r.exit(), r.out());
    assertTrue(r.err().contains("no graph \"nope\" (graphs: agent, approval, chain"), r.err());
  }
}
