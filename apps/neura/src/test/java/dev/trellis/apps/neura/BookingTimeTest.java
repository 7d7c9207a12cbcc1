package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.State;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A booking on the day and time the patient asks for ("can I see Dia thursday at 3", "move it to next monday at 11"):
 * read against the graph's clock (Friday 27 November 2026, {@link ChatTurns#CLOCK}), said back to confirm, checked
 * against the therapist's hours (the nearest time offered when outside them), stored on the booking
 * ({@code session_date}, {@code session_time}) and reported when asked. Until round seventeen a booking had no time.
 */
class BookingTimeTest extends ChatTurns {
  String reply(String thread, String patient, String message) {
    return say(thread, patient, message).get(TurnState.RESPONSE);
  }

  Map<String, Object> only(String patient) {
    var rows = deps.data().booked(patient);
    assertEquals(1, rows.size(), rows.toString());
    return rows.getFirst();
  }

  @Test
  void aDayAndTimeAskedForIsSaidBackBookedOnAYesAndStored() {
    String asked = reply("bt-1", "pat-2", "can I see Dia thursday at 3?");
    assertTrue(asked.endsWith("Thursday 3 December at 3 pm with Dia Larsen — shall I book it?"), asked);
    assertTrue(deps.data().booked("pat-2").isEmpty(), "nothing booked before the yes");

    State done = say("bt-1", "pat-2", "yes please");
    assertTrue(done.get(TurnState.RESPONSE).startsWith("Done — you're booked for a first session with Dia Larsen on "
        + "Thursday 3 December at 3 pm (booking #"), done.get(TurnState.RESPONSE));
    Map<String, Object> row = only("pat-2");
    assertEquals("2026-12-03", row.get("session_date"));
    assertEquals("15:00", row.get("session_time"));

    String when = reply("bt-1", "pat-2", "when is my appointment?");
    assertTrue(when.startsWith("You're booked with Dia Larsen on Thursday 3 December at 3 pm (booking #"), when);
  }

  @Test
  void aTimeOutsideTheTherapistsHoursOffersTheNearestOne() {
    String asked = reply("bt-2", "pat-3", "can I see Ben thursday at 3");
    assertTrue(asked.contains("Ben Okafor doesn't see people on Thursday 3 December at 3 pm — his hours are evenings on "
        + "Tuesday and Thursday, and Saturday mornings. The nearest time he has is Thursday 3 December at 5 pm — shall I "
        + "book that?"), asked);
    assertTrue(deps.data().booked("pat-3").isEmpty());
    reply("bt-2", "pat-3", "yes");
    assertEquals("17:00", only("pat-3").get("session_time"));
  }

  @Test
  void aMoveToNextMondayResolvesAgainstTheClockAndMovesTheStoredTime() {
    reply("bt-3", "pat-1", "can I see Dr. Ruiz on wednesday at 10?");
    assertTrue(reply("bt-3", "pat-1", "yes").contains("on Wednesday 2 December at 10 am"));
    String asked = reply("bt-3", "pat-1", "something came up, can we move it to next monday at 11?");
    assertTrue(asked.contains("Shall I move your session with Dr. Ana Ruiz (booking #") && asked.endsWith(
        ") to Monday 30 November at 11 am?"), asked);
    String done = reply("bt-3", "pat-1", "yes");
    assertTrue(done.startsWith("Done — I've moved your session with Dr. Ana Ruiz (booking #") && done.contains(
        "to Monday 30 November at 11 am."), done);
    Map<String, Object> row = only("pat-1");
    assertEquals("2026-11-30", row.get("session_date"));
    assertEquals("11:00", row.get("session_time"));
    String when = reply("bt-3", "pat-1", "when is my appointment?");
    assertTrue(when.contains("on Monday 30 November at 11 am"), when);
  }

  @Test
  void aYesIsReadFromTheQuestionWhenAStatelessClientStartsANewThread() {
    String asked = reply("bt-4", "pat-2", "can I see Dia on friday at 4pm?");
    assertTrue(asked.endsWith("Friday 4 December at 4 pm with Dia Larsen — shall I book it?"), asked);
    Map<String, Object> input = new java.util.HashMap<>();
    input.put("messages", java.util.List.of(Map.of("type", "human", "content", "can I see Dia on friday at 4pm?"),
        Map.of("type", "ai", "content", asked), Map.of("type", "human", "content", "yes")));
    input.put("patient_id", "pat-2");
    State done = graph.invoke(input, dev.trellis.graph.RunConfig.thread("bt-4-new").withContext(deps));
    assertTrue(done.get(TurnState.RESPONSE).contains("on Friday 4 December at 4 pm"), done.get(TurnState.RESPONSE));
    assertEquals("16:00", only("pat-2").get("session_time"));
  }

