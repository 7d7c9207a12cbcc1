package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.apps.opencouch.safety.CrisisRecord;
import dev.trellis.apps.opencouch.safety.JdbcCrisisLog;
import dev.trellis.server.TrellisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Scripted conversations through the HTTP API: the real server on port 0 over SQLite, with the providers {@code trellis serve} finds. */
class HttpConversationTest {
  static Path db;
  static TrellisServer server;
  static Http http;

  @BeforeAll
  static void start() throws Exception {
    db = Files.createTempDirectory("opencouch-http").resolve("trellis.db");
    server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(db)
        .graph(OpenCouch.ASSISTANT, new OpenCouchProvider())
        .graph(SessionEnd.ASSISTANT, new SessionEndProvider())
        .start();
    http = new Http(server.port());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> at(Map<String, Object> state, String key) {
    return (Map<String, Object>) state.get(key);
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> list(Map<String, Object> state, String key) {
    return (List<Map<String, Object>>) state.get(key);
  }

  @Test
  void crisisTurnGetsResourcesAndARecordInTheServersDatabase() {
    Map<String, Object> s = http.turn("http-crisis", "hc-1", "I have a plan to kill myself this weekend");
    assertEquals("crisis", at(s, "routing").get("route"));
    assertTrue(String.valueOf(at(s, "response").get("text")).contains("988"));
    List<CrisisRecord> records = JdbcCrisisLog.sqlite(db).forThread(Http.thread("hc-1"));
    assertEquals(1, records.size());
    assertEquals("imminent", records.getFirst().severity());
  }

  @Test
  void aConversationVisitsEveryModeInOneSession() {
    List<String> modes = List.of("supportive", "psychoeducation", "reflective", "clarifying", "guided_exercise",
        "guided_exercise", "closing");
    List<String> messages = List.of("I've had such a heavy week at work", "Why do I get so anxious before meetings?",
        "I always end up staying late, it's the same pattern every week", "idk", "can you walk me through a grounding exercise?",
        "done", "thanks, this really helped. I should go");
    Map<String, Object> s = null;
    for (int i = 0; i < messages.size(); i++) {
      s = http.turn("http-modes", "hm-1", messages.get(i));
      assertEquals(modes.get(i), at(s, "routing").get("mode"), messages.get(i));
    }
    assertEquals(2 * messages.size(), list(s, "transcript").size(), "each turn adds its two entries once");
    assertEquals(2 * messages.size(), list(s, "history").size());
  }

  @Test
  void memoryFromOneSessionIsRecalledInTheNextAfterSessionEnd() {
    http.turn("http-mem", "mem-1", "My partner Alex has been away for work and I live in Leeds");
    http.turn("http-mem", "mem-1", "I've been diagnosed with insomnia and it's wearing me down");
    Map<String, Object> end = http.run(SessionEnd.ASSISTANT, Http.thread("end-mem-1"),
        Map.of("input", Map.of("user_id", "http-mem", "session_id", "mem-1")));
    assertEquals(1, list(end, "committed").size(), "the held health fact is promoted");
    assertTrue(String.valueOf(end.get("summary")).contains("sleep"), String.valueOf(end.get("summary")));

    Map<String, Object> next = http.turn("http-mem", "mem-2", "I miss Alex, the house is quiet without my partner");
    Set<String> recalled = list(next, "working_memory").stream().map(e -> e.get("type") + ": " + e.get("text"))
        .collect(Collectors.toSet());
    assertTrue(recalled.contains("semantic: The user's partner is Alex."), recalled.toString());
    assertTrue(recalled.stream().anyMatch(r -> r.startsWith("episodic: ")), recalled.toString());
    assertTrue(String.valueOf(at(next, "response").get("text")).contains("your partner is Alex"));
  }

  @Test
  void memoryModeComesFromTheRunContext() {
    Map<String, Object> s = http.run("opencouch", Http.thread("ctx-1"), Map.of("input", Map.of("message",
        "My name is Quinn", "user_id", "http-off", "session_id", "ctx-1"), "context", Map.of("memory_mode", "off")));
    assertEquals("off", at(s, "diagnostics").get("memory_mode"));
    assertEquals("memory_off", at(s, "diagnostics").get("extract_facts_skipped"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void chatUiMessagesWorkAndTheReplyComesBackAsAnAiMessage() {
    Map<String, Object> s = http.run("opencouch", Http.thread("ui-1"), Map.of("input", Map.of("messages",
        List.of(Map.of("role", "user", "content", "I can't stop overthinking everything")))));
    List<Map<String, Object>> messages = (List<Map<String, Object>>) s.get("messages");
    assertEquals(List.of("human", "ai"), messages.stream().map(m -> m.get("type")).toList());
    assertEquals(at(s, "response").get("text"), messages.getLast().get("content"));
    assertEquals(1, list(s, "transcript").stream().filter(e -> "user".equals(e.get("role"))).count());
    assertEquals("anonymous:" + Http.thread("ui-1"), s.get("user_id"), "an unnamed user is one per thread");
  }

  @Test
  @SuppressWarnings("unchecked")
  void streamedReplyTokensAndTheStoredReplyAreOneMessageForChatUis() throws Exception {
    String thread = Http.thread("sse-1");
    Http.Reply r = http.post("/threads/" + thread + "/runs/stream", Map.of("assistant_id", "opencouch",
        "if_not_exists", "create", "stream_subgraphs", true, "stream_mode", List.of("messages-tuple", "values", "updates"),
        "input", Map.of("messages", List.of(Map.of("role", "user", "content", "work has been so stressful lately")))));
    assertEquals(200, r.status(), r.text());
    List<Http.Event> events = Http.events(r.text());
    Set<String> ids = events.stream().filter(e -> e.name().startsWith("messages") && e.data() instanceof List<?> l
            && !l.isEmpty() && l.getFirst() instanceof Map<?, ?> m && String.valueOf(m.get("type")).startsWith("AIMessage"))
        .map(e -> String.valueOf(((Map<String, Object>) ((List<Object>) e.data()).getFirst()).get("id")))
        .collect(Collectors.toSet());
    assertEquals(1, ids.size(), "every streamed token of the reply carries one id: " + ids);
    Map<String, Object> last = (Map<String, Object>) events.stream().filter(e -> e.name().equals("values")).reduce((a, b) -> b)
        .orElseThrow().data();
    List<Map<String, Object>> messages = (List<Map<String, Object>>) last.get("messages");
    assertEquals(ids.iterator().next(), messages.getLast().get("id"));
    assertTrue(events.stream().anyMatch(e -> e.name().startsWith("updates|")), "subgraph updates are namespaced");
  }

  @Test
  @SuppressWarnings("unchecked")
  void xrayDrawingShowsTheTherapeuticSubgraph() {
    Http.Reply r = http.get("/assistants/opencouch/graph?xray=true");
    assertEquals(200, r.status(), r.text());
    Set<String> nodes = ((List<Map<String, Object>>) r.map().get("nodes")).stream().map(n -> (String) n.get("id"))
        .collect(Collectors.toSet());
    assertTrue(nodes.containsAll(List.of("crisis_gate", "crisis_response", "crisis_log", "load_memory",
        "finalize_turn", "extract_semantic_facts", "extract_procedural_rules", "therapeutic:dispatcher",
        "therapeutic:supportive", "therapeutic:reflective", "therapeutic:clarifying", "therapeutic:psychoeducation",
        "therapeutic:guided_exercise", "therapeutic:closing")), nodes.toString());
    // as LangGraph's xray: the subgraph node gives way to its inner nodes
    assertFalse(nodes.contains("therapeutic"), nodes.toString());
    Set<String> edges = ((List<Map<String, Object>>) r.map().get("edges")).stream()
        .map(e -> e.get("source") + ">" + e.get("target")).collect(Collectors.toSet());
    assertTrue(edges.containsAll(List.of("crisis_gate>crisis_response", "crisis_gate>load_memory", "load_memory>therapeutic:dispatcher",
        "therapeutic:closing>finalize_turn",
        "therapeutic:dispatcher>therapeutic:closing", "finalize_turn>extract_semantic_facts")), edges.toString());
  }

  @Test
  void aTurnWithoutAMessageIsRejectedNamingTheInputs() {
    Http.Reply r = http.post("/threads/" + Http.thread("bad-1") + "/runs/wait", Map.of("assistant_id", "opencouch",
        "if_not_exists", "create", "input", Map.of("user_id", "x")));
    assertTrue(r.text().contains("\\\"message\\\"") || r.text().contains("\"message\""), r.text());
  }
}
