package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.core.CompiledGraph;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.graph.CompileOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The request sequence LangChain's agent-chat-ui sends through {@code useStream}, replayed
 * byte for byte: create a thread with empty metadata, stream a run of the human message (as
 * content blocks, with the hook's stream modes), list threads by the graph id (or the assistant
 * id, when the UI is pointed at an assistant UUID), load the thread's history.
 */
class AgentChatUiTest {
  /** A chat agent that answers "You said: ..." (the offline stand-in for the UI's default agent). */
  static Agent.Builder echo() {
    return Agent.builder(new ScriptedChatModel(req -> Message.ai("You said: " + req.messages().getLast().text())));
  }

  static TrellisServer server(String file) {
    return TrellisServer.builder().port(0).host("127.0.0.1").sqlite(TestServers.tempDir().resolve(file))
        .graph("agent", (saver, store) -> echo().compile(CompileOptions.checkpointer(saver).withStore(store)))
        .start();
  }

  /** What {@code handleSubmit} passes to {@code stream.submit}: the human message as text content blocks. */
  static Map<String, Object> humanMessage(String text) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", UUID.randomUUID().toString());
    m.put("type", "human");
    m.put("content", List.of(Map.of("type", "text", "text", text)));
    return m;
  }

  /** The body {@code useStream} sends to {@code POST /threads/{id}/runs/stream} (client.runs.stream drops undefined fields). */
  static Map<String, Object> streamBody(String assistantId, Map<String, Object> input) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("input", input);
    b.put("stream_mode", List.of("values", "messages-tuple"));
    b.put("stream_subgraphs", true);
    b.put("stream_resumable", true);
    b.put("on_disconnect", "continue");
    b.put("assistant_id", assistantId);
    return b;
  }

  /** Sends one UI turn on a new thread; returns the thread id after checking the streamed answer. */
  static String chat(HttpClientHelper http, String assistantId, Map<String, Object> input) {
    HttpClientHelper.Reply created = http.call("POST", "/threads", Map.of("metadata", Map.of()));
    assertEquals(200, created.status(), created.text());
    String thread = created.get("thread_id");
    HttpClientHelper.Reply run = http.call("POST", "/threads/" + thread + "/runs/stream", streamBody(assistantId, input));
    assertEquals(200, run.status(), run.text());
    List<Object> values = HttpClientHelper.data(run.text(), "values");
    List<?> messages = (List<?>) ((Map<?, ?>) values.getLast()).get("messages");
    assertEquals("You said: hello", ((Map<?, ?>) messages.getLast()).get("content"), run.text());
    assertTrue(HttpClientHelper.data(run.text(), "error").isEmpty(), run.text());
    return thread;
  }

  static List<String> search(HttpClientHelper http, Map<String, Object> metadata) {
    HttpClientHelper.Reply r = http.call("POST", "/threads/search", Map.of("metadata", metadata, "limit", 100));
    assertEquals(200, r.status(), r.text());
    return ThreadSearchTest.ids(r);
  }

  @Test
  void threadListShowsTheThreadsTheUiCreatedOnItsGraph() {
    try (TrellisServer server = server("ui-graph.db")) {
      HttpClientHelper http = new HttpClientHelper(server);
      assertEquals(List.of(), search(http, Map.of("graph_id", "agent")));
      String first = chat(http, "agent", Map.of("messages", List.of(humanMessage("hello"))));
      String second = chat(http, "agent", Map.of("messages", List.of(humanMessage("hello"))));

      assertEquals(List.of(second, first), search(http, Map.of("graph_id", "agent")));
      HttpClientHelper.Reply history = http.call("POST", "/threads/" + first + "/history", Map.of("limit", 1000));
      assertEquals(200, history.status(), history.text());
      Map<?, ?> head = (Map<?, ?>) history.list().getFirst();
      assertEquals(2, ((List<?>) ((Map<?, ?>) head.get("values")).get("messages")).size(), history.text());
    }
  }

  @Test
  void threadListByAssistantIdShowsTheThreadsRunWithThatAssistant() {
    try (TrellisServer server = server("ui-assistant.db")) {
      HttpClientHelper http = new HttpClientHelper(server);
      String assistant = http.call("POST", "/assistants", Map.of("graph_id", "agent")).get("assistant_id");
      String viaAssistant = chat(http, assistant, Map.of("messages", List.of(humanMessage("hello"))));
      chat(http, "agent", Map.of("messages", List.of(humanMessage("hello"))));

      assertEquals(List.of(viaAssistant), search(http, Map.of("assistant_id", assistant)));
    }
  }

  @Test
  void inputKeysTheGraphDoesNotDeclareAreDroppedAndNamedInTheRunMetadataAndTheLog() {
    try (TrellisServer server = server("ui-extra.db");
         LogCapture log = new LogCapture("dev.trellis.server.requests", Level.INFO)) {
      HttpClientHelper http = new HttpClientHelper(server);
      // agent-chat-ui adds the open artifact's context next to the messages.
      Map<String, Object> input = new LinkedHashMap<>();
      input.put("messages", List.of(humanMessage("hello")));
      input.put("context", Map.of("artifact", "draft"));
      input.put("ui_theme", "dark");
      String thread = chat(http, "agent", input);

      Map<?, ?> run = (Map<?, ?>) http.call("GET", "/threads/" + thread + "/runs", null).list().getFirst();
      assertEquals(List.of("context", "ui_theme"), ((Map<?, ?>) run.get("metadata")).get("dropped_input_keys"));
      assertEquals(java.util.Set.of("messages"), ((Map<?, ?>) ((Map<?, ?>) run.get("kwargs")).get("input")).keySet());
      Map<?, ?> values = (Map<?, ?>) http.call("GET", "/threads/" + thread + "/state", null).map().get("values");
      assertNull(values.get("context"));
      assertTrue(log.lines().stream().anyMatch(l -> l.contains("/runs/stream 200") && l.contains("dropped_input_keys=context,ui_theme")),
          log.lines().toString());

      String plain = chat(http, "agent", Map.of("messages", List.of(humanMessage("hello"))));
      Map<?, ?> plainRun = (Map<?, ?>) http.call("GET", "/threads/" + plain + "/runs", null).list().getFirst();
      assertFalse(((Map<?, ?>) plainRun.get("metadata")).containsKey("dropped_input_keys"));
    }
  }

  @Test
  void theJavaApiStillRejectsAnUnknownInputKey() {
    CompiledGraph graph = echo().compile(CompileOptions.DEFAULT);
    InvalidUpdateException e = assertThrows(InvalidUpdateException.class,
        () -> graph.invoke(Map.of("messages", List.of(Message.human("hello")), "context", Map.of())));
    assertTrue(e.getMessage().contains("context"), e.getMessage());
  }
}
