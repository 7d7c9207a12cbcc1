package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.TrellisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The seed's HTTP contract on a real Trellis server (port 0, SQLite), as {@code bin/trellis serve} runs it. */
class RrcHttpTest {
  Path dir;
  /** The knowledge graph of the running server (in its database). */
  KnowledgeGraph kg;
  TrellisServer server;
  Http http;

  @BeforeEach
  void start() throws Exception {
    dir = Files.createTempDirectory("rrc-http");
    server = start(dir);
  }

  TrellisServer start(Path dir) {
    TrellisServer s = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(dir.resolve("server.db"))
        .provider(new RrcProvider(app -> {
          kg = KnowledgeGraph.open(app.database());
          return new RrcDeps(new PlannerModel(), JdbcApprovals.open(app.database(), Clock.systemUTC()),
              Skills.open(app.database(), Clock.systemUTC()), kg, ToolBindings.bundled(), AgentConfigs.bundled(),
              Tracing.global(), Clock.systemUTC());
        }))
        .start();
    http = new Http(s.port());
    return s;
  }

  @AfterEach
  void stop() {
    server.close();
  }

  Map<String, Object> execute(String conv, String agent, String message, Object... extra) {
    Map<String, Object> body = new java.util.LinkedHashMap<>(Map.of("conversation_id", conv, "agent_type", agent));
    if (message != null) {
      body.put("message", message);
    }
    for (int i = 0; i < extra.length; i += 2) {
      body.put((String) extra[i], extra[i + 1]);
    }
    Http.Reply r = http.post("/execute", body);
    assertEquals(200, r.status(), r.text());
    return r.map();
  }

