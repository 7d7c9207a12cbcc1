package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The offline planner cancels only when told to cancel what waits ("cancel that", "withdraw the
 * request", "I no longer need that operator"): a question about withdrawals in general, "don't
 * change anything else", or a wait with a condition ("… till then") is no cancellation — withdrawing
 * a change cannot be undone.
 */
class CancelPhrasingTest extends CountedConversation {
  static final List<String> CANCELS = List.of("actually, cancel that", "cancel it", "Cancel.", "Withdraw the request.",
      "Please withdraw my request", "never mind, don't create it", "Never mind.", "I no longer need that operator",
      "Actually, cancel the filing.", "forget it", "Call it off!", "Can you cancel it?", "Do not create it.",
      "drop the pending change");
  static final List<String> NOT_CANCELS = List.of("What happens if an operator withdraws a Rule 37 application?",
      "Don't change anything else until it's approved", "OK, don't bother me till then",
      "How do I cancel a Rule 37 filing?", "Does the operator ever withdraw a permit?", "don't forget it",
      "Is it possible that the reviewer withdraws it?", "Don't change anything else.");

  @Test
  void anInstructionToCancelWhatWaitsIsACancellation() {
    for (String c : CANCELS) {
      assertTrue(PlannerPending.cancels(c), c);
    }
  }

  @Test
  void questionsAboutWithdrawalsAndConditionsOnTheWaitAreNoCancellation() {
    for (String c : NOT_CANCELS) {
      assertFalse(PlannerPending.cancels(c), c);
    }
  }

  @Test
  void aQuestionAboutWithdrawalsWithNothingWaitingIsNotToldThereIsNothingToCancel() {
    String reply = say("q", "What happens if an operator withdraws a Rule 37 application?");
    assertNotEquals("Nothing is waiting for approval, so there is nothing to cancel.", reply);
    assertFalse(reply.contains("nothing to cancel"), reply);
  }

  @Test
  void conditionsOnThePendingChangeLeaveItsApprovalPending() {
    say("p", PendingChangeTest.CREATE);
    String id = (String) ((Map<?, ?>) f.values(counted, "p").get("pending_mutation")).get("approval_id");
    for (String m : List.of("Don't change anything else until it's approved", "OK, don't bother me till then")) {
      String reply = say("p", m);
      assertFalse(reply.startsWith("Withdrawn"), m + " → " + reply);
      assertEquals("awaiting_hitl", f.values(counted, "p").get("status"), m);
      assertEquals("pending", f.deps.approvals().get(id).orElseThrow().status(), m);
    }
    f.deps.approvals().decide(id, "approved", "carol", null);
    assertTrue(say("p", "Any news?").startsWith("Created operator \"Lone Star Flaring LLC\""));
    assertEquals(1, creations.get());
  }
}
