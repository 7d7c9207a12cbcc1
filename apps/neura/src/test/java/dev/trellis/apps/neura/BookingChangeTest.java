package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Cancelling or moving a booked session from the chat ("please cancel my session with Ben", "can I move my thursday
 * appointment"): the navigator finds the patient's booking, asks to confirm (and for the new day or time), and only a
 * yes changes it, through the booking subgraph, once per turn. Until round sixteen the reply said it could not be done
 * from the chat.
 */
class BookingChangeTest extends ChatTurns {
  String reply(String thread, String patient, String message) {
    return say(thread, patient, message).get(TurnState.RESPONSE);
  }

  /** Books Ben Okafor for {@code patient} on {@code thread}; the booking's reference. */
  String bookBen(String thread, String patient) {
    reply(thread, patient, "I'm grieving my dad and I have no motivation for anything");
    State booked = say(thread, patient, "yes please");
    assertTrue(booked.get(TurnState.RESPONSE).contains("booked for a first session with Ben Okafor"),
        booked.get(TurnState.RESPONSE));
    return (String) booked.get(TurnState.BOOKING).get("ref");
  }

  Map<String, Object> row(String patient, String seq) {
    return deps.data().query("SELECT * FROM neura_bookings WHERE patient_id = ? AND ref = ?", patient, seq).getFirst();
  }

  @Test
  void cancellingAsksToConfirmAndOnlyAYesCancels() {
    String seq = bookBen("x-1", "pat-2");
    State asked = say("x-1", "pat-2", "please cancel my session with Ben");
    assertTrue(asked.get(TurnState.RESPONSE).contains("Shall I cancel your session with Ben Okafor (booking #" + seq + ")?"),
        asked.get(TurnState.RESPONSE));
    assertNull(asked.get(TurnState.BOOKING), "nothing changed before the yes");
    assertEquals("booked", row("pat-2", seq).get("status"));

    State done = say("x-1", "pat-2", "yes");
    assertTrue(done.get(TurnState.RESPONSE).startsWith("Done — I've cancelled your session with Ben Okafor (booking #" + seq
        + ")"), done.get(TurnState.RESPONSE));
    assertEquals("cancelled", row("pat-2", seq).get("status"));
    assertEquals(true, done.get(TurnState.BOOKING).get("changed"));

    String status = reply("x-1", "pat-2", "when is my appointment?");
    assertTrue(status.startsWith("You cancelled your session (booking #" + seq + "), so nothing is booked"), status);
    String bye = reply("x-1", "pat-2", "ok thanks, bye"); // after the status reply's offer: a goodbye, not a yes
    assertFalse(bye.contains("Your booking stands") || bye.contains("already booked"), "a cancelled booking does not stand: "
        + bye);
    String again = reply("x-1", "pat-2", "cancel my appointment");
    assertTrue(again.startsWith("I don't see a booked session for you"), "a cancelled session is not booked: " + again);
    State rebooked = say("x-1", "pat-2", "actually, book me with Ben again please");
    assertTrue(rebooked.get(TurnState.RESPONSE).startsWith("Done — you're booked for a first session with Ben Okafor"),
        "booking again after cancelling books anew: " + rebooked.get(TurnState.RESPONSE));
    assertEquals("booked", rebooked.get(TurnState.BOOKING).get("status"));
  }

  @Test
  void movingAsksForTheNewTimeThenConfirmsIt() {
    String seq = bookBen("m-1", "pat-2");
    String which = reply("m-1", "pat-2", "can I move my thursday appointment");
    assertTrue(which.contains("Your session with Ben Okafor (booking #" + seq + "): which day or time would you like instead?"
        + " His hours are evenings on Tuesday and Thursday, and Saturday mornings."), which);
    String outside = reply("m-1", "pat-2", "monday afternoon");
    assertTrue(outside.startsWith("Ben Okafor doesn't see people on Monday 30 November in the afternoon"), "a time outside his hours: " + outside);
    String confirm = reply("m-1", "pat-2", "saturday morning works");
    assertTrue(confirm.contains("Shall I move your session with Ben Okafor (booking #" + seq + ") to Saturday 28 November in the morning?"),
        confirm);
    assertNull(row("pat-2", seq).get("moved_to"), "not moved before the yes");
    String done = reply("m-1", "pat-2", "yes please");
    assertTrue(done.startsWith("Done — I've asked to move your session with Ben Okafor (booking #" + seq
        + ") to Saturday 28 November in the morning"), done);
    assertEquals("Saturday 28 November in the morning", row("pat-2", seq).get("moved_to"));
    assertEquals("2026-11-28", row("pat-2", seq).get("session_date"));
    assertEquals("morning", row("pat-2", seq).get("session_time"));
    assertEquals("booked", row("pat-2", seq).get("status"));
  }

  @Test
  void aMoveNamingTheNewTimeIsConfirmedInOneQuestion() {
    String seq = bookBen("m-2", "pat-3");
    String confirm = reply("m-2", "pat-3", "could we push my session with Ben to tuesday evening?");
    assertTrue(confirm.contains("Shall I move your session with Ben Okafor (booking #" + seq + ") to Tuesday 1 December in the evening?"),
        confirm);
  }

  @Test
  void sayingNoKeepsTheSession() {
    String seq = bookBen("k-1", "pat-1");
    reply("k-1", "pat-1", "I need to cancel my appointment");
    State kept = say("k-1", "pat-1", "no actually keep it");
    assertTrue(kept.get(TurnState.RESPONSE).startsWith("All right — I've left your session as it is."),
        kept.get(TurnState.RESPONSE));
    assertNull(kept.get(TurnState.BOOKING));
    assertEquals("booked", row("pat-1", seq).get("status"));
  }

  @Test
  void withSeveralSessionsBookedItAsksWhichOne() {
    bookBen("w-1", "pat-1");
    reply("w-2", "pat-1", "my teenager won't talk to me");
    assertTrue(reply("w-2", "pat-1", "yes please").contains("Dia Larsen"));
    String which = reply("w-3", "pat-1", "I have to cancel my appointment");
    assertTrue(which.startsWith("You have 2 sessions booked: with Ben Okafor (booking #"), which);
    assertTrue(which.endsWith("Which one should I cancel?"), which);
    String named = reply("w-3", "pat-1", "the one with Dia, cancel it");
    assertTrue(named.contains("Shall I cancel your session with Dia Larsen"), named);
  }

  @Test
  void withoutAPatientIdNothingIsCancelled() {
    String r = reply("n-1", null, "please cancel my session with Ben");
    assertTrue(r.contains("isn't linked to a patient record"), r);
    assertFalse(r.contains("Shall I"), r);
  }

  @Test
  void theSameChangeRequestChangesOnce() {
    Map<String, Object> first = deps.data().book("key-book", "pat-3", "prov-dia");
    String seq = (String) first.get("ref");
    Map<String, Object> moved = deps.data().change("turn-9:move:" + seq, "pat-3", seq, "move", "Friday afternoon");
    Map<String, Object> replayed = deps.data().change("turn-9:move:" + seq, "pat-3", seq, "move", "Saturday");
    assertEquals(true, moved.get("changed"));
    assertEquals(false, replayed.get("changed"), "a replayed request changes nothing");
    assertEquals("Friday afternoon", replayed.get("moved_to"));
    assertNull(deps.data().change("turn-9:cancel:99", "pat-3", "0000-0000", "cancel", null), "no such booking");
  }

  @Test
  void aTimeRightAfterTheBookingIsAskedForThatSession() {
    String seq = bookBen("t-1", "pat-3");
    String r = reply("t-1", "pat-3", "saturday morning works");
    assertTrue(r.contains("Shall I move your session with Ben Okafor (booking #" + seq + ") to Saturday 28 November in the morning?"), r);
    String again = reply("t-1", "pat-3", "actually I need to move it, something came up");
    assertTrue(again.contains("which day or time would you like instead?"), "a new request, not a no: " + again);
  }

  @Test
  void aYesThatRepeatsTheVerbConfirmsIt() {
    String seq = bookBen("y-1", "pat-3");
    reply("y-1", "pat-3", "please cancel my session with Ben");
    String done = reply("y-1", "pat-3", "yes cancel it");
    assertTrue(done.startsWith("Done — I've cancelled your session with Ben Okafor (booking #" + seq + ")"),
        "tried over HTTP, it asked again and then said 'still the one I'd suggest': " + done);
    assertEquals("cancelled", row("pat-3", seq).get("status"));
  }

  @Test
  void aYesWithAnotherChangeAsksAboutThatOne() {
    String seq = bookBen("y-2", "pat-1");
    reply("y-2", "pat-1", "please cancel my session with Ben");
    String other = reply("y-2", "pat-1", "actually can we move it to saturday morning instead");
    assertTrue(other.contains("Shall I move your session with Ben Okafor (booking #" + seq + ")"), other);
    assertEquals("booked", row("pat-1", seq).get("status"));
  }

  @Test
  void aMoveSaidAsMakeItOnAnotherDayAsksToMoveTheSession() {
    // tried over HTTP: "actually can we make it this weekend?" right after a booking got "You're booked with Ben Okafor."
    String seq = bookBen("mk-1", "pat-4");
    String confirm = reply("mk-1", "pat-4", "actually can we make it this weekend?");
    assertTrue(confirm.contains("Shall I move your session with Ben Okafor (booking #" + seq + ") to Saturday"), confirm);
    String other = bookBen("mk-2", "pat-5");
    String tuesday = reply("mk-2", "pat-5", "could you do it next tuesday instead?");
    assertTrue(tuesday.contains("Shall I move your session with Ben Okafor (booking #" + other + ") to Tuesday"), tuesday);
  }

  @Test
  void makingItWorkIsNoMove() {
    String seq = bookBen("mk-3", "pat-6");
    String reply = reply("mk-3", "pat-6", "I hope we can make it work this time");
    assertFalse(reply.contains("Shall I move"), reply);
    assertEquals(seq, row("pat-6", seq).get("ref"));
  }
}
