package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import dev.trellis.sqlite.SqliteDatabase;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One calendar for every patient: a therapist's day and time booked by one patient is refused to the next, who is
 * offered the nearest free times; two bookings of one slot at the same moment (threads, or two server processes on one
 * database file) leave one booking; bookings outlive the process that made them. Until round eighteen two patients
 * could be booked with Ben Okafor for the same Thursday at 5 pm, and the bookings lived in the process's memory.
 */
class CalendarTest extends ChatTurns {
  @TempDir
  Path dir;

  String reply(String thread, String patient, String message) {
    return say(thread, patient, message).get(TurnState.RESPONSE);
  }

  @Test
  void aSlotAnotherPatientBookedIsRefusedWithTheNearestFreeTimes() {
    reply("cal-1", "pat-1", "can I see Ben thursday at 5?");
    assertTrue(reply("cal-1", "pat-1", "yes please").contains("on Thursday 3 December at 5 pm (booking #"));

    String asked = reply("cal-2", "pat-2", "can I see Ben thursday at 5?");
    assertTrue(asked.contains("Thursday 3 December at 5 pm is already taken — Ben Okafor has another session then. The "
        + "nearest free time he has is Thursday 3 December at 6 pm — shall I book that? (Also free: Thursday 3 December "
        + "at 7 pm and Saturday 5 December at 9 am.)"), asked);
    String done = reply("cal-2", "pat-2", "yes");
    assertTrue(done.contains("on Thursday 3 December at 6 pm (booking #"), done);
    assertEquals("18:00", deps.data().booked("pat-2").getFirst().get("session_time"));
    assertEquals("17:00", deps.data().booked("pat-1").getFirst().get("session_time"), "the first patient's stands");
  }

  @Test
  void aSlotTakenBetweenTheOfferAndTheYesIsNotBookedTwice() {
    assertTrue(reply("cal-3", "pat-2", "can I see Ben thursday at 5?").endsWith("— shall I book it?"));
    reply("cal-4", "pat-1", "can I see Ben thursday at 5?");
    reply("cal-4", "pat-1", "yes"); // the other patient says yes first
    String late = reply("cal-3", "pat-2", "yes please");
    assertTrue(late.contains("Thursday 3 December at 5 pm is already taken") && late.contains("Thursday 3 December at 6 pm"
        + " — shall I book that?"), late);
    assertTrue(deps.data().booked("pat-2").isEmpty(), deps.data().booked("pat-2").toString());
  }

  @Test
  void aBookingMadeInAnotherConversationIsReportedFromTheCalendar() {
    reply("cal-7", "pat-1", "can I see Ben thursday at 5?");
    String ref = (String) say("cal-7", "pat-1", "yes").get(TurnState.BOOKING).get("ref");
    String when = reply("cal-8", "pat-1", "when is my appointment?");
    assertEquals("You're booked with Ben Okafor on Thursday 3 December at 5 pm (booking #" + ref + ").", when);
    assertFalse(reply("cal-9", "pat-2", "when is my appointment?").contains(ref), "another patient's");
  }

  @Test
  void aMoveOntoAnotherPatientsSlotIsRefused() {
    reply("cal-5", "pat-1", "can I see Ben thursday at 5?");
    reply("cal-5", "pat-1", "yes");
    reply("cal-6", "pat-2", "can I see Ben thursday at 6pm?");
    reply("cal-6", "pat-2", "yes");
    String asked = reply("cal-6", "pat-2", "can we move it to thursday at 5?");
    assertTrue(asked.contains("Thursday 3 December at 5 pm is already taken — Ben Okafor has another session then. "
        + "Your session with Ben Okafor (booking #") && asked.contains("which other day or time would you like? The "
        + "nearest free times are Thursday 3 December at 7 pm and Saturday 5 December at 9 am."), asked);
    assertEquals("18:00", deps.data().booked("pat-2").getFirst().get("session_time"));
  }

  @Test
  void askingForATimeThePatientAlreadyHoldsSaysSoAndOffersAnother() {
    reply("own-1", "pat-1", "can I see Ben thursday at 5pm?");
    String ref = (String) say("own-1", "pat-1", "yes").get(TurnState.BOOKING).get("ref");

    String asked = reply("own-2", "pat-1", "can I see Ben thursday at 5pm?"); // a new conversation
    assertTrue(asked.contains("You already have a session with Ben Okafor then — Thursday 3 December at 5 pm (booking #"
        + ref + ")."), asked);
    assertFalse(asked.contains("Thursday 3 December at 5 pm — shall I book"), "never offered the time it holds: " + asked);
    String yes = reply("own-2", "pat-1", "yes");
    assertFalse(yes.contains("Thursday 3 December at 5 pm — shall I book"), "the same time is not offered again: " + yes);
    assertEquals(1, deps.data().booked("pat-1").stream().filter(b -> "17:00".equals(b.get("session_time"))).count());
  }