  @Test
  void rule37ExecutionPausesForApprovalAndTheNextExecutionFinishesTheFiling() {
    String conv = UUID.randomUUID().toString();
    Map<String, Object> first = execute(conv, "rule_37", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    assertEquals("awaiting_hitl", first.get("status"));
    String approval = (String) first.get("hitl_approval_id");
    List<Map<String, Object>> pending = http.get("/approvals").list();
    assertEquals(List.of(approval), pending.stream().map(a -> a.get("approval_id")).toList());
    assertEquals("pre_filing", http.get("/approvals/" + approval).map().get("checkpoint_type"));
    Http.Reply decided = http.post("/approvals/" + approval + "/decision",
        Map.of("decision", "approved", "reviewer", "carol", "comment", "ship it"));
    assertEquals(200, decided.status(), decided.text());
    assertEquals("approved", decided.map().get("status"));
    assertEquals(List.of(), http.get("/approvals").list());
    Map<String, Object> second = execute(conv, "rule_37", "Finalise the Rule 37 filing for Mitchell Ranch 1H.");
    assertEquals("completed", second.get("status"));
    assertTrue(Wire.lastAiText(HumanApprovalTest.messages(second)).contains("approved by carol"));
    List<Map<String, Object>> runs = http.get("/threads/" + conv + "/runs").list();
    assertEquals(2, runs.size(), "each execution is a run on the conversation's thread");
    assertTrue(runs.stream().allMatch(r -> "success".equals(r.get("status"))));
    assertEquals("completed", ((Map<?, ?>) http.get("/threads/" + conv + "/state").map().get("values")).get("status"));
  }

  @Test
  void streamSendsOneNodeEndFramePerNodeThenDone() {
    String conv = UUID.randomUUID().toString();
    List<Http.Frame> frames = http.stream("/conversations/" + conv + "/stream", Map.of("agent_type", "general",
        "message", "hello"));
    List<String> nodes = frames.stream().filter(f -> f.event().equals("node_end")).map(f -> (String) f.data().get("node")).toList();
    assertEquals(List.of("system_prompt_node", "memory_node", "resume_guard", "initial_llm_call", "skill_select_node",
        "approval_node", "synthesis_llm_call", "output_format"), nodes);
    for (Http.Frame f : frames.subList(0, frames.size() - 1)) {
      assertEquals("node_end", f.event());
      assertEquals(List.of("event", "node", "data"), List.copyOf(f.data().keySet()), "the seed's key order");
      assertEquals("node_end", f.data().get("event"));
      Map<?, ?> data = (Map<?, ?>) f.data().get("data");
      assertTrue(data.containsKey("status") && data.containsKey("tokens_used"), data.toString());
    }
    Map<?, ?> llm = (Map<?, ?>) frames.get(3).data().get("data");
    assertEquals("running", llm.get("status"));
    assertTrue(((Number) llm.get("tokens_used")).intValue() > 0);
    assertEquals(List.of("role", "content"), List.copyOf(((Map<?, ?>) llm.get("message")).keySet()));
    assertEquals("assistant", ((Map<?, ?>) llm.get("message")).get("role"));
    Http.Frame done = frames.getLast();
    assertEquals("done", done.event());
    assertEquals(List.of("event", "data"), List.copyOf(done.data().keySet()));
    Map<?, ?> d = (Map<?, ?>) done.data().get("data");
    assertEquals(List.of("execution_id", "status", "tokens_used", "cost_usd"), List.copyOf(d.keySet()));
    assertEquals("completed", d.get("status"));
    assertEquals(llm.get("tokens_used"), d.get("tokens_used"));
  }

  @Test
  void badInputIsA4xxNamingTheCulpritAndStartsNothing() {
    Http.Reply r = http.post("/execute", Map.of("agent_type", "rule_99", "message", "hi"));
    assertEquals(422, r.status());
    assertTrue(r.map().get("detail").toString().contains("unknown \"agent_type\" rule_99"), r.text());
    assertEquals(422, http.post("/execute", Map.of("conversation_id", "not-a-uuid", "message", "hi")).status());
    assertEquals(422, http.post("/execute", Map.of("message", 42)).status());
    assertEquals(404, http.get("/approvals/nope").status());
    assertEquals(404, http.post("/approvals/nope/decision", Map.of("decision", "approved", "reviewer", "x")).status());
    assertEquals(404, http.post("/approvals", Map.of("conversation_id", "c", "checkpoint_type", "manual")).status(),
        "no such conversation");
    String conv = UUID.randomUUID().toString();
    execute(conv, "general", "hello");
    String id = (String) http.post("/approvals", Map.of("conversation_id", conv, "checkpoint_type", "manual")).map()
        .get("approval_id");
    assertEquals(422, http.post("/approvals/" + id + "/decision", Map.of("decision", "maybe", "reviewer", "x")).status());
    assertEquals(422, http.post("/approvals/" + id + "/decision", Map.of("decision", "approved")).status());
    assertEquals(200, http.post("/approvals/" + id + "/decision", Map.of("decision", "rejected", "reviewer", "x")).status());
    Http.Reply again = http.post("/approvals/" + id + "/decision", Map.of("decision", "approved", "reviewer", "y"));
    assertEquals(409, again.status());
    assertTrue(again.map().get("detail").toString().contains("already rejected"));
    assertEquals(422, http.get("/conversations/" + UUID.randomUUID() + "/stream").status());
  }

  @Test
  void withoutAuthAnApprovalThatNamesItsReviewerTakesOnlyThatReviewersName() {
    String conv = UUID.randomUUID().toString();
    Map<String, Object> gated = execute(conv, "rule_37", "Create operator Caprock Named Review LLC.", "metadata",
        Map.of("reviewer_id", "carol"));
    String id = (String) gated.get("hitl_approval_id");
    Http.Reply other = http.post("/approvals/" + id + "/decision", Map.of("decision", "approved", "reviewer", "mallory"));
    assertEquals(422, other.status(), other.text());
    assertTrue(other.map().get("detail").toString().contains("carol"), other.text());
    assertEquals("pending", http.get("/approvals/" + id).map().get("status"));
    assertEquals(200, http.post("/approvals/" + id + "/decision", Map.of("decision", "approved", "reviewer", "carol")).status());
  }

  @Test
  void everyBadRequestValueIsA422NamingItsFieldBeforeAnyRunExists() {
    String conv = UUID.randomUUID().toString();
    Map<String, Map<String, Object>> bad = new java.util.LinkedHashMap<>();
    bad.put("persona_key", Map.of("conversation_id", conv, "message", "hi", "metadata", Map.of("persona_key", "pirate")));
    bad.put("max_tokens", Map.of("conversation_id", conv, "message", "hi", "metadata", Map.of("max_tokens", "lots")));
    bad.put("max_tokens\" must be a positive", Map.of("conversation_id", conv, "message", "hi", "max_tokens", 0));
    bad.put("max_cost_usd", Map.of("conversation_id", conv, "message", "hi", "metadata", Map.of("max_cost_usd", -1)));
    bad.put("metadata.model", Map.of("conversation_id", conv, "message", "hi", "metadata", Map.of("model", 42)));
    bad.put("metadata\"", Map.of("conversation_id", conv, "message", "hi", "metadata", List.of()));
    bad.put("agent_type", Map.of("conversation_id", conv, "message", "hi", "agent_type", 37));
    bad.put("max_token", Map.of("conversation_id", conv, "message", "hi", "max_token", 10));
    bad.put("message", Map.of("agent_type", "rule_37"));
    bad.put("empty", Map.of());
    bad.forEach((field, body) -> {
      Http.Reply r = http.post("/execute", body);
      assertEquals(422, r.status(), field + ": " + r.text());
      assertTrue(r.map().get("detail").toString().contains(field), field + ": " + r.text());
    });
    assertEquals(422, http.get("/conversations/" + conv + "/stream?message=hi&max_tokens=abc").status());
    assertEquals(404, http.get("/threads/" + conv).status(), "no run, no thread was created");
  }

  @Test
  void limitsAtTheTopLevelAreHonouredLikeThoseInMetadata() {
    Map<String, Object> s = execute(UUID.randomUUID().toString(), "rule_37", "hello", "max_tokens", 12_345,
        "max_cost_usd", 1.5);
    assertEquals(12_345, s.get("max_tokens"));
    assertEquals(1.5, s.get("max_cost_usd"));
  }

  @Test
  void aStreamAttachedJustAfterTheExecutionFinishedReplaysItWhole() {
    String conv = UUID.randomUUID().toString();
    Map<String, Object> done = execute(conv, "general", "hello");
    List<Http.Frame> frames = http.stream("/conversations/" + conv + "/stream", Map.of());
    assertEquals(StreamJoinTest.NODES, frames.stream().filter(f -> f.event().equals("node_end"))
        .map(f -> f.data().get("node")).toList(), "every frame from the execution's first");
    assertEquals("done", frames.getLast().event());
    assertEquals(done.get("execution_id"), ((Map<?, ?>) frames.getLast().data().get("data")).get("execution_id"));
  }

  /** Turn 1 (the gate pauses), the approval, turn 2 — on this server, or on a new one (cold) when {@code restart}. */
  Map<String, Object> createAndApprove(String tenant, String operator, boolean restart) {
    String conv = UUID.randomUUID().toString();
    Map<String, Object> first = execute(conv, "rule_37", "Create operator " + operator + ".", "tenant_id", tenant);
    assertEquals("awaiting_hitl", first.get("status"));
    String approval = (String) first.get("hitl_approval_id");
    assertEquals(200, http.post("/approvals/" + approval + "/decision", Map.of("decision", "approved", "reviewer", "alice"))
        .status());
    if (restart) {
      server.close();
      server = start(dir);
    }
    Map<String, Object> second = execute(conv, "rule_37", null, "tenant_id", tenant);
    assertEquals("completed", second.get("status"), second.toString());
    assertEquals(1, ((Number) http.get("/approvals/" + approval).map().get("executions")).intValue(), "replayed once");
    String json = Msgs.json(second);
    for (String id : List.of(conv, approval, tenant, operator, (String) first.get("execution_id"),
        (String) second.get("execution_id"))) {
      json = json.replace(id, "<id>");
    }
    return Http.read(json.replaceAll("operator-[0-9a-f]{8}", "operator-<id>")
        .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<message id>"), Map.class);
  }

  @Test
  void warmAndColdResumeReachTheSameState() {
    Map<String, Object> warm = createAndApprove("tenant-w", "Alpha Flaring LLC", false);
    Map<String, Object> cold = createAndApprove("tenant-c", "Bravo Flaring LLC", true);
    assertEquals(warm, cold);
    assertEquals(1, kg.countNamed("Alpha Flaring LLC"));
    assertEquals(1, kg.countNamed("Bravo Flaring LLC"));
  }

  @Test
  void budgetBreachOverHttpEndsTheExecutionFailedWithItsWorkSaved() {
    String conv = UUID.randomUUID().toString();
    Map<String, Object> s = execute(conv, "rule_37", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H",
        "metadata", Map.of("max_tokens", 3_000));
    assertEquals("failed", s.get("status"));
    assertTrue(String.valueOf(s.get("error")).contains("tokens"), String.valueOf(s.get("error")));
    assertTrue(((Number) s.get("tokens_used")).intValue() <= 3_000, "never past the limit");
    assertTrue(HumanApprovalTest.messages(s).stream().anyMatch(m -> "entity_resolve".equals(m.get("name"))));
    assertEquals(150_000, execute(UUID.randomUUID().toString(), "rule_37", "hello").get("max_tokens"), "the YAML default");
  }

  @Test
  @SuppressWarnings("unchecked")
  void skillsOverHttpAreInjectedOncePerConversationAndTheLedgerIsInTheServersDatabase() {
    String conv = UUID.randomUUID().toString();
    execute(conv, "rule_32", "Prepare the Rule 32 flaring filing for Coyote Draw 4H");
    Map<String, Object> second = execute(conv, "rule_32", "Prepare the Rule 32 flaring filing for Coyote Draw 4H again");
    assertEquals(List.of("rrc_rule32"), second.get("injected_skill_ids"));
    long activations = HumanApprovalTest.messages(second).stream()
        .filter(m -> String.valueOf(m.get("content")).startsWith("=== Skill Activated: Rule 32 Flaring Authority ===")).count();
    assertEquals(1, activations);
    assertEquals(3, ((Map<String, Object>) second.get("active_skills")).get("rrc_rule32"));
  }
}
