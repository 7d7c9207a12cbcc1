package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.TrellisServer;
import dev.trellis.server.auth.Identity;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attacks an ordinary client can make on the served approvals, each refused: pre-creating the
 * gate's approval id, approving a harmless approval of one's own and pointing the pending call
 * at it, and — with API keys on — reading or deciding another user's approvals or signing a
 * decision with another name, deciding one's own request, deciding an approval that names
 * another reviewer. Alice and Bob are users; Carol and Dave hold the reviewer permission.
 */
class ApprovalAttackHttpTest {
  TrellisServer server;
  KnowledgeGraph kg;
  Http alice;
  Http bob;
  Http carol;
  Http dave;

  @TempDir
  Path dir;

  @BeforeEach
  void start() throws Exception {
    Map<String, Identity> keys = Map.of("ka", Identity.of("alice"), "kb", Identity.of("bob"),
        "kc", new Identity("carol", Set.of(RrcRoutes.REVIEW_PERMISSION)),
        "kd", new Identity("dave", Set.of(RrcRoutes.REVIEW_PERMISSION)));
    server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(dir.resolve("server.db"))
        .authenticator(headers -> keys.get(headers.get("x-api-key")))
        .provider(new RrcProvider(app -> {
          kg = KnowledgeGraph.open(app.database());
          return new RrcDeps(new PlannerModel(), JdbcApprovals.open(app.database(), Clock.systemUTC()),
              Skills.open(app.database(), Clock.systemUTC()), kg, ToolBindings.bundled(), AgentConfigs.bundled(),
              Tracing.global(), Clock.systemUTC());
        }))
        .start();
    alice = new Http(server.port(), "ka");
    bob = new Http(server.port(), "kb");
    carol = new Http(server.port(), "kc");
    dave = new Http(server.port(), "kd");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static Map<String, Object> execute(Http who, String conv, String message) {
    Map<String, Object> body = new LinkedHashMap<>(Map.of("conversation_id", conv, "agent_type", "rule_37"));
    if (message != null) {
      body.put("message", message);
    }
    Http.Reply r = who.post("/execute", body);
    assertEquals(200, r.status(), r.text());
    return r.map();
  }

  @Test
  void aPreCreatedAndApprovedApprovalNeverLetsTheNextMutationRun() {
    String conv = UUID.randomUUID().toString();
    execute(alice, conv, "Hello.");
    // the old gate's id was a name-based UUID of the conversation and the planner's call id: guessable
    String guessed = UUID.nameUUIDFromBytes((conv + ":call_4_create_entity").getBytes(StandardCharsets.UTF_8)).toString();
    Http.Reply chosen = alice.post("/approvals", Map.of("approval_id", guessed, "conversation_id", conv,
        "checkpoint_type", "newsletter_signoff"));
    assertEquals(422, chosen.status(), chosen.text());
    assertTrue(chosen.map().get("detail").toString().contains("approval_id"), chosen.text());
    assertEquals(404, alice.get("/approvals/" + guessed).status(), "nothing was created under it");
    Http.Reply harmless = alice.post("/approvals", Map.of("conversation_id", conv, "checkpoint_type", "newsletter_signoff"));
    assertEquals(201, harmless.status(), harmless.text());
    String own = (String) harmless.map().get("approval_id");
    assertEquals(200, carol.post("/approvals/" + own + "/decision", Map.of("decision", "approved")).status());

    Map<String, Object> gated = execute(alice, conv, "Create operator Mallory Holdings.");
    assertEquals("awaiting_hitl", gated.get("status"));
    String gate = (String) gated.get("hitl_approval_id");
    assertNotEquals(own, gate, "the gate asks under an id of its own");
    assertNotEquals(guessed, gate);
    assertEquals("pending", alice.get("/approvals/" + gate).map().get("status"));

    // point the frozen call at the approved harmless approval, through the thread's state
    Map<String, Object> pm = new LinkedHashMap<>((Map<String, Object>) gated.get("pending_mutation"));
    pm.put("approval_id", own);
    pm.put("status", "approved");
    Http.Reply tampered = alice.post("/threads/" + conv + "/state", Map.of("values", Map.of("pending_mutation", pm)));
    assertEquals(200, tampered.status(), tampered.text());
    Map<String, Object> resumed = execute(alice, conv, null);
    assertEquals("awaiting_hitl", resumed.get("status"));
    assertTrue(String.valueOf(resumed.get("error")).contains("does not authorise"), String.valueOf(resumed.get("error")));
    assertEquals(0, kg.countNamed("Mallory Holdings"), "no reviewer saw it, so it did not run");
  }

  @Test
  void anotherUserCannotListReadCreateOrDecideAndTheReviewerIsTheAuthenticatedUser() {
    String conv = UUID.randomUUID().toString();
    Map<String, Object> gated = execute(alice, conv, "Create operator Lone Star Flaring LLC.");
    String id = (String) gated.get("hitl_approval_id");
    assertEquals(List.of(id), alice.get("/approvals").list().stream().map(a -> a.get("approval_id")).toList());

    assertEquals(List.of(), bob.get("/approvals").list(), "Bob lists none of Alice's approvals");
    Http.Reply read = bob.get("/approvals/" + id);
    assertEquals(404, read.status());
    assertEquals(404, bob.get("/approvals/" + UUID.randomUUID()).status(), "exactly as for an id that does not exist");
    assertEquals(404, bob.post("/approvals/" + id + "/decision", Map.of("decision", "approved")).status());
    assertEquals(404, bob.post("/approvals", Map.of("conversation_id", conv, "checkpoint_type", "manual")).status());
    assertEquals("pending", alice.get("/approvals/" + id).map().get("status"), "Bob's decision changed nothing");
    assertTrue(!read.text().contains("Lone Star"), "nor did Bob read the payload");

    Http.Reply forged = carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved", "reviewer", "dave"));
    assertEquals(422, forged.status(), "a decision is signed by who sends it");
    assertTrue(forged.map().get("detail").toString().contains("reviewer"), forged.text());

    assertEquals(List.of(id), carol.get("/approvals").list().stream().map(a -> a.get("approval_id")).toList(),
        "the reviewer role sees every conversation's approvals");
    Http.Reply decided = carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved", "comment", "ok"));
    assertEquals(200, decided.status(), decided.text());
    assertEquals("carol", decided.map().get("reviewer"));
    assertEquals("completed", execute(alice, conv, null).get("status"));
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void anApprovedMutationPutBackIntoTheStateRunsOnceAndTheReplySaysWhyNot() {
    String conv = UUID.randomUUID().toString();
    Map<String, Object> gated = execute(alice, conv, "Create operator Lone Star Flaring LLC.");
    String id = (String) gated.get("hitl_approval_id");
    assertEquals(200, carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved")).status());
    assertEquals("completed", execute(alice, conv, null).get("status"));
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"));

    Map<String, Object> pm = new LinkedHashMap<>((Map<String, Object>) gated.get("pending_mutation"));
    pm.put("status", "approved");
    Http.Reply replayed = alice.post("/threads/" + conv + "/state", Map.of("values", Map.of("pending_mutation", pm)));
    assertEquals(200, replayed.status(), replayed.text());
    List<Map<String, Object>> messages = (List<Map<String, Object>>) execute(alice, conv, null).get("messages");
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"), "the approval's single execution is spent");
    assertEquals(1, ((Number) carol.get("/approvals/" + id).map().get("executions")).intValue());
    String reply = String.valueOf(messages.getLast().get("content"));
    assertEquals("The creation of \"Lone Star Flaring LLC\" did not run: the approval does not authorise this call, "
        + "or its single execution is spent.", reply);
  }

  @Test
  void aWithdrawnOrReplacedChangeCannotBeApprovedAndOnlyAReviewerDecidesTheNewOne() {
    String conv = UUID.randomUUID().toString();
    String first = (String) execute(alice, conv, "Create operator Lone Star Flaring LLC.").get("hitl_approval_id");
    assertEquals("awaiting_hitl", execute(alice, conv, "what exactly will that create?").get("status"));
    assertEquals("pending", carol.get("/approvals/" + first).map().get("status"), "a question leaves it pending");
    assertEquals("completed", execute(alice, conv, "cancel it, please").get("status"));
    Http.Reply late = carol.post("/approvals/" + first + "/decision", Map.of("decision", "approved"));
    assertEquals(409, late.status(), late.text());
    assertTrue(late.map().get("detail").toString().contains("withdrawn"), late.text());
    assertEquals("withdrawn", carol.get("/approvals/" + first).map().get("status"));
    assertEquals(List.of(), carol.get("/approvals").list(), "no reviewer is asked any more");
    assertEquals(404, bob.post("/approvals/" + first + "/decision", Map.of("decision", "approved")).status());

    String second = (String) execute(alice, conv, "Create operator Lone Star Flaring LLC.").get("hitl_approval_id");
    String third = (String) execute(alice, conv, "make it Lone Star Flaring Inc instead").get("hitl_approval_id");
    assertNotEquals(second, third);
    assertEquals(409, carol.post("/approvals/" + second + "/decision", Map.of("decision", "approved")).status());
    assertEquals(404, bob.post("/approvals/" + third + "/decision", Map.of("decision", "approved")).status());
    assertEquals(403, alice.post("/approvals/" + third + "/decision", Map.of("decision", "approved")).status());
    assertEquals(200, carol.post("/approvals/" + third + "/decision", Map.of("decision", "approved")).status());
    assertEquals("completed", execute(alice, conv, null).get("status"));
    assertEquals(1, kg.countNamed("Lone Star Flaring Inc"));
    assertEquals(0, kg.countNamed("Lone Star Flaring LLC"));
  }

  @Test
  void aDecisionReplayedOrSentUnderAForgedIdIsRefusedWithAReason() {
    String conv = UUID.randomUUID().toString();
    String id = (String) execute(alice, conv, "Create operator Lone Star Flaring LLC.").get("hitl_approval_id");
    assertEquals(200, carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved")).status());
    for (Http who : List.of(carol, dave)) {
      for (String verdict : List.of("approved", "rejected")) {
        Http.Reply replayed = who.post("/approvals/" + id + "/decision", Map.of("decision", verdict));
        assertEquals(409, replayed.status(), replayed.text());
        assertEquals("approval " + id + " was already approved by carol: a decision is recorded once",
            replayed.map().get("detail"), replayed.text());
      }
    }
    assertEquals("carol", carol.get("/approvals/" + id).map().get("reviewer"), "the first decision stands");
    for (String forged : List.of(UUID.randomUUID().toString(), id.toUpperCase(java.util.Locale.ROOT), id + "0",
        "' OR '1'='1")) {
      Http.Reply r = carol.post("/approvals/" + java.net.URLEncoder.encode(forged, StandardCharsets.UTF_8)
          .replace("+", "%20") + "/decision", Map.of("decision", "approved"));
      assertEquals(404, r.status(), forged + ": " + r.text());
      assertTrue(r.map().get("detail").toString().contains("approval"), r.text());
    }
    assertEquals("completed", execute(alice, conv, null).get("status"));
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"), "it ran once");
  }

  @Test
  @SuppressWarnings("unchecked")
  void anotherUserCannotWithdrawAlicesWaitingChange() {
    String conv = UUID.randomUUID().toString();
    Map<String, Object> gated = execute(alice, conv, "Create operator Lone Star Flaring LLC.");
    String id = (String) gated.get("hitl_approval_id");
    // her conversation id names a conversation of his own, where nothing waits
    Map<String, Object> his = execute(bob, conv, "cancel that");
    assertEquals("completed", his.get("status"));
    List<Map<String, Object>> messages = (List<Map<String, Object>>) his.get("messages");
    assertEquals("Nothing is waiting for approval, so there is nothing to cancel.", messages.getLast().get("content"));
    Http.Reply state = bob.post("/threads/" + conv + "/state", Map.of("values", Map.of("pending_mutation",
        gated.get("pending_mutation"))));
    assertTrue(state.status() == 200 || state.status() >= 400, state.text());
    // his own conversation, with her frozen call and approval id put into its state, then "cancel that"
    String own = UUID.randomUUID().toString();
    execute(bob, own, "Hello.");
    Http.Reply planted = bob.post("/threads/" + own + "/state", Map.of("values", Map.of("pending_mutation",
        gated.get("pending_mutation"))));
    assertEquals(200, planted.status(), planted.text());
    Map<String, Object> tried = execute(bob, own, "cancel that");
    assertTrue(String.valueOf(tried.get("error")).contains("does not authorise"), String.valueOf(tried.get("error")));
    execute(bob, conv, "cancel that");
    assertEquals("pending", alice.get("/approvals/" + id).map().get("status"), "Bob withdrew nothing of Alice's");
    assertEquals(List.of(id), carol.get("/approvals").list().stream().map(a -> a.get("approval_id")).toList());
    assertEquals(200, carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved")).status());
    assertEquals("completed", execute(alice, conv, null).get("status"));
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"));
  }

  @Test
  void bobUsingAlicesConversationIdGetsAConversationOfHisOwn() {
    String conv = UUID.randomUUID().toString();
    String id = (String) execute(alice, conv, "Create operator Lone Star Flaring LLC.").get("hitl_approval_id");
    assertEquals(200, carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved")).status());
    Map<String, Object> his = execute(bob, conv, null);
    assertEquals("completed", his.get("status"), "Bob's conversation has no pending mutation of Alice's");
    assertEquals(0, kg.countNamed("Lone Star Flaring LLC"), "Alice's approved call is not run in Bob's conversation");
    assertEquals(0, ((Number) alice.get("/approvals/" + id).map().get("executions")).intValue());
  }

  @Test
  @SuppressWarnings("unchecked")
  void theReviewerSeesTheCallInTheReviewProtocolAndMayAnswerInIt() {
    String conv = UUID.randomUUID().toString();
    String id = (String) execute(alice, conv, "Create operator Lone Star Flaring LLC.").get("hitl_approval_id");
    Map<String, Object> payload = (Map<String, Object>) alice.get("/approvals/" + id).map().get("payload");
    Map<String, Object> action = ((List<Map<String, Object>>) payload.get("action_requests")).getFirst();
    assertEquals("create_entity", action.get("name"));
    assertEquals(Map.of("entity_type", "operator", "name", "Lone Star Flaring LLC"), action.get("args"));
    assertEquals(List.of("approve", "reject"),
        ((List<Map<String, Object>>) payload.get("review_configs")).getFirst().get("allowed_decisions"));
    Http.Reply edit = carol.post("/approvals/" + id + "/decision", Map.of("decisions", List.of(Map.of("type", "edit",
        "edited_action", Map.of("name", "create_entity", "args", Map.of("entity_type", "operator", "name", "Mallory"))))));
    assertEquals(422, edit.status(), "an approval authorises the call the reviewer saw, never an edited one");
    Http.Reply rejected = carol.post("/approvals/" + id + "/decision", Map.of("decisions",
        List.of(Map.of("type", "reject", "message", "duplicate of Caprock"))));
    assertEquals(200, rejected.status(), rejected.text());
    assertEquals("rejected", rejected.map().get("status"));
    assertEquals("duplicate of Caprock", rejected.map().get("comment"));
    assertEquals("carol", rejected.map().get("reviewer"));
  }

  @Test
  void theRequesterReadsButCannotDecideTheirOwnRequest() {
    String conv = UUID.randomUUID().toString();
    String id = (String) execute(alice, conv, "Create operator Lone Star Flaring LLC.").get("hitl_approval_id");
    assertEquals(200, alice.get("/approvals/" + id).status(), "the owner reads what is asked in her name");
    for (Map<String, Object> body : List.<Map<String, Object>>of(Map.of("decision", "approved"),
        Map.of("decisions", List.of(Map.of("type", "approve"))))) {
      Http.Reply self = alice.post("/approvals/" + id + "/decision", body);
      assertEquals(403, self.status(), self.text());
      assertEquals("FORBIDDEN", self.map().get("code"), self.text());
      assertTrue(self.map().get("detail").toString().contains("only a reviewer decides"), self.text());
    }
    assertEquals("pending", alice.get("/approvals/" + id).map().get("status"));
    assertEquals("awaiting_hitl", execute(alice, conv, null).get("status"), "her own approval opens nothing");
    assertEquals(0, kg.countNamed("Lone Star Flaring LLC"));
  }

  @Test
  void anApprovalThatNamesItsReviewerIsDecidedByThatReviewerAlone() {
    String conv = UUID.randomUUID().toString();
    Map<String, Object> body = new LinkedHashMap<>(Map.of("conversation_id", conv, "agent_type", "rule_37",
        "message", "Create operator Lone Star Flaring LLC.", "metadata", Map.of("reviewer_id", "dave")));
    Http.Reply gated = alice.post("/execute", body);
    assertEquals("awaiting_hitl", gated.map().get("status"), gated.text());
    String id = (String) gated.map().get("hitl_approval_id");
    assertEquals("dave", ((Map<?, ?>) dave.get("/approvals/" + id).map().get("payload")).get("reviewer_id"));
    Http.Reply other = carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved"));
    assertEquals(403, other.status(), "another reviewer may not decide what dave was asked: " + other.text());
    assertEquals("pending", dave.get("/approvals/" + id).map().get("status"));
    Http.Reply decided = dave.post("/approvals/" + id + "/decision", Map.of("decision", "approved"));
    assertEquals(200, decided.status(), decided.text());
    assertEquals("dave", decided.map().get("reviewer"));
    assertEquals("completed", execute(alice, conv, null).get("status"));
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"));
  }
}
