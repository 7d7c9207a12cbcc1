package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * While a gated change awaits its reviewer the user may ask about it (answered, the approval still
 * pending), withdraw it (its approval closed, so no reviewer can approve it and it never runs) or
 * change it (the old approval closed, a new one asked for the changed call).
 */
class PendingChangeTest extends CountedConversation {
  static final String CREATE = "Create operator Lone Star Flaring LLC.";
  String approvalOf(String thread) {
    return (String) ((Map<?, ?>) state(thread).get("pending_mutation")).get("approval_id");
  }

  @Test
  void aQuestionAboutThePendingChangeIsAnsweredAndItsApprovalStaysPending() {
    say("q", CREATE);
    String id = approvalOf("q");
    String reply = say("q", "what exactly will that create?");
    assertTrue(reply.startsWith("It would add a new operator, \"Lone Star Flaring LLC\", to the knowledge graph. Still "
        + "waiting for a reviewer's approval"), reply);
    assertEquals("awaiting_hitl", state("q").get("status"));
    assertEquals(id, approvalOf("q"));
    assertEquals("pending", f.deps.approvals().get(id).orElseThrow().status());
    String who = say("q", "Who has to approve it?");
    assertTrue(who.startsWith("Only a reviewer can approve it, not you or I. Still waiting"), who);
    String wells = say("q", "who operates Hutto State 3H?");
    assertTrue(wells.contains("Red Fork Resources Inc") && wells.contains("still waits for a reviewer's approval"), wells);
    assertEquals("awaiting_hitl", state("q").get("status"));
    f.deps.approvals().decide(id, "approved", "carol", null);
    String done = say("q", "Any news?");
    assertTrue(done.startsWith("Created operator \"Lone Star Flaring LLC\""), done);
    assertEquals(1, creations.get());
  }

  @Test
  void withdrawingThePendingChangeClosesItsApprovalSoItCanNoLongerBeApprovedOrRun() {
    say("w", CREATE);
    String id = approvalOf("w");
    String reply = say("w", "actually, cancel that");
    assertEquals("Withdrawn: creating operator \"Lone Star Flaring LLC\" will not be run, and its approval request is "
        + "closed, so no reviewer can approve it. Nothing has changed.", reply);
    Map<String, Object> s = state("w");
    assertEquals("completed", s.get("status"));
    assertNull(s.get("pending_mutation"));
    assertNull(s.get("hitl_approval_id"));
    assertEquals("withdrawn", f.deps.approvals().get(id).orElseThrow().status());
    assertTrue(f.deps.approvals().pending().isEmpty(), "no reviewer is asked any more");
    IllegalStateException refused = assertThrows(IllegalStateException.class,
        () -> f.deps.approvals().decide(id, "approved", "carol", null));
    assertTrue(refused.getMessage().contains("withdrawn"), refused.getMessage());
    assertEquals("Nothing is waiting for approval, so there is nothing to cancel.", say("w", "cancel it"));
    say("w", "Go ahead.");
    assertEquals(0, creations.get());
    assertEquals(0, f.deps.kg().countNamed("Lone Star Flaring LLC"));
    HumanApprovalTest.assertNoDanglingToolCall(f.graph(counted).getStateHistory(Fixture.thread("w")));
  }

  @Test
  @SuppressWarnings("unchecked")
  void askingForAChangeClosesTheOldApprovalAndAsksANewOneForTheChangedCall() {
    say("m", CREATE);
    String old = approvalOf("m");
    String reply = say("m", "actually make it Lone Star Flaring Inc instead");
    assertEquals("The earlier request (creating operator \"Lone Star Flaring LLC\") is withdrawn, so it can no longer be "
        + "approved. Creating operator \"Lone Star Flaring Inc\" changes the knowledge graph, so it waits for a reviewer's "
        + "approval; nothing has changed yet.", reply);
    Map<String, Object> s = state("m");
    assertEquals("awaiting_hitl", s.get("status"));
    Map<String, Object> pm = (Map<String, Object>) s.get("pending_mutation");
    assertEquals(Map.of("entity_type", "operator", "name", "Lone Star Flaring Inc"), pm.get("args"));
    String fresh = (String) pm.get("approval_id");
    assertNotEquals(old, fresh);
    assertEquals("withdrawn", f.deps.approvals().get(old).orElseThrow().status());
    assertEquals(List.of(fresh), f.deps.approvals().pending().stream().map(Approval::approvalId).toList());
    assertThrows(IllegalStateException.class, () -> f.deps.approvals().decide(old, "approved", "carol", null));
    f.deps.approvals().decide(fresh, "approved", "carol", null);
    String done = say("m", "Well?");
    assertTrue(done.contains("Lone Star Flaring Inc"), done);
    assertEquals(1, creations.get());
    assertEquals(1, f.deps.kg().countNamed("Lone Star Flaring Inc"));
    assertEquals(0, f.deps.kg().countNamed("Lone Star Flaring LLC"));
    assertFalse(f.deps.approvals().claimExecution(old, f.deps.approvals().get(old).orElseThrow().subject()));
  }
}
