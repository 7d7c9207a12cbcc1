package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An agent over the API: LangChain-shaped messages in and out, tokens on the messages-tuple stream. */
class MessagesStreamTest {

  static TrellisServer agentServer() {
    Tool weather = Tool.of(new ToolSpec("weather", "weather in a city", null), (a, ctx) -> "sunny in " + a.get("city"));
    return TrellisServer.builder().port(0).host("127.0.0.1").sqlite(TestServers.tempDir().resolve("agent.db"))
        .graph("agent", (saver, store) -> Agent.builder(new ScriptedChatModel(req ->
            req.messages().getLast() instanceof Message.Tool t
                ? new Message.Ai(null, "It is " + t.text() + ".", List.of(), null)
                : new Message.Ai(null, "", List.of(new Message.ToolCall("call-1", "weather",
                    Map.of("city", req.messages().getLast().text()))), null)))
            .tools(weather).compile(CompileOptions.checkpointer(saver).withStore(store)))
        .start();
  }

  static TrellisServer server;
  static HttpClientHelper http;

  @org.junit.jupiter.api.BeforeAll
  static void start() {
    server = agentServer();
    http = new HttpClientHelper(server);
  }

  @org.junit.jupiter.api.AfterAll
  static void stop() {
    server.close();
  }

  /** Streams the agent on a new thread with the user asking about {@code city}; returns the thread and the SSE body. */
  static String[] streamAgent(String city, Object modes) {
    String t = http.call("POST", "/threads", Map.of()).get("thread_id");
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs/stream", Map.of("assistant_id", "agent",
        "input", Map.of("messages", List.of(Map.of("role", "user", "content", city))), "stream_mode", modes));
    assertEquals(200, r.status());
    return new String[] {t, r.text()};
  }

  @Test
  void agentRunsStreamTokensAndSpeakLangChainMessages() throws Exception {
    String[] tr = streamAgent("Oslo", List.of("messages-tuple", "values"));
    String t = tr[0];
    StringBuilder tokens = new StringBuilder();
    List<String> tuples = new ArrayList<>();
    List<Map<?, ?>> values = new ArrayList<>();
    for (HttpClientHelper.Event e : HttpClientHelper.events(tr[1])) {
      if (e.name().equals("messages")) {
        List<?> tuple = (List<?>) e.data();
        Map<?, ?> chunk = (Map<?, ?>) tuple.get(0);
        Map<?, ?> meta = (Map<?, ?>) tuple.get(1);
        if ("AIMessageChunk".equals(chunk.get("type"))) {
          assertEquals("model", meta.get("langgraph_node"));
          tokens.append(chunk.get("content"));
        } else {
          tuples.add(chunk.get("type") + "@" + meta.get("langgraph_node") + ":" + chunk.get("content"));
        }
      } else if (e.name().equals("values")) {
        values.add((Map<?, ?>) e.data());
      }
    }
    assertEquals("It is sunny in Oslo.", tokens.toString());
    // Messages a node outputs without streaming them (the tool-calling turn, which had no text
    // to stream, and the tool's answer) come as whole tuples too, as in LangGraph.
    assertEquals(List.of("ai@model:", "tool@tools:sunny in Oslo"), tuples);
    List<?> messages = (List<?>) values.getLast().get("messages");
    assertEquals(List.of("human", "ai", "tool", "ai"), messages.stream().map(m -> ((Map<?, ?>) m).get("type")).toList());
    Map<?, ?> call = (Map<?, ?>) ((List<?>) ((Map<?, ?>) messages.get(1)).get("tool_calls")).getFirst();
    assertEquals(Map.of("name", "weather", "args", Map.of("city", "Oslo"), "id", "call-1", "type", "tool_call"), call);
    assertEquals("call-1", ((Map<?, ?>) messages.get(2)).get("tool_call_id"));
    assertTrue(((Map<?, ?>) messages.getFirst()).get("id") != null, "ids are assigned");
    Map<String, Object> state = http.call("GET", "/threads/" + t + "/state", null).map();
    assertEquals(4, ((List<?>) ((Map<?, ?>) state.get("values")).get("messages")).size(), "checkpointed messages read back");
  }

  @Test
  void eventsModeStreamsLangChainStyleEventsFromGraphStartToEnd() throws Exception {
    String sse = streamAgent("Rome", "events")[1];
    List<Map<?, ?>> events = HttpClientHelper.data(sse, "events").stream().<Map<?, ?>>map(o -> (Map<?, ?>) o).toList();
    String runId = (String) ((Map<?, ?>) HttpClientHelper.data(sse, "metadata").getFirst()).get("run_id");
    assertEquals("on_chain_start", events.getFirst().get("event"));
    assertEquals(runId, events.getFirst().get("run_id"));
    assertEquals("on_chain_end", events.getLast().get("event"));
    assertEquals(runId, events.getLast().get("run_id"));
    List<?> out = (List<?>) ((Map<?, ?>) ((Map<?, ?>) events.getLast().get("data")).get("output")).get("messages");
    assertEquals(4, out.size());
    assertTrue(events.stream().anyMatch(e -> "on_chain_start".equals(e.get("event")) && "tools".equals(e.get("name"))
        && List.of(runId).equals(e.get("parent_ids"))));
    StringBuilder tokens = new StringBuilder();
    events.stream().filter(e -> "on_chat_model_stream".equals(e.get("event")))
        .forEach(e -> tokens.append(((Map<?, ?>) ((Map<?, ?>) e.get("data")).get("chunk")).get("content")));
    assertEquals("It is sunny in Rome.", tokens.toString());
    assertTrue(HttpClientHelper.data(sse, "values").isEmpty(), "only the requested mode is sent");
  }

  @Test
  void deprecatedMessagesModeSendsMetadataPartialAndComplete() throws Exception {
    String sse = streamAgent("Paris", "messages")[1];
    List<Map<?, ?>> partial = new ArrayList<>();
    for (Object o : HttpClientHelper.data(sse, "messages/partial")) {
      partial.add((Map<?, ?>) ((List<?>) o).getFirst());
    }
    assertEquals("It is sunny in Paris.", partial.getLast().get("content"), "partials accumulate the text");
    List<Object> complete = HttpClientHelper.data(sse, "messages/complete");
    List<String> kinds = complete.stream().map(o -> String.valueOf(((Map<?, ?>) ((List<?>) o).getFirst()).get("type")))
        .toList();
    assertEquals(List.of("tool", "ai"), kinds.subList(kinds.size() - 2, kinds.size()));
    assertTrue(!HttpClientHelper.data(sse, "messages/metadata").isEmpty());
  }

  @Test
  void deprecatedMessagesCompleteComesAfterTheStepsValues() throws Exception {
    String sse = streamAgent("Lima", List.of("messages", "values"))[1];
    List<HttpClientHelper.Event> events = HttpClientHelper.events(sse);
    int toolComplete = -1;
    for (int i = 0; i < events.size(); i++) {
      if (events.get(i).name().equals("messages/complete")
          && "tool".equals(((Map<?, ?>) ((List<?>) events.get(i).data()).getFirst()).get("type"))) {
        toolComplete = i;
      }
    }
    assertTrue(toolComplete > 0, sse);
    HttpClientHelper.Event before = events.get(toolComplete - 1);
    HttpClientHelper.Event metadataOrValues = before.name().equals("messages/metadata") ? events.get(toolComplete - 2) : before;
    assertEquals("values", metadataOrValues.name(), "the tools step's values precede its messages/complete: " + sse);
    List<?> messages = (List<?>) ((Map<?, ?>) metadataOrValues.data()).get("messages");
    assertEquals("tool", ((Map<?, ?>) messages.getLast()).get("type"), "those values already hold the tool message");
  }
}