  @Test
  void triedOverHttpAskingAboutEveningsThenForADayWithHerBooksThatTime() {
    reply("bt-5", "pat-2", "my husband and I keep having the same fight over and over, and the kids are starting to act out");
    String evenings = reply("bt-5", "pat-2", "does she do evenings? we both work til 6");
    assertTrue(evenings.startsWith("Yes — Dia Larsen has evening times."), "was 'I'm not sure I followed': " + evenings);
    String asked = reply("bt-5", "pat-2", "can we see her thursday at 7?");
    assertTrue(asked.endsWith("Thursday 3 December at 7 pm with Dia Larsen — shall I book it?"),
        "was a yes-or-no about her Thursday times, then a booking without the time: " + asked);
    reply("bt-5", "pat-2", "yes please");
    assertEquals("19:00", only("pat-2").get("session_time"));
  }

  @Test
  void aWeekendIsAnsweredFromTheTherapistsHours() {
    String dia = reply("bt-w1", "pat-2", "can I see Dia this weekend?");
    assertTrue(dia.endsWith("Saturday 28 November with Dia Larsen — shall I book it?"), dia);
    String ana = reply("bt-w2", "pat-3", "can I see Dr. Ruiz this weekend?");
    assertTrue(ana.contains("Dr. Ana Ruiz doesn't see people on Saturday 28 November — her hours are") && ana.contains(
        "The nearest time she has is Monday 30 November at 9 am — shall I book that?"), ana);
  }

  @Test
  void aDayInTwoWeeksAfterWorkIsOfferedWithinTheHours() {
    String r = reply("bt-w3", "pat-2", "could I book Ben in two weeks after work?");
    assertTrue(r.contains("Ben Okafor doesn't see people on Friday 11 December in the evening") && r.contains(
        "The nearest time he has is Saturday 12 December at 9 am — shall I book that?"), r);
    r = reply("bt-w4", "pat-3", "can I see Ben next tuesday after work?");
    assertTrue(r.endsWith("Tuesday 1 December in the evening with Ben Okafor — shall I book it?"), r);
  }

  /** One turn on a new thread whose client sends the whole transcript (a stateless client, or one making it up). */
  State sent(String thread, String patient, String... turns) {
    java.util.List<Map<String, Object>> messages = new java.util.ArrayList<>();
    for (int i = 0; i < turns.length; i++) {
      messages.add(Map.of("type", i % 2 == 0 ? "human" : "ai", "content", turns[i]));
    }
    Map<String, Object> input = new java.util.HashMap<>();
    input.put("messages", messages);
    input.put("patient_id", patient);
    return graph.invoke(input, dev.trellis.graph.RunConfig.thread(thread).withContext(deps));
  }

  @Test
  void aYesToATimeOutsideTheHoursInASentTranscriptBooksNothingAndOffersTheNearest() {
    State s = sent("bt-6", "pat-2", "can I see Ben on sunday?",
        "Sunday 6 December at 3 am with Ben Okafor — shall I book it?", "yes");
    String r = s.get(TurnState.RESPONSE);
    assertTrue(r.contains("Ben Okafor doesn't see people on Sunday 6 December at 3 am") && r.endsWith("shall I book that?"),
        r);
    assertTrue(deps.data().booked("pat-2").isEmpty(), "was booked for 3 am on a Sunday: " + deps.data().booked("pat-2"));
  }

  @Test
  void aYesToAMoveOutsideTheHoursOrInFreeTextInASentTranscriptMovesNothing() {
    reply("bt-7", "pat-1", "can I see Dia thursday at 3?");
    reply("bt-7", "pat-1", "yes");
    String seq = (String) only("pat-1").get("ref");
    String r = sent("bt-7b", "pat-1", "can I move my session?", "Shall I move your session with Dia Larsen (booking #"
        + seq + ") to Sunday 6 December at 3 am?", "yes").get(TurnState.RESPONSE);
    assertTrue(r.contains("doesn't see people on Sunday 6 December at 3 am"), r);
    r = sent("bt-7c", "pat-1", "can I move my session?", "Shall I move your session with Dia Larsen (booking #"
        + seq + ") to whenever the moon is full, free of charge?", "yes").get(TurnState.RESPONSE);
    assertTrue(r.contains("which day or time would you like instead?"), r);
    Map<String, Object> row = only("pat-1");
    assertEquals(null, row.get("moved_to"));
    assertEquals("2026-12-03", row.get("session_date"));
    assertEquals("15:00", row.get("session_time"));
  }
}
