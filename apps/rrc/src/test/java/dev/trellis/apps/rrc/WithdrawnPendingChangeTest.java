package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A thread whose {@code pending_mutation} names an approval already withdrawn (the cancel or the
 * changed request committed its withdrawal, but the turn's checkpoint — or the new request — did
 * not): resume_guard forgets the change, says it was withdrawn and never ran, and answers the turn
 * as usual — not "still waiting" forever with a cancel that can no longer withdraw anything.
 */
class WithdrawnPendingChangeTest extends CountedConversation {
  /** A gated creation on {@code thread} whose approval is then withdrawn behind the thread's back. */
  String withdrawnBehindTheCheckpoint(String thread) {
    say(thread, PendingChangeTest.CREATE);
    String id = (String) ((Map<?, ?>) f.values(counted, thread).get("pending_mutation")).get("approval_id");
    assertTrue(f.deps.approvals().withdraw(id, f.deps.approvals().get(id).orElseThrow().subject(),
        "replaced by a changed request"));
    assertEquals("awaiting_hitl", f.values(counted, thread).get("status"));
    return id;
  }

  @Test
  void aMessageAfterTheApprovalWasWithdrawnIsAnsweredAndTheChangeNeverRuns() {
    String id = withdrawnBehindTheCheckpoint("w");
    String reply = say("w", "who operates Hutto State 3H?");
    assertTrue(reply.startsWith("The earlier request (creating operator \"Lone Star Flaring LLC\") was withdrawn before "
        + "a reviewer decided, so it was not run and nothing has changed."), reply);
    assertTrue(reply.contains("Red Fork Resources Inc"), reply);
    assertFalse(reply.contains("Still waiting"), reply);
    Map<String, Object> s = f.values(counted, "w");
    assertEquals("completed", s.get("status"));
    assertNull(s.get("pending_mutation"));
    assertNull(s.get("hitl_approval_id"));
    assertEquals("withdrawn", f.deps.approvals().get(id).orElseThrow().status());
    assertEquals("Nothing is waiting for approval, so there is nothing to cancel.", say("w", "cancel it"));
    say("w", "Go ahead.");
    assertEquals(0, creations.get());
    assertEquals(0, f.deps.kg().countNamed("Lone Star Flaring LLC"));
    assertTrue(f.deps.approvals().pending().isEmpty());
    HumanApprovalTest.assertNoDanglingToolCall(f.graph(counted).getStateHistory(Fixture.thread("w")));
  }

  @Test
  void aResumeWithoutAMessageAfterTheApprovalWasWithdrawnSaysSoAndRunsNothing() {
    withdrawnBehindTheCheckpoint("r");
    String reply = say("r", null);
    assertEquals("The earlier request (creating operator \"Lone Star Flaring LLC\") was withdrawn before a reviewer "
        + "decided, so it was not run and nothing has changed.", reply);
    Map<String, Object> s = f.values(counted, "r");
    assertEquals("completed", s.get("status"));
    assertNull(s.get("pending_mutation"));
    assertEquals(0, creations.get());
    assertTrue(f.deps.approvals().pending().isEmpty(), "no new approval was asked");
  }
}
