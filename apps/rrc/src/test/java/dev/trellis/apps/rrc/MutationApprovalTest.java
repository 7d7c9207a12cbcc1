package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code update_entity} and {@code link_entities} pass the same before_tool_call approval as
 * {@code create_entity}: gated and stripped, replayed exactly once when approved, dropped with a
 * system note carrying the reviewer's comment when rejected.
 */
class MutationApprovalTest {
  static final String RENAME = "Rename operator Red Fork Resources Inc to Red Fork Holdings.";
  static final String LINK = "Link Permian Basin Energy LLC to Coyote Draw Lease as operates.";
  final Fixture f = new Fixture();
  final AtomicInteger updates = new AtomicInteger();
  final AtomicInteger links = new AtomicInteger();
  final RrcDeps counted = f.deps.withTools(ToolBindings.bundled()
      .with("update_entity", (args, call) -> {
        updates.incrementAndGet();
        return EntityTools.update(args, call);
      })
      .with("link_entities", (args, call) -> {
        links.incrementAndGet();
        return EntityTools.link(args, call);
      }));

  @AfterEach
  void close() {
    f.close();
  }

  void turn(String thread, String message) {
    f.turn(counted, thread, message);
  }

  Map<String, Object> state(String thread) {
    return f.values(counted, thread);
  }

  /** The turn pauses at the gate without running {@code tool}; returns the durable approval. */
  Approval gated(String thread, String message, String tool, Map<String, Object> args) {
    turn(thread, message);
    Map<String, Object> s = state(thread);
    assertEquals("awaiting_hitl", s.get("status"), HumanApprovalTest.messages(s).toString());
    Map<?, ?> pm = (Map<?, ?>) s.get("pending_mutation");
    assertEquals(tool, pm.get("tool_name"));
    assertEquals(args, pm.get("args"));
    assertTrue(HumanApprovalTest.messages(s).stream().noneMatch(m -> Wire.toolCalls(m).stream()
        .anyMatch(c -> c.get("name").equals(tool))), "the gated round is stripped");
    Approval a = f.deps.approvals().get((String) pm.get("approval_id")).orElseThrow();
    assertEquals("mutating_capability", a.checkpointType());
    assertEquals(tool, a.payload().get("tool_name"));
    return a;
  }

  @Test
  void approvedRenameIsReplayedExactlyOnce() {
    Approval a = gated("u1", RENAME, "update_entity", Map.of("entity_id", "op-redfork", "name", "Red Fork Holdings"));
    assertEquals(0, updates.get(), "the gate does not dispatch");
    assertEquals("Red Fork Resources Inc", f.deps.kg().entity("op-redfork").get("name"));
    f.deps.approvals().decide(a.approvalId(), "approved", "alice", null);
    turn("u1", "Go ahead.");
    Map<String, Object> s = state("u1");
    assertEquals("completed", s.get("status"));
    assertEquals(1, updates.get());
    assertEquals("Red Fork Holdings", f.deps.kg().entity("op-redfork").get("name"));
    assertEquals(1, f.deps.approvals().get(a.approvalId()).orElseThrow().executions());
    assertNull(s.get("pending_mutation"));
    assertTrue(Wire.lastAiText(HumanApprovalTest.messages(s)).startsWith("Done after approval: renaming op-redfork"),
        Wire.lastAiText(HumanApprovalTest.messages(s)));
    turn("u1", "Thanks.");
    assertEquals(1, updates.get(), "a later turn does not replay it");
    assertFalse(f.deps.approvals().claimExecution(a.approvalId(), a.subject()));
    assertNoDanglingToolCall("u1");
  }

  @Test
  void rejectedRenameChangesNothingAndTheModelAcknowledgesTheComment() {
    Approval a = gated("u2", RENAME, "update_entity", Map.of("entity_id", "op-redfork", "name", "Red Fork Holdings"));
    f.deps.approvals().decide(a.approvalId(), "rejected", "bob", "legal name unchanged");
    turn("u2", "Well?");
    Map<String, Object> s = state("u2");
    assertEquals("completed", s.get("status"));
    assertEquals(0, updates.get());
    assertEquals("Red Fork Resources Inc", f.deps.kg().entity("op-redfork").get("name"));
    assertTrue(HumanApprovalTest.messages(s).stream().anyMatch(m -> "system".equals(m.get("type"))
        && String.valueOf(m.get("content")).contains("rejected update_entity") && String.valueOf(m.get("content")).contains("legal name unchanged")));
    assertTrue(Wire.lastAiText(HumanApprovalTest.messages(s)).contains("legal name unchanged"));
    assertNoDanglingToolCall("u2");
  }

  @Test
  void approvedLinkIsReplayedExactlyOnce() {
    Map<String, Object> args = Map.of("from_id", "op-permian-energy", "relation", "operates", "to_id", "lease-coyote-draw");
    Approval a = gated("l1", LINK, "link_entities", args);
    assertEquals(0, links.get());
    assertEquals(List.of(), f.deps.kg().links("op-permian-energy"));
    f.deps.approvals().decide(a.approvalId(), "approved", "alice", "confirmed by the operator's filing");
    turn("l1", "Go ahead.");
    assertEquals("completed", state("l1").get("status"));
    assertEquals(1, links.get());
    assertEquals(List.of(args), f.deps.kg().links("op-permian-energy"));
    assertEquals(1, f.deps.approvals().get(a.approvalId()).orElseThrow().executions());
    turn("l1", "Thanks.");
    assertEquals(1, links.get(), "a later turn does not replay it");
    assertNoDanglingToolCall("l1");
  }

  @Test
  void rejectedLinkCreatesNoLinkAndLeavesASystemNote() {
    Approval a = gated("l2", LINK, "link_entities",
        Map.of("from_id", "op-permian-energy", "relation", "operates", "to_id", "lease-coyote-draw"));
    f.deps.approvals().decide(a.approvalId(), "rejected", "bob", "Caprock operates it");
    turn("l2", "Well?");
    Map<String, Object> s = state("l2");
    assertEquals(0, links.get());
    assertEquals(List.of(), f.deps.kg().links("op-permian-energy"));
    assertTrue(HumanApprovalTest.messages(s).stream().anyMatch(m -> "system".equals(m.get("type"))
        && String.valueOf(m.get("content")).contains("rejected link_entities") && String.valueOf(m.get("content")).contains("Caprock operates it")));
    assertTrue(Wire.lastAiText(HumanApprovalTest.messages(s)).startsWith("Understood: the reviewer rejected linking"));
    assertNoDanglingToolCall("l2");
  }

  @Test
  void pendingChangeRepausesWithoutRunning() {
    gated("l3", LINK, "link_entities",
        Map.of("from_id", "op-permian-energy", "relation", "operates", "to_id", "lease-coyote-draw"));
    turn("l3", "Any news?");
    assertEquals("awaiting_hitl", state("l3").get("status"));
    assertEquals(0, links.get());
  }

  private void assertNoDanglingToolCall(String thread) {
    HumanApprovalTest.assertNoDanglingToolCall(f.graph(counted).getStateHistory(Fixture.thread(thread)));
  }
}
