package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.graph.CompileOptions;
import dev.trellis.langchain4j.LangChain4jChatModel;
import dev.trellis.server.TrellisServer;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Turns with a model configured, through the server's HTTP API, against a local OpenAI
 * chat-completions server that records the request bodies: preflight's classifier asks for
 * structured output, empathy and the navigator go to the model, the navigator's tokens
 * stream; a turn whose navigator fails after booking is resumed and books once.
 */
class ModelPathTest {
  static FakeChatServer model;
  static NeuraDeps deps;
  static TrellisServer server;
  static Http http;

  @BeforeAll
  static void start() throws Exception {
    model = new FakeChatServer();
    deps = NeuraDeps.bundled().withModel(LangChain4jChatModel.openAi(model.baseUrl(), "m", "none")).withClock(ChatTurns.CLOCK)
        .withTool("session_narrative", args -> {
          throw new IllegalStateException("narrative store down");
        });
    server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(Files.createTempDirectory("neura-model").resolve("neura.db"))
        .graph("neura", (saver, store) -> NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store), deps))
        .start();
    http = new Http(server.port());
  }

  @AfterAll
  static void stop() {
    server.close();
    model.close();
  }

  @Test
  void preflightEmpathyAndNavigatorGoToTheModelAndTheNavigatorsTokensStreamUnderTheStoredReplysId() throws Exception {
    model.bodies.clear();
    String thread = NeuraTurn.serverThreadId("model-1");
    http.post("/threads", Map.of("thread_id", thread));
    Http.Reply r = http.post("/threads/" + thread + "/runs/stream", Map.of("assistant_id", "neura",
        "input", Map.of("message", "insomnia and anxiety", "patient_id", "pat-1"),
        "stream_mode", List.of("messages-tuple", "values")));
    assertEquals(200, r.status(), r.text());
    StringBuilder tokens = new StringBuilder();
    java.util.Set<Object> tokenIds = new java.util.HashSet<>();
    Map<?, ?> last = null;
    for (Http.Event e : Http.events(r.text())) {
      if (e.name().equals("messages") && e.data() instanceof List<?> tuple
          && "navigator".equals(((Map<?, ?>) tuple.get(1)).get("langgraph_node"))) {
        tokens.append(((Map<?, ?>) tuple.get(0)).get("content"));
        tokenIds.add(((Map<?, ?>) tuple.get(0)).get("id"));
      } else if (e.name().equals("values")) {
        last = (Map<?, ?>) e.data();
      }
    }
    assertEquals("Dr. Ruiz fits well.", tokens.toString());
    assertEquals("Dr. Ruiz fits well.", last.get("response"));
    List<?> stored = (List<?>) last.get("messages");
    Map<?, ?> reply = (Map<?, ?>) stored.getLast();
    assertEquals(java.util.Set.of(reply.get("id")), tokenIds, "one id for the streamed tokens and the stored reply");
    assertEquals(FakeChatServer.EMPATHY, last.get("empathy_note"));
    assertEquals(4, model.bodies.size(), "the safety classifier's judge, the injection check, empathy, navigator");
    JsonNode judge = model.structured("Judgement").getFirst();
    assertTrue(judge.path("messages").get(1).path("content").asText().endsWith("insomnia and anxiety"), judge.toString());

    JsonNode classifier = model.structured("SafetyVerdict").getFirst();
    JsonNode schema = classifier.path("response_format").path("json_schema");
    assertEquals("SafetyVerdict", schema.path("name").asText(), classifier.toString());
    assertEquals("insomnia and anxiety", classifier.path("messages").get(1).path("content").asText());

    JsonNode nav = model.streamed().getFirst();
    String prompt = nav.path("messages").get(0).path("content").asText();
    assertTrue(prompt.contains(FakeChatServer.EMPATHY), prompt);
    assertTrue(prompt.contains("DEGRADED: session_narrative"), prompt);
    assertTrue(prompt.contains("prov-ana"), prompt);
    assertTrue(prompt.contains("intent: concern") && prompt.contains("best fit: Dr. Ana Ruiz"),
        "the offline reading goes into the prompt: " + prompt);
    assertEquals("insomnia and anxiety", nav.path("messages").get(1).path("content").asText());
  }

  @Test
  void theModelAsTheSafetyClassifiersJudgeWidensWhatTheLexiconsLetThrough() {
    Map<String, Object> s = http.turn("neura", "model-judge-1", Map.of("message",
        "my week has been long [judge:indirect_ideation]", "patient_id", "pat-1"));
    assertEquals("risk", s.get("safety_reason"));
    assertEquals(List.of("preflight", "safety_intervention", "finalize"), s.get("completed_stages"));
    Map<String, Object> calm = http.turn("neura", "model-judge-2", Map.of("message", "my week has been long [judge:none]",
        "patient_id", "pat-1"));
    assertEquals(false, calm.get("safety_hijacked"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void aTurnResumedAfterTheModelFailedPastTheBookingBooksOnce() {
    String thread = NeuraTurn.serverThreadId("model-book-1");
    http.post("/threads", Map.of("thread_id", thread));
    model.failStreams.set(1);
    Http.Reply failed = http.post("/threads/" + thread + "/runs/wait", Map.of("assistant_id", "neura", "input",
        Map.of("message", "please book an appointment, my insomnia is bad", "patient_id", "pat-2",
            "turn_id", "model-book-1")));
    assertTrue(failed.text().contains("__error__") || failed.status() >= 400, failed.text());
    // the columns the state's booking carries (the turn's key stays in the table)
    List<Map<String, Object>> booked = deps.data().query("SELECT ref, patient_id, provider_id, n, status, moved_to, "
        + "session_date, session_time FROM neura_bookings WHERE patient_id = 'pat-2'");
    assertEquals(1, booked.size(), "the navigator booked before the model failed");

    Http.Reply resumed = http.post("/threads/" + thread + "/runs/wait", Map.of("assistant_id", "neura"));
    assertEquals(200, resumed.status(), resumed.text());
    Map<String, Object> state = resumed.map();
    assertFalse(state.containsKey("__error__"), resumed.text());
    assertEquals(List.of("preflight", "assembly_gate", "context_assembly", "empathy", "context_format", "navigator",
        "finalize"), state.get("completed_stages"), "the resumed run starts at the navigator");
    assertEquals(booked.getFirst(), ((Map<String, Object>) state.get("booking")));
    assertEquals(1, deps.data().query("SELECT * FROM neura_bookings WHERE patient_id = 'pat-2'").size(), "booked once");
  }

  private static String status(String patient, String seq) {
    return (String) deps.data().query("SELECT status FROM neura_bookings WHERE patient_id = ? AND ref = ?", patient, seq)
        .getFirst().get("status");
  }

  @Test
  void aYesToTheModelsOwnWordingConfirmsTheCancelTheNavigatorAskedFor() {
    Map<String, Object> booked = http.turn("neura", "model-cancel-1", Map.of("message", "please book me with Dia Larsen",
        "patient_id", "pat-3"));
    String seq = (String) ((Map<?, ?>) booked.get("booking")).get("ref");
    Map<String, Object> asked = http.turn("neura", "model-cancel-1", Map.of("message", "please cancel my session with Dia",
        "patient_id", "pat-3"));
    assertEquals("Dr. Ruiz fits well.", asked.get("response"), "the model's words, not the navigator's question");
    assertEquals("booked", status("pat-3", seq), "nothing cancelled before the yes");
    Map<String, Object> done = http.turn("neura", "model-cancel-1", Map.of("message", "yes please", "patient_id", "pat-3"));
    assertTrue(((String) done.get("response")).endsWith("I've cancelled your session (booking #" + seq + ")."),
        (String) done.get("response"));
    assertEquals("cancelled", status("pat-3", seq));
  }

  @Test
  @SuppressWarnings("unchecked")
  void aYesToTheModelsOwnWordingMovesTheSessionToTheDayAndTimeAsked() {
    Map<String, Object> booked = http.turn("neura", "model-move-1", Map.of("message", "please book me with Dia Larsen",
        "patient_id", "pat-1"));
    String seq = (String) ((Map<?, ?>) booked.get("booking")).get("ref");
    http.turn("neura", "model-move-1", Map.of("message", "can I move my session with Dia to friday at 2?", "patient_id",
        "pat-1"));
    Map<String, Object> done = http.turn("neura", "model-move-1", Map.of("message", "sure", "patient_id", "pat-1"));
    assertTrue(((String) done.get("response")).endsWith("I've moved your session (booking #" + seq + ") to Friday 4 "
        + "December at 2 pm."), (String) done.get("response"));
    Map<String, Object> row = deps.data().query("SELECT * FROM neura_bookings WHERE patient_id = 'pat-1' AND ref = ?", seq)
        .getFirst();
    assertEquals("2026-12-04", row.get("session_date"));
    assertEquals("14:00", row.get("session_time"));
    String prompt = model.streamed().getLast().path("messages").get(0).path("content").asText();
    assertTrue(prompt.contains("moved this turn: booking #" + seq + " to Friday 4 December at 2 pm"), prompt);
  }

  @Test
  void aSecondBookingWithTheSameTherapistOnTheThreadSaysTheTimeStoredNotTheOneAsked() {
    http.turn("neura", "model-twice-1", Map.of("message", "can I see Dia thursday at 3?", "patient_id", "pat-3"));
    Map<String, Object> first = http.turn("neura", "model-twice-1", Map.of("message", "yes", "patient_id", "pat-3"));
    String seq = (String) ((Map<?, ?>) first.get("booking")).get("ref");
    assertTrue(((String) first.get("response")).endsWith("I've booked you with Dia Larsen on Thursday 3 December at 3 pm "
        + "(booking #" + seq + ")."), (String) first.get("response"));
    http.turn("neura", "model-twice-1", Map.of("message", "can I see Dia friday at 4?", "patient_id", "pat-3"));
    Map<String, Object> second = http.turn("neura", "model-twice-1", Map.of("message", "yes", "patient_id", "pat-3"));
    String r = (String) second.get("response");
    assertFalse(r.contains("I've booked you with Dia Larsen on Friday"), "the row kept Thursday: " + r);
    assertTrue(r.contains("You're already booked with Dia Larsen on Thursday 3 December at 3 pm (booking #" + seq + ")"), r);
    assertEquals("15:00", deps.data().query("SELECT * FROM neura_bookings WHERE patient_id = 'pat-3' AND ref = ?", seq)
        .getFirst().get("session_time"));
    assertTrue(deps.data().query("SELECT * FROM neura_bookings WHERE patient_id = 'pat-3' AND session_date = '2026-12-04'")
        .isEmpty(), "nothing booked on Friday");
  }
}
