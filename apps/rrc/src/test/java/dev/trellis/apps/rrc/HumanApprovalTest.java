package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.StateSnapshot;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The before_tool_call gate, resume_guard and approval_node against the durable approval records. */
class HumanApprovalTest extends CountedConversation {
  static final String CREATE = "Create operator Lone Star Flaring LLC.";
  static final String NAME = "Lone Star Flaring LLC";
  static List<Map<String, Object>> messages(Map<String, Object> state) {
    return Wire.messages(state);
  }

  /** Every assistant tool_call in every saved checkpoint is answered by a tool message or still pending in that checkpoint. */
  void assertNoDanglingToolCall(String thread) {
    assertNoDanglingToolCall(f.graph(counted).getStateHistory(Fixture.thread(thread)));
  }

  /** Every assistant tool_call in each of these checkpoints is answered by a tool message or still pending in it. */
  @SuppressWarnings("unchecked")
  static void assertNoDanglingToolCall(List<StateSnapshot> history) {
    assertFalse(history.isEmpty());
    for (StateSnapshot snap : history) {
      List<Map<String, Object>> msgs = Wire.messages(snap.values());
      Set<String> answered = new HashSet<>();
      msgs.stream().filter(m -> "tool".equals(m.get("type"))).forEach(m -> answered.add((String) m.get("tool_call_id")));
      Set<String> pending = new HashSet<>();
      ((List<dev.trellis.agent.message.Message.ToolCall>) snap.values().getOrDefault("pending_tool_calls", List.of()))
          .forEach(c -> pending.add(c.id()));
      for (Map<String, Object> m : msgs) {
        for (Map<String, Object> c : Wire.toolCalls(m)) {
          assertTrue(answered.contains(c.get("id")) || pending.contains(c.get("id")),
              "checkpoint " + snap.config().checkpointId() + " has an unanswered tool_call " + c.get("id"));
        }
      }
    }
  }

  Approval gated(String thread) {
    turn(thread, CREATE);
    Map<String, Object> s = state(thread);
    assertEquals("awaiting_hitl", s.get("status"));
    Map<?, ?> pm = (Map<?, ?>) s.get("pending_mutation");
    assertEquals("create_entity", pm.get("tool_name"));
    assertEquals(Map.of("entity_type", "operator", "name", NAME), pm.get("args"));
    assertEquals(0, creations.get(), "the gate does not dispatch");
    assertTrue(messages(s).stream().noneMatch(m -> Wire.toolCalls(m).stream()
        .anyMatch(c -> c.get("name").equals("create_entity"))), "the gated round is stripped");
    return f.deps.approvals().get((String) pm.get("approval_id")).orElseThrow();
  }

  @Test
  void gatePersistsApendingMutationWithASevenDayTtlAndADurableApproval() {
    Approval a = gated("g1");
    assertEquals(Approval.PENDING, a.status());
    assertEquals("mutating_capability", a.checkpointType());
    assertEquals(a.approvalId(), new Memory(f.store).pendingMutation("g1").get("approval_id"));
    assertEquals(java.time.Duration.ofDays(7), Memory.PENDING_MUTATION_TTL);
    assertEquals(List.of(a), f.deps.approvals().pending());
    assertNoDanglingToolCall("g1");
  }

  @Test
  void approvedMutationIsReplayedExactlyOnceWithItsFrozenCallAndCleared() {
    Approval a = gated("g2");
    f.deps.approvals().decide(a.approvalId(), "approved", "alice", "looks right");
    turn("g2", "Go ahead.");
    Map<String, Object> s = state("g2");
    assertEquals("completed", s.get("status"));
    assertEquals(1, creations.get());
    assertEquals(1, f.deps.kg().countNamed(NAME));
    assertEquals(1, f.deps.approvals().get(a.approvalId()).orElseThrow().executions());
    assertNull(s.get("pending_mutation"));
    assertNull(new Memory(f.store).pendingMutation("g2"));
    assertTrue(Wire.lastAiText(messages(s)).startsWith("Created operator \"" + NAME + "\""), messages(s).toString());
    turn("g2", "Thanks.");
    assertEquals(1, creations.get(), "a later turn does not replay it again");
    assertFalse(f.deps.approvals().claimExecution(a.approvalId(), a.subject()), "the single execution is spent");
    assertNoDanglingToolCall("g2");
  }

