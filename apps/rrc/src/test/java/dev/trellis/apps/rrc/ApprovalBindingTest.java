package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An approval authorises exactly the call (or filing) a reviewer saw: resume_guard, the replay and
 * approval_node refuse an approval of another conversation, of another type, or of other
 * arguments or content — whatever the conversation's state was changed to.
 */
class ApprovalBindingTest extends CountedConversation {
  @SuppressWarnings("unchecked")
  Map<String, Object> pendingMutation(String thread) {
    return new LinkedHashMap<>((Map<String, Object>) state(thread).get("pending_mutation"));
  }

  /** A create_entity call gated in {@code thread}; its approval. */
  Approval gated(String thread, String operator) {
    turn(thread, "Create operator " + operator + ".");
    assertEquals("awaiting_hitl", state(thread).get("status"));
    return f.deps.approvals().get((String) pendingMutation(thread).get("approval_id")).orElseThrow();
  }

  /** Rewrites the conversation's pending mutation, as a client with access to its thread's state can. */
  void tamper(String thread, Map<String, Object> pm) {
    f.graph(counted).updateState(Fixture.thread(thread), Map.of("pending_mutation", pm), null);
  }

  void assertRefused(String thread) {
    Map<String, Object> s = state(thread);
    assertEquals("awaiting_hitl", s.get("status"), "re-paused, fail-closed");
    assertTrue(String.valueOf(s.get("error")).contains("does not authorise"), String.valueOf(s.get("error")));
    assertEquals(0, creations.get(), "nothing was created");
  }

  @Test
  void anApprovalRecordsExactlyWhatItAuthorises() {
    Approval a = gated("s1", "Lone Star Flaring LLC");
    Approval.Subject s = a.subject();
    assertEquals("s1", s.threadId());
    assertEquals("s1", s.conversationId());
    assertEquals("default", s.tenantId());
    assertEquals(state("s1").get("execution_id"), s.executionId());
    assertEquals(List.of("mutating_capability"), s.checkpointTypes());
    assertEquals("create_entity", s.toolName());
    assertEquals(pendingMutation("s1").get("tool_call_id"), s.toolCallId());
    assertEquals(Digests.of(Map.of("name", "Lone Star Flaring LLC", "entity_type", "operator")), s.argsDigest(),
        "the digest of the exact arguments, whatever their key order");
    assertNotEquals(java.util.UUID.nameUUIDFromBytes(("s1:" + s.toolCallId()).getBytes(java.nio.charset.StandardCharsets.UTF_8))
        .toString(), a.approvalId(), "the id is not derived from anything a client knows");
  }

  @Test
  void approvedThenArgumentsChangedIsNotReplayed() {
    Approval a = gated("t1", "Lone Star Flaring LLC");
    f.deps.approvals().decide(a.approvalId(), "approved", "alice", null);
    Map<String, Object> pm = pendingMutation("t1");
    pm.put("args", Map.of("entity_type", "operator", "name", "Mallory Holdings"));
    tamper("t1", pm);
    turn("t1", "Go ahead.");
    assertRefused("t1");
    assertEquals(0, f.deps.approvals().get(a.approvalId()).orElseThrow().executions(), "the approval is not spent");
    assertEquals(0, f.deps.kg().countNamed("Mallory Holdings"));
  }

  @Test
  void anApprovalFromAnotherConversationIsNotReused() {
    Approval theirs = gated("t2-a", "Lone Star Flaring LLC");
    f.deps.approvals().decide(theirs.approvalId(), "approved", "alice", null);
    gated("t2-b", "Lone Star Flaring LLC");
    Map<String, Object> pm = pendingMutation("t2-a");   // their whole frozen call, their approval
    tamper("t2-b", pm);
    turn("t2-b", "Go ahead.");
    assertRefused("t2-b");
    Map<String, Object> mine = pendingMutation("t2-b");
    mine.put("approval_id", theirs.approvalId());        // or only their approval's id
    tamper("t2-b", mine);
    turn("t2-b", "Go ahead.");
    assertRefused("t2-b");
    turn("t2-a", "Go ahead.");
    assertEquals(1, creations.get(), "in its own conversation it authorises its call, once");
  }

  @Test
  void anApprovalOfAnotherTypeIsNotAccepted() {
    turn("t3", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    Map<String, Object> s = state("t3");
    assertEquals("pre_filing", s.get("hitl_checkpoint_type"));
    String filing = (String) s.get("hitl_approval_id");
    f.deps.approvals().decide(filing, "approved", "carol", "ship it");
    Approval mutation = gated("t3", "Lone Star Flaring LLC");
    Map<String, Object> pm = pendingMutation("t3");
    pm.put("approval_id", filing);
    tamper("t3", pm);
    turn("t3", "Go ahead.");
    assertRefused("t3");
    assertEquals(Approval.PENDING, f.deps.approvals().get(mutation.approvalId()).orElseThrow().status());
  }

  @Test
  void aStatusOfApprovedWrittenIntoTheStateAuthorisesNothing() {
    Approval a = gated("t4", "Lone Star Flaring LLC");
    Map<String, Object> pm = pendingMutation("t4");
    pm.put("status", "approved");
    tamper("t4", pm);
    turn("t4", "Go ahead.");
    assertEquals("awaiting_hitl", state("t4").get("status"));
    assertEquals(0, creations.get());
    assertEquals(Approval.PENDING, f.deps.approvals().get(a.approvalId()).orElseThrow().status());
  }

  @Test
  void aFilingApprovalCoversTheFilingContentItWasAskedFor() {
    turn("t5", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H");
    Map<String, Object> s = state("t5");
    Approval a = f.deps.approvals().get((String) s.get("hitl_approval_id")).orElseThrow();
    assertEquals(List.of("good_cause_review", "pre_filing"), a.subject().checkpointTypes(),
        "both rules that fired in the execution, in one approval");
    assertEquals(List.of("good_cause_review", "pre_filing"), s.get("hitl_checkpoint_types"));
    f.deps.approvals().decide(a.approvalId(), "approved", "carol", "ship it");
    @SuppressWarnings("unchecked")
    Message.Tool filing = ((List<Message>) s.get("messages")).stream()
        .filter(m -> m instanceof Message.Tool t && t.name().equals("rule37_filing_assembly"))
        .map(m -> (Message.Tool) m).reduce((x, y) -> y).orElseThrow();
    Message.Tool changed = new Message.Tool(filing.id(), filing.text().replace("42-329-12345", "42-329-99999"),
        filing.toolCallId(), filing.name(), false);   // same id: replaces the filing in place
    f.graph(counted).updateState(Fixture.thread("t5"), Map.of("messages", List.of(changed)), null);
    turn("t5", "Finalise the Rule 37 filing for Mitchell Ranch 1H.");
    Map<String, Object> after = state("t5");
    assertEquals("awaiting_hitl", after.get("status"), "the approved filing is not the one in the state");
    assertTrue(String.valueOf(after.get("error")).contains("content_digest"), String.valueOf(after.get("error")));
  }
}
