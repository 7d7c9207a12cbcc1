package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.TrellisServer;
import dev.trellis.server.auth.Identity;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reviewer's decision and the user's "cancel that" on the same waiting change, over HTTP: the
 * first of the two recorded on the approval wins. Approved first: the change runs (once), and the
 * cancel is told it was already approved and what the run did. Withdrawn first: nothing runs, and
 * the decision is a 409. Each order is driven inside the cancel turn itself (the reviewer's verdict recorded
 * just before, or just after, the withdrawal); fired together, no change is both withdrawn and applied. Alice is
 * the user, Carol the reviewer.
 */
class ApproveCancelRaceHttpTest {
  TrellisServer server;
  KnowledgeGraph kg;
  Http alice;
  Http carol;
  @TempDir
  Path dir;
  /** The verdict a reviewer records in the instant between the cancel turn reading "pending" and its withdrawal. */
  volatile String decidedMidTurn;
  /** The verdict a reviewer sends in the instant after the cancel turn's withdrawal, before the turn ends. */
  volatile String decidedAfterWithdrawal;
  /** The answer to {@link #decidedAfterWithdrawal}'s decision. */
  volatile Http.Reply lateDecision;

  @BeforeEach
  void start() throws Exception {
    Map<String, Identity> keys = Map.of("ka", Identity.of("alice"),
        "kc", new Identity("carol", Set.of(RrcRoutes.REVIEW_PERMISSION)));
    server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(dir.resolve("server.db"))
        .authenticator(headers -> keys.get(headers.get("x-api-key")))
        .provider(new RrcProvider(app -> {
          kg = KnowledgeGraph.open(app.database());
          return new RrcDeps(new PlannerModel(), midTurn(JdbcApprovals.open(app.database(), Clock.systemUTC())),
              Skills.open(app.database(), Clock.systemUTC()), kg, ToolBindings.bundled(), AgentConfigs.bundled(),
              Tracing.global(), Clock.systemUTC());
        }))
        .start();
    alice = new Http(server.port(), "ka");
    carol = new Http(server.port(), "kc");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /**
   * The approvals, with a reviewer's verdict recorded just before a withdrawal when {@link #decidedMidTurn} says so, or
   * sent just after it when {@link #decidedAfterWithdrawal} does.
   */
  ApprovalService midTurn(ApprovalService approvals) {
    return new ApprovalService() {
      @Override
      public Approval request(Approval.Subject subject, Map<String, Object> payload) {
        return approvals.request(subject, payload);
      }

      @Override
      public Approval create(Approval.Subject subject, Map<String, Object> payload) {
        return approvals.create(subject, payload);
      }

      @Override
      public java.util.Optional<Approval> get(String approvalId) {
        return approvals.get(approvalId);
      }

      @Override
      public Approval decide(String approvalId, String decision, String reviewer, String comment) {
        return approvals.decide(approvalId, decision, reviewer, comment);
      }

      @Override
      public boolean withdraw(String approvalId, Approval.Subject expected, String reason) {
        if (decidedMidTurn != null) {
          assertEquals(200, carol.post("/approvals/" + approvalId + "/decision", Map.of("decision", decidedMidTurn,
              "comment", "looks fine")).status());
        }
        boolean withdrawn = approvals.withdraw(approvalId, expected, reason);
        if (decidedAfterWithdrawal != null) {
          lateDecision = carol.post("/approvals/" + approvalId + "/decision", Map.of("decision", decidedAfterWithdrawal));
        }
        return withdrawn;
      }

      @Override
      public List<Approval> pending() {
        return approvals.pending();
      }

      @Override
      public boolean claimExecution(String approvalId, Approval.Subject expected) {
        return approvals.claimExecution(approvalId, expected);
      }
    };
  }

  @Test
  void aCancelWhoseTurnSawTheChangeWaitingButLostToTheApprovalRunsItOnceAndSaysSo() {
    String conv = UUID.randomUUID().toString();
    String id = gated(conv, "Lone Star Flaring LLC");
    decidedMidTurn = "approved";
    Map<String, Object> s = ApprovalAttackHttpTest.execute(alice, conv, "cancel that");
    decidedMidTurn = null;
    String reply = reply(s);
    assertTrue(reply.startsWith("Too late to withdraw it: carol had already approved creating operator "
        + "\"Lone Star Flaring LLC\" before your cancel arrived, so it ran. Created operator \"Lone Star Flaring LLC\" as "),
        reply);
    assertEquals("completed", s.get("status"));
    assertEquals(null, s.get("pending_mutation"));
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"));
    assertEquals(1, ((Number) carol.get("/approvals/" + id).map().get("executions")).intValue());
    ApprovalAttackHttpTest.execute(alice, conv, null);
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"), "the resume runs nothing again");
  }

  @Test
  void aCancelThatLostToARejectionSaysNothingWaitsAndNothingRuns() {
    String conv = UUID.randomUUID().toString();
    gated(conv, "Lone Star Flaring LLC");
    decidedMidTurn = "rejected";
    Map<String, Object> s = ApprovalAttackHttpTest.execute(alice, conv, "cancel that");
    decidedMidTurn = null;
    assertEquals("Nothing to withdraw: carol had already rejected creating operator \"Lone Star Flaring LLC\" "
        + "(\"looks fine\"), so it was not run and nothing waits any more.", reply(s));
    assertEquals("completed", s.get("status"));
    assertEquals(null, s.get("pending_mutation"));
    assertEquals("completed", ApprovalAttackHttpTest.execute(alice, conv, null).get("status"));
    assertEquals(0, kg.countNamed("Lone Star Flaring LLC"));
  }

  @Test
  void anApprovalSentJustAfterTheCancelTurnsWithdrawalIsAConflictAndNothingIsCreated() {
    String conv = UUID.randomUUID().toString();
    String id = gated(conv, "Lone Star Flaring LLC");
    decidedAfterWithdrawal = "approved";
    Map<String, Object> s = ApprovalAttackHttpTest.execute(alice, conv, "cancel that");
    decidedAfterWithdrawal = null;
    assertTrue(reply(s).startsWith("Withdrawn: creating operator \"Lone Star Flaring LLC\" will not be run"), reply(s));
    assertEquals(409, lateDecision.status(), lateDecision.text());
    assertTrue(lateDecision.map().get("detail").toString().contains("withdrawn by its requester"), lateDecision.text());
    assertEquals("completed", s.get("status"));
    assertEquals("completed", ApprovalAttackHttpTest.execute(alice, conv, null).get("status"));
    assertEquals(0, kg.countNamed("Lone Star Flaring LLC"));
    Map<String, Object> record = carol.get("/approvals/" + id).map();
    assertEquals("withdrawn", record.get("status"));
    assertEquals(0, ((Number) record.get("executions")).intValue());
  }

  static String reply(Map<String, Object> state) {
    List<?> messages = (List<?>) state.get("messages");
    return String.valueOf(((Map<?, ?>) messages.getLast()).get("content"));
  }

  String gated(String conv, String name) {
    Map<String, Object> s = ApprovalAttackHttpTest.execute(alice, conv, "Create operator " + name + ".");
    assertEquals("awaiting_hitl", s.get("status"));
    return (String) s.get("hitl_approval_id");
  }

  @Test
  void aCancelAfterTheApprovalIsToldTheChangeWasAlreadyApprovedAndRan() {
    String conv = UUID.randomUUID().toString();
    String id = gated(conv, "Lone Star Flaring LLC");
    assertEquals(200, carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved")).status());
    Map<String, Object> s = ApprovalAttackHttpTest.execute(alice, conv, "cancel that");
    String reply = reply(s);
    assertTrue(reply.startsWith("Too late to withdraw it: carol had already approved creating operator "
        + "\"Lone Star Flaring LLC\" before your cancel arrived, so it ran. Created operator \"Lone Star Flaring LLC\" as "),
        reply);
    assertEquals("completed", s.get("status"));
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"));
    Map<String, Object> record = carol.get("/approvals/" + id).map();
    assertEquals("approved", record.get("status"));
    assertEquals(1, ((Number) record.get("executions")).intValue());
    assertEquals("Nothing is waiting for approval, so there is nothing to cancel.",
        reply(ApprovalAttackHttpTest.execute(alice, conv, "cancel that")));
    Http.Reply again = carol.post("/approvals/" + id + "/decision", Map.of("decision", "rejected"));
    assertEquals(409, again.status(), again.text());
    assertTrue(again.map().get("detail").toString().contains("already approved by carol"), again.text());
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"));
  }

  @Test
  void aQuestionAfterTheApprovalIsAnsweredBesideWhatRan() {
    String conv = UUID.randomUUID().toString();
    String id = gated(conv, "Lone Star Flaring LLC");
    assertEquals(200, carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved")).status());
    String reply = reply(ApprovalAttackHttpTest.execute(alice, conv, "who operates Hutto State 3H?"));
    assertTrue(reply.startsWith("Created operator \"Lone Star Flaring LLC\" as "), reply);
    assertTrue(reply.contains("Red Fork Resources Inc"), reply);
    assertEquals(1, kg.countNamed("Lone Star Flaring LLC"));
  }

  @Test
  void aCancelAfterTheRejectionIsToldTheReviewerRejectedIt() {
    String conv = UUID.randomUUID().toString();
    String id = gated(conv, "Mesa Verde Energy");
    assertEquals(200, carol.post("/approvals/" + id + "/decision", Map.of("decision", "rejected",
        "comment", "duplicate of Caprock")).status());
    Map<String, Object> s = ApprovalAttackHttpTest.execute(alice, conv, "cancel that");
    assertEquals("Nothing to withdraw: carol had already rejected creating operator \"Mesa Verde Energy\" (\"duplicate "
        + "of Caprock\"), so it was not run and nothing waits any more.", reply(s));
    assertEquals("completed", s.get("status"));
    assertEquals(0, kg.countNamed("Mesa Verde Energy"));
  }

  @Test
  void aRenameThatWaitsSaysTheNewName() {
    String reply = reply(ApprovalAttackHttpTest.execute(alice, UUID.randomUUID().toString(),
        "Rename Hutto State 3H to Hutto State 3H-R."));
    assertTrue(reply.startsWith("Renaming well-42-329-13377 to \"Hutto State 3H-R\" changes the knowledge graph"), reply);
  }

  @Test
  void aDecisionAfterTheCancelIsAConflictAndNothingRuns() {
    String conv = UUID.randomUUID().toString();
    String id = gated(conv, "Lone Star Flaring LLC");
    assertTrue(reply(ApprovalAttackHttpTest.execute(alice, conv, "cancel that")).startsWith("Withdrawn: "));
    Http.Reply late = carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved"));
    assertEquals(409, late.status(), late.text());
    assertTrue(late.map().get("detail").toString().contains("withdrawn by its requester"), late.text());
    assertEquals("completed", ApprovalAttackHttpTest.execute(alice, conv, null).get("status"));
    assertEquals(0, kg.countNamed("Lone Star Flaring LLC"));
    assertEquals(0, ((Number) carol.get("/approvals/" + id).map().get("executions")).intValue());
  }

  @Test
  void firedTogetherNoChangeIsBothWithdrawnAndApplied() throws Exception {
    for (int i = 0; i < 8; i++) {
      String conv = UUID.randomUUID().toString();
      String name = "Race " + i + " Flaring LLC";
      String id = gated(conv, name);
      CountDownLatch go = new CountDownLatch(1);
      CompletableFuture<Http.Reply> decision = CompletableFuture.supplyAsync(() -> {
        await(go);
        return carol.post("/approvals/" + id + "/decision", Map.of("decision", "approved"));
      });
      CompletableFuture<Map<String, Object>> cancel = CompletableFuture.supplyAsync(() -> {
        await(go);
        return ApprovalAttackHttpTest.execute(alice, conv, "cancel that");
      });
      go.countDown();
      Http.Reply d = decision.get();
      cancel.get();
      ApprovalAttackHttpTest.execute(alice, conv, null);
      Map<String, Object> record = carol.get("/approvals/" + id).map();
      int executions = ((Number) record.get("executions")).intValue();
      String why = i + ": decision " + d.status() + " " + d.text() + "; record " + record;
      // whichever was recorded first, the approval is either withdrawn and never ran, or approved and ran exactly once
      boolean withdrawn = "withdrawn".equals(record.get("status"));
      assertEquals(withdrawn ? 0 : 1, executions, why);
      assertEquals(executions, kg.countNamed(name), why);
      assertEquals(withdrawn ? 409 : 200, d.status(), why);
    }
  }

  private static void await(CountDownLatch go) {
    try {
      go.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