  @Test
  void rejectedMutationIsDroppedAndTheModelAcknowledgesTheReviewersComment() {
    Approval a = gated("g3");
    f.deps.approvals().decide(a.approvalId(), "rejected", "bob", "duplicate of Caprock");
    turn("g3", "Well?");
    Map<String, Object> s = state("g3");
    assertEquals("completed", s.get("status"));
    assertEquals(0, creations.get());
    assertEquals(0, f.deps.kg().countNamed(NAME));
    assertNull(s.get("pending_mutation"));
    assertTrue(messages(s).stream().anyMatch(m -> "system".equals(m.get("type"))
        && String.valueOf(m.get("content")).contains("rejected create_entity") && String.valueOf(m.get("content")).contains("duplicate of Caprock")));
    assertTrue(Wire.lastAiText(messages(s)).contains("duplicate of Caprock"), Wire.lastAiText(messages(s)));
    assertNoDanglingToolCall("g3");
  }

  @Test
  void stillPendingRepausesWithoutRunningTheTool() {
    gated("g4");
    turn("g4", "Any news?");
    assertEquals("awaiting_hitl", state("g4").get("status"));
    assertNotNull(state("g4").get("pending_mutation"));
    assertEquals(0, creations.get());
    assertNoDanglingToolCall("g4");
  }

  @Test
  void approvalServiceDownOnResumeFailsClosed() {
    Approval a = gated("g5");
    f.deps.approvals().decide(a.approvalId(), "approved", "alice", null);
    ApprovalService down = new DownApprovals();
    f.graph(counted.withApprovals(down)).invoke(Fixture.input("rule_37", "Go ahead."), Fixture.thread("g5"));
    assertEquals("awaiting_hitl", state("g5").get("status"), "an unreadable verdict denies");
    assertEquals(0, creations.get());
  }

  @Test
  void unknownApprovalIdFailsClosed() {
    gated("g6");
    ApprovalService empty = new DownApprovals() {
      @Override
      public Optional<Approval> get(String approvalId) {
        return Optional.empty();
      }
    };
    f.graph(counted.withApprovals(empty)).invoke(Fixture.input("rule_37", "Go ahead."), Fixture.thread("g6"));
    assertEquals("awaiting_hitl", state("g6").get("status"));
    assertEquals(0, creations.get());
  }

  @Test
  void approvalServiceDownAtTheGateRunsNothingAndFails() {
    f.graph(counted.withApprovals(new DownApprovals())).invoke(Fixture.input("rule_37", CREATE), Fixture.thread("g7"));
    Map<String, Object> s = state("g7");
    assertEquals("failed", s.get("status"));
    assertTrue(String.valueOf(s.get("error")).contains("create_entity was not run"));
    assertEquals(0, creations.get());
    assertNoDanglingToolCall("g7");
  }

  @Test
  void filingPausesAtPreFilingThenApprovalLetsSynthesisFinish() {
    String msg = "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H";
    turn("f1", msg);
    Map<String, Object> s = state("f1");
    assertEquals("awaiting_hitl", s.get("status"));
    assertEquals("pre_filing", s.get("hitl_checkpoint_type"));
    Approval a = f.deps.approvals().get((String) s.get("hitl_approval_id")).orElseThrow();
    assertEquals("pre_filing", a.checkpointType());
    turn("f1", "Is it approved?");
    assertEquals("awaiting_hitl", state("f1").get("status"), "still pending: paused again");
    f.deps.approvals().decide(a.approvalId(), "approved", "carol", "ship it");
    turn("f1", "Finalise the Rule 37 filing for Mitchell Ranch 1H.");
    s = state("f1");
    assertEquals("completed", s.get("status"));
    String answer = Wire.lastAiText(messages(s));
    assertTrue(answer.contains("Distance to nearest lease line: 300 ft (minimum 467 ft)"), answer);
    assertTrue(answer.contains("operators to notify: Red Fork Resources Inc"), answer);
    assertTrue(answer.contains("W1-42-329-12345, approved by carol: \"ship it\" — ready to file"), answer);
    long filings = messages(s).stream().filter(m -> "rule37_filing_assembly".equals(m.get("name"))).count();
    assertEquals(1, filings, "the filing tools ran in the first turn only");
  }

