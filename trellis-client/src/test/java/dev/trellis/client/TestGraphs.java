package dev.trellis.client;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.server.TrellisServer;
import dev.trellis.server.auth.Authenticator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The graphs the client's tests run on a real server (in this JVM, on a fresh SQLite file, port 0):
 * {@code hello} (greet, sign; a custom event and a streamed model answer), {@code approval} (asks twice, then publishes),
 * {@code gate} (a custom event, then waits for {@link #GATE} to open, then another),
 * {@code fails} (a node that throws).
 */
public final class TestGraphs {
  public static final Key<String> NAME = Key.of("name", String.class);
  public static final Key<String> GREETING = Key.of("greeting", String.class);
  public static final Key<List<String>> STEPS = Key.appending("steps", String.class);
  public static final Key<String> APPROVED = Key.of("approved", String.class);

  /** Opened by a test to let the running {@code gate} graph finish; a new latch per test. */
  public static volatile CountDownLatch GATE = new CountDownLatch(1);

  private TestGraphs() {}

  public static StateGraph hello() {
    return StateGraph.of(Schema.of(NAME, GREETING, STEPS))
        .addNode("greet", (s, rt) -> {
          rt.write(Map.of("greeting", s.get(NAME)));
          var answer = rt.chatModel("fake-model", List.of(Map.of("role", "user", "content", "greet")));
          answer.write("Hel");
          answer.write("lo");
          answer.end(Map.of("type", "ai", "content", "Hello", "id", answer.messageId()));
          return Update.of(GREETING, "Hello, " + s.get(NAME) + "!", STEPS, List.of("greet"));
        })
        .addNode("sign", (s, rt) -> Update.of(GREETING, s.get(GREETING) + " (Trellis)", STEPS, List.of("sign")))
        .addSequence(StateGraph.START, "greet", "sign", StateGraph.END);
  }

  public static StateGraph approval() {
    return StateGraph.of(Schema.of(NAME, APPROVED, STEPS))
        .addNode("ask", (s, rt) -> {
          String first = rt.interrupt("publish " + s.get(NAME) + "?");
          String second = rt.interrupt("really?");
          return Update.of(APPROVED, first + "," + second, STEPS, List.of("ask"));
        })
        .addNode("publish", (s, rt) -> Update.of(STEPS, List.of("publish")))
        .addSequence(StateGraph.START, "ask", "publish", StateGraph.END);
  }

  public static StateGraph gate() {
    return StateGraph.of(Schema.of(NAME, STEPS))
        .addNode("wait", (s, rt) -> {
          rt.write("before");
          GATE.await();
          rt.write("after");
          return Update.of(STEPS, List.of("wait"));
        })
        .addSequence(StateGraph.START, "wait", StateGraph.END);
  }

  public static StateGraph fails() {
    return StateGraph.of(Schema.of(NAME))
        .addNode("boom", (s, rt) -> {
          throw new IllegalStateException("no " + s.get(NAME) + " here");
        })
        .addSequence(StateGraph.START, "boom", StateGraph.END);
  }

  /** A server with the test graphs on a new SQLite file, on port 0 of 127.0.0.1. */
  public static TrellisServer server() {
    return builder().start();
  }

  /** Like {@link #server()}, requiring {@code x-api-key} {@code key}. */
  public static TrellisServer server(String key) {
    return builder().authenticator(Authenticator.apiKeys(Map.of(key, "ada"))).start();
  }

  private static TrellisServer.Builder builder() {
    Path dir;
    try {
      dir = Files.createTempDirectory("trellis-client");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(dir.resolve("server.db"));
    Map<String, StateGraph> graphs = Map.of("hello", hello(), "approval", approval(), "gate", gate(), "fails", fails());
    graphs.forEach((id, g) -> b.graph(id, (saver, store) ->
        g.compile(CompileOptions.checkpointer(saver).withStore(store).withName(id))));
    return b;
  }

  public static TrellisClient client(TrellisServer server) {
    return TrellisClient.of("http://127.0.0.1:" + server.port());
  }
}
