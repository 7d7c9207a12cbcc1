package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** The day and time a patient asks for, resolved against the graph's clock ({@link SessionTime#parse}). */
class SessionTimeTest {
  static final LocalDate FRIDAY = LocalDate.of(2026, 11, 27);
  static final LocalDate MONDAY = LocalDate.of(2026, 11, 30);

  static String read(String message, LocalDate today) {
    SessionTime t = SessionTime.parse(message, today);
    return t == null ? null : t.words();
  }

  @Test
  void relativeDaysResolveAgainstTheGivenDay() {
    assertEquals("Thursday 3 December at 3 pm", read("can I see Ben thursday at 3", FRIDAY));
    assertEquals("Monday 30 November in the morning", read("move it to next monday morning", FRIDAY));
    assertEquals("Thursday 10 December", read("next thursday", MONDAY), "next week's Thursday");
    assertEquals("Thursday 3 December", read("thursday", MONDAY), "this week's Thursday");
    assertEquals("Friday 4 December", read("friday", FRIDAY), "a weekday alone is after today");
    assertEquals("Friday 27 November in the evening", read("this friday evening", FRIDAY));
    assertEquals("Saturday 28 November at 5:30 pm", read("tomorrow at 5:30pm", FRIDAY));
    assertEquals("Friday 27 November in the evening", read("tonight", FRIDAY));
    assertEquals("Thursday 3 December at 12 noon", read("the 3rd of december at noon", FRIDAY));
    assertEquals("Sunday 3 January at 10 am", read("january 3 at 10", FRIDAY), "a month gone by is next year's");
    assertEquals("Wednesday 2 December at 6 pm", read("wed at 6 pls", FRIDAY));
    assertEquals("Saturday 5 December in the morning", read("saturday the 5th in the morning", FRIDAY));
    assertEquals("Monday 30 November at 4 pm", read("on the 30th at 4", FRIDAY));
  }

  @Test
  void daysPatientsSayAnotherWayAreRead() {
    assertEquals("Monday 7 December", read("can I come on the 7th?", FRIDAY), "the 7th said in late November");
    assertEquals("Monday 7 December at 3 pm", read("on the 7th at 3", FRIDAY));
    assertEquals("Monday 7 December at 3 pm", read("on 7th at 3pm", FRIDAY));
    assertEquals("Saturday 28 November", read("anything this weekend?", FRIDAY));
    assertEquals("Saturday 5 December", read("what about next weekend", FRIDAY));
    assertEquals("Sunday 29 November", read("this weekend", LocalDate.of(2026, 11, 29)), "said on a Sunday: today");
    assertEquals("Saturday 28 November in the morning", read("tomorrow morning", FRIDAY));
    assertEquals("Friday 11 December", read("in two weeks", FRIDAY));
    assertEquals("Friday 11 December", read("in 2 weeks please", FRIDAY));
    assertEquals("Monday 30 November", read("in 3 days", FRIDAY));
    assertEquals("Friday 4 December", read("a week from now", FRIDAY));
    assertEquals("Tuesday 1 December in the evening", read("next tuesday after work", FRIDAY));
    assertEquals("Wednesday 2 December in the morning", read("wednesday before work", FRIDAY));
  }

  @Test
  void aBareHourIsReadAsAPatientMeansIt() {
    assertEquals("3 pm", read("at 3", FRIDAY));
    assertEquals("10 am", read("at 10", FRIDAY));
    assertEquals("Tuesday 1 December at 8 pm", read("tuesday evening at 8", FRIDAY));
    assertEquals("Saturday 28 November at 9 am", read("saturday at 9am", FRIDAY));
  }

  @Test
  void numbersThatAreNotTimesAreLeftAlone() {
    assertNull(read("my 10 year old won't talk to me", FRIDAY));
    assertNull(read("I sleep 4 hours a night", FRIDAY));
    assertNull(read("shall I cancel booking #3", FRIDAY));
    assertNull(read("Shall I cancel your session with Ben Okafor (booking #K7QM-29XD)?", FRIDAY));
    assertNull(read("I'm 34 and tired", FRIDAY));
  }

  @Test
  void aTimeIsCheckedAgainstTheTherapistsHoursAndTheNearestOffered() {
    Provider ben = Provider.of(java.util.Map.of("id", "prov-ben", "name", "Ben Okafor, LCSW", "pronoun", "he",
        "schedule", "tuesday 17-20,thursday 17-20,saturday 9-12"));
    SessionTime three = SessionTime.parse("thursday at 3", FRIDAY);
    assertFalse(three.within(ben));
    assertEquals("Thursday 3 December at 5 pm", three.nearest(ben).words());
    assertTrue(SessionTime.parse("thursday at 7pm", FRIDAY).within(ben));
    assertFalse(SessionTime.parse("thursday at 8pm", FRIDAY).within(ben), "a 50-minute session ends by 8");
    assertEquals("Saturday 5 December at 9 am", SessionTime.parse("friday at 10", FRIDAY).nearest(ben).words());
    assertFalse(SessionTime.parse("monday morning", FRIDAY).within(ben));
    assertTrue(SessionTime.parse("saturday morning", FRIDAY).within(ben));
  }
}