  @Test
  @SuppressWarnings("unchecked")
  void theApprovalSnapshotHoldsWhatTheSeedSaysWithTheFilingContentItCovers() {
    turn("f2", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    Map<String, Object> s = state("f2");
    Map<String, Object> p = f.deps.approvals().get((String) s.get("hitl_approval_id")).orElseThrow().payload();
    assertEquals(messages(s).stream().map(m -> List.of(m.get("type"), m.get("id"), m.get("content"))).toList(),
        ((List<Map<String, Object>>) p.get("messages")).stream().map(m -> List.of(m.get("type"), m.get("id"), m.get("content")))
            .toList(), "the messages the reviewer reads are the execution's");
    assertEquals(Map.of("injected", List.of("rrc_rule37"), "active", Map.of("rrc_rule37", 3)), p.get("skills"));
    assertEquals(s.get("recent_entity_context"), p.get("entities"));
    assertEquals(Map.of("tokens_used", s.get("tokens_used"), "cost_usd", s.get("cost_usd")), p.get("token_usage"));
    assertTrue(p.containsKey("metadata"));
    Map<String, Object> content = (Map<String, Object>) p.get("filing_content");
    assertEquals(List.of("good_cause_review", "pre_filing"), List.copyOf(content.keySet()));
    String filing = messages(s).stream().filter(m -> "rule37_filing_assembly".equals(m.get("name")))
        .map(m -> (String) m.get("content")).reduce((a, b) -> b).orElseThrow();
    assertEquals(filing, content.get("pre_filing"), "the filing package the approval covers");
  }

  @Test
  void approvalServiceDownAtApprovalNodeContinuesWithAHitlWarning() {
    f.graph(f.deps.withApprovals(new DownApprovals())).invoke(
        Fixture.input("rule_32", "Prepare the Rule 32 flaring filing for Coyote Draw 4H"), Fixture.thread("f2"));
    Map<String, Object> s = state("f2");
    assertEquals("completed", s.get("status"));
    assertTrue(messages(s).stream().anyMatch(m -> String.valueOf(m.get("content")).startsWith("HITL_WARNING")));
    assertTrue(Wire.lastAiText(messages(s)).contains("not reviewed by a human"), Wire.lastAiText(messages(s)));
  }

  @Test
  void metadataOverridesTheCheckpointType() {
    f.graph().invoke(Fixture.input("general", "hello", "hitl_checkpoint_type", "supervisor_review"), Fixture.thread("f3"));
    Map<String, Object> s = f.state("f3");
    assertEquals("awaiting_hitl", s.get("status"));
    assertEquals("supervisor_review", f.deps.approvals().get((String) s.get("hitl_approval_id")).orElseThrow().checkpointType());
  }

  @Test
  void threeFailedResolvesForceAClarification() {
    f.graph().invoke(Fixture.input("rule_37", "Resolve the wells Foo Ranch 9H, Bar Creek 4H and Baz Draw 2H"),
        Fixture.thread("f4"));
    Map<String, Object> s = f.state("f4");
    assertEquals(3, s.get("consecutive_failed_resolves"));
    assertEquals("awaiting_hitl", s.get("status"));
    assertEquals("force_clarify", s.get("hitl_checkpoint_type"));
    assertTrue(Wire.lastAiText(messages(s)).contains("Please clarify"));
  }

  @Test
  void aDecisiveResolveResetsTheFailedResolveCounter() {
    f.graph().invoke(Fixture.input("rule_37", "Resolve the wells Foo Ranch 9H and Mitchell Ranch 1H"), Fixture.thread("f5"));
    Map<String, Object> s = f.state("f5");
    assertEquals(0, s.get("consecutive_failed_resolves"));
    assertEquals("completed", s.get("status"));
  }

  /** An approval service that is down: every call fails. */
  static class DownApprovals implements ApprovalService {
    @Override
    public Approval request(Approval.Subject subject, Map<String, Object> payload) {
      throw new IllegalStateException("approval service unreachable");
    }

    @Override
    public Approval create(Approval.Subject subject, Map<String, Object> payload) {
      throw new IllegalStateException("approval service unreachable");
    }

    @Override
    public Optional<Approval> get(String approvalId) {
      throw new IllegalStateException("approval service unreachable");
    }

    @Override
    public Approval decide(String approvalId, String decision, String reviewer, String comment) {
      throw new IllegalStateException("approval service unreachable");
    }

    @Override
    public boolean withdraw(String approvalId, Approval.Subject expected, String reason) {
      throw new IllegalStateException("approval service unreachable");
    }

    @Override
    public List<Approval> pending() {
      throw new IllegalStateException("approval service unreachable");
    }

    @Override
    public boolean claimExecution(String approvalId, Approval.Subject expected) {
      throw new IllegalStateException("approval service unreachable");
    }
  }
}
