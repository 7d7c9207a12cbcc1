package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A question that asks what to do ("how do I deal with…", "what should I say…") is one of the lexicons' cues of
 * concern for someone else, but with no word of risk in the message it is the writer's own everyday question: the
 * head decides, and it keeps the third-party path for concern about someone and the crisis branch for a crisis.
 */
class BareQuestionCueTest {
  static final SafetyClassifier SAFETY = SafetyClassifier.standard();

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "how do I deal with stress at work?|en-US",
      "what should I do about my exam anxiety?|en-US",
      "how can I talk to my boss about a raise|en-US",
      "what can I do tonight to feel a bit better?|en-US",
      "who should I call to book an appointment|en-US",
      "how do I tell my parents I'm gay|en-US",
      "what should I say to my landlord about the mould|en-GB",
      "how can I get better at saying no to people|en-US"})
  void anEverydayQuestionOfOnesOwnIsNotConcernForSomeoneElse(String message, String locale) {
    Verdict v = SAFETY.classify(message, List.of(), locale);
    assertEquals(Action.NONE, v.action(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "my friend is suicidal, how can I help her?|en-US",
      "what should I do, my brother keeps saying he wants to die|en-US",
      "how do I help my roommate, I found pills and a goodbye note in her room|en-US",
      "who should I tell? my student wrote that she wants to kill herself|en-GB"})
  void aQuestionAboutSomeoneAtRiskKeepsTheThirdPartyPath(String message, String locale) {
    Verdict v = SAFETY.classify(message, List.of(), locale);
    assertEquals(Action.THIRD_PARTY, v.action(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "what should I do, I can't stop thinking about killing myself|en-US",
      "how do I stop wanting to die every single night|en-US"})
  void aQuestionAboutOnesOwnCrisisIsACrisis(String message, String locale) {
    Verdict v = SAFETY.classify(message, List.of(), locale);
    assertTrue(v.crisis(), v.toString());
  }
}