  @Test
  void movingOntoThePatientsOwnOtherSessionSaysSo() {
    reply("own-3", "pat-1", "can I see Ben thursday at 5pm?");
    String held = (String) say("own-3", "pat-1", "yes").get(TurnState.BOOKING).get("ref");
    reply("own-4", "pat-1", "can I see Ben thursday at 7pm?");
    String moving = (String) say("own-4", "pat-1", "yes").get(TurnState.BOOKING).get("ref");

    String asked = reply("own-4", "pat-1", "can we move my session with Ben to thursday at 5pm?");
    assertTrue(asked.contains("You already have a session with Ben Okafor then — Thursday 3 December at 5 pm (booking #"
        + held + "). Your session with Ben Okafor (booking #" + moving + "): which other day or time would you like?"),
        asked);
    assertFalse(asked.contains("Shall I move"), asked);
    assertEquals("19:00", deps.data().bookings().get("pat-1", moving).get("session_time"));
  }

  @Test
  void aMoveWithinItsOwnSessionIsNotRefused() {
    reply("own-5", "pat-1", "can I see Ben thursday at 5pm?");
    say("own-5", "pat-1", "yes");
    String asked = reply("own-5", "pat-1", "can we move it to thursday at 5:30pm?");
    assertTrue(asked.contains("Shall I move your session with Ben Okafor"), asked);
  }

  @Test
  void twoPatientsBookingOneSlotAtOnceThroughTheGraphGetOneBooking() throws Exception {
    List<String> times = List.of("thursday at 5pm", "thursday at 6pm", "thursday at 7pm", "tuesday at 5pm", "tuesday at 6pm");
    for (int round = 0; round < times.size(); round++) {
      String a = "race-a" + round;
      String b = "race-b" + round;
      reply(a, "pat-1", "can I see Ben " + times.get(round) + "?");
      reply(b, "pat-2", "can I see Ben " + times.get(round) + "?");
      List<String> replies = Races.atOnce(() -> reply(a, "pat-1", "yes"), () -> reply(b, "pat-2", "yes"));
      assertEquals(1, replies.stream().filter(r -> r.contains("Done — you're booked")).count(), replies.toString());
      assertEquals(1, replies.stream().filter(r -> r.contains("is already taken")).count(), replies.toString());
    }
  }

  @Test
  void twoServersOnOneDatabaseFileBookingOneSlotAtOnceGetOneBooking() throws Exception {
    Path file = dir.resolve("bookings.db");
    try (SqliteDatabase one = SqliteDatabase.open(file, "NORMAL"); SqliteDatabase two = SqliteDatabase.open(file, "NORMAL")) {
      Races.oneBookingPerSlot(Bookings.in(one), Bookings.in(two), 10);
    }
  }

  @Test
  void bookingsOutliveTheProcessThatMadeThem() {
    Path file = dir.resolve("served.db");
    String ref;
    try (SqliteDatabase db = SqliteDatabase.open(file, "NORMAL")) {
      ref = (String) Dataset.bundled(db).book("t:book:prov-dia", "pat-1", "prov-dia", "2026-12-03", "15:00").get("ref");
    }
    try (SqliteDatabase db = SqliteDatabase.open(file, "NORMAL")) {
      Dataset again = Dataset.bundled(db);
      assertEquals(ref, again.booked("pat-1").getFirst().get("ref"));
      assertEquals("taken", again.book("u:book:prov-dia", "pat-2", "prov-dia", "2026-12-03", "15:00").get("status"));
    }
  }

  @Test
  void aPartOfTheDayTakesNoSlot() {
    Bookings b = deps.data().bookings();
    assertEquals("booked", b.book("p1", "pat-1", "prov-ben", "2026-12-03", "evening").get("status"));
    assertEquals("booked", b.book("p2", "pat-2", "prov-ben", "2026-12-03", "evening").get("status"));
    assertEquals("booked", b.book("p3", "pat-3", "prov-ben", "2026-12-03", "17:00").get("status"));
    assertEquals("taken", b.book("p4", "pat-2", "prov-ben", "2026-12-03", "17:45").get("status"), "overlaps 17:00-17:50");
    assertEquals("booked", b.book("p5", "pat-2", "prov-ben", "2026-12-03", "17:50").get("status"));
    assertEquals("booked", b.book("p6", "pat-2", "prov-dia", "2026-12-03", "17:00").get("status"), "another therapist");
  }


  @Test
  void aTurnsCalendarIsReadOncePerProvider() {
    java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
    Navigator.Calendar once = ((Navigator.Calendar) provider -> {
      reads.incrementAndGet();
      return List.of();
    }).once();
    once.taken("prov-ben");
    once.taken("prov-ben");
    once.taken("prov-dia");
    once.taken("prov-ben");
    assertEquals(2, reads.get());
  }

  @Test
  void theInMemoryCalendarIsMigratedByTheServersRunner() {
    List<Map<String, Object>> history = deps.data().query("SELECT version FROM " + Bookings.SCHEMA.historyTable()
        + " WHERE success = 1 AND version = '1'");
    assertEquals(1, history.size(), "the Flyway history of the neura schema records version 1");
  }

  @Test
  void aSessionTimeIsFreeUnlessASessionClashes() {
    SessionTime five = SessionTime.parse("thursday at 5pm", java.time.LocalDate.of(2026, 11, 27));
    assertTrue(five.free(List.of(java.time.LocalDateTime.of(2026, 12, 3, 16, 10))));
    assertFalse(five.free(List.of(java.time.LocalDateTime.of(2026, 12, 3, 16, 11))));
  }
}
