package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the official JS client reads off the wire (src/test/js/wire-sdk-test.mjs): message ids
 * and steps in {@code messages-tuple}, chat-model and tool events, debug checkpoints,
 * keep-alives it does not turn into chunks, and {@code threads.joinStream} across runs.
 */
class WireSdkTest {
  /** How long the slow graph's node works: several keep-alive intervals. */
  static final Duration KEEP_ALIVE = Duration.ofMillis(150);

  static final Key<String> DONE = Key.of("done", String.class);

  /** Calls the weather tool for the city the user names, then answers from the tool's result. */
  static Message.Ai script(dev.trellis.agent.model.ChatRequest req) {
    Message last = req.messages().getLast();
    if (last instanceof Message.Tool t) {
      return Message.ai("It is " + t.text() + ".");
    }
    return new Message.Ai(null, "", List.of(new Message.ToolCall("call-1", "weather", Map.of("city", last.text()))),
        null);
  }

  static TrellisServer server() {
    Tool weather = Tool.of(new ToolSpec("weather", "weather in a city", Map.of("type", "object", "properties",
        Map.of("city", Map.of("type", "string")))), (a, ctx) -> "sunny in " + a.get("city"));
    StateGraph slow = StateGraph.of(Schema.of(DONE));
    slow.addNode("work", (s, rt) -> {
      Thread.sleep(KEEP_ALIVE.toMillis() * 4); // the graph is quiet for several keep-alive intervals
      return Update.of(DONE, "yes");
    });
    slow.addEdge(StateGraph.START, "work");
    StateGraph echo = StateGraph.of(Schema.of(Messages.KEY));
    echo.addNode("echo", (s, rt) -> { // returns the whole conversation plus its answer, as some nodes do
      List<Message> all = new java.util.ArrayList<>(s.get(Messages.KEY));
      all.add(Message.ai("echo: " + all.getLast().text()));
      return Update.of(Messages.KEY, all);
    });
    echo.addEdge(StateGraph.START, "echo");
    return TrellisServer.builder().port(0).host("127.0.0.1").sqlite(TestServers.tempDir().resolve("wire.db"))
        .keepAlive(KEEP_ALIVE)
        .graph("agent", (saver, store) -> Agent.builder(new ScriptedChatModel(WireSdkTest::script)).tools(weather)
            .compile(CompileOptions.checkpointer(saver).withStore(store)))
        .graph("slow", (saver, store) -> slow.compile(CompileOptions.checkpointer(saver).withStore(store)))
        .graph("echo", (saver, store) -> echo.compile(CompileOptions.checkpointer(saver).withStore(store)))
        .start();
  }

  @Test
  void theJsClientSeesMessageIdsEventsCheckpointsKeepAlivesAndThreadStreams() throws Exception {
    SdkClientTest.npmCi();
    try (TrellisServer server = server()) {
      String out = SdkClientTest.node("wire-sdk-test.mjs", "http://127.0.0.1:" + server.port());
      for (String step : List.of("message-ids", "events", "debug-checkpoints", "keep-alive", "join-thread-stream")) {
        assertTrue(out.contains("ok " + step + "\n"), "step " + step + " missing:\n" + out);
      }
      assertTrue(out.contains("WIRE SDK OK"), out);
    }
  }
}
