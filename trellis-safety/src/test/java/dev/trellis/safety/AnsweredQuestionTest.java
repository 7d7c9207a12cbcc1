package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A short yes to the assistant's question about risk takes the question's class; a no, or a yes to anything else, does not. */
class AnsweredQuestionTest {
  static final SafetyClassifier SAFETY = SafetyClassifier.standard();

  static Verdict reply(String question, String answer, String locale) {
    return SAFETY.classify(answer, List.of(Message.human("hi"), Message.ai("Thank you for telling me. " + question)), locale);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Are you having thoughts of killing yourself?|yeah|en-US",
      "Do you sometimes wish you were dead?|sometimes|en-GB",
      "Is there a gun in your house you could get to?|yes|en-US",
      "Have you cut yourself since we last spoke?|a few times|en-US",
      "Are you thinking about ending your life?|yes I am|en-US",
      "Hast du daran gedacht, dich umzubringen?|ja|de-DE",
      "Hast du einen Plan, wie du dir das Leben nehmen willst?|ja schon|de-DE",
      "Est-ce que tu penses à te suicider ?|oui|fr-FR",
      "Tu as envie de mourir en ce moment ?|oui parfois|fr-FR"})
  void aShortYesToTheAssistantsQuestionAboutRiskIsACrisis(String question, String answer, String locale) {
    Verdict v = reply(question, answer, locale);
    assertTrue(v.crisis(), v.toString());
    assertEquals(Layer.CONTEXT, v.layer(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Are you having thoughts of killing yourself?|no|en-US",
      "Are you having thoughts of killing yourself?|not really|en-US",
      "Are you having thoughts of killing yourself?|nope, never|en-US",
      "Hast du daran gedacht, dich umzubringen?|nein|de-DE",
      "Est-ce que tu penses à te suicider ?|non pas du tout|fr-FR",
      "Are you safe right now?|yes|en-US",
      "Would you like me to book Thursday at 3?|yes|en-US",
      "Is it mostly your job that's stressing you?|yeah|en-US",
      "Did you get any sleep last night?|a little|en-US"})
  void aNoOrAYesToAnEverydayQuestionIsNoCrisis(String question, String answer, String locale) {
    Verdict v = reply(question, answer, locale);
    assertFalse(v.crisis(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"do you still have the pills?|en|do I still have the pills?",
      "are you thinking about hurting yourself?|en|am I thinking about hurting myself?",
      "hast du dir wehgetan?|de|habe ich mir wehgetan?", "tu veux te faire du mal ?|fr|je veux me faire du mal ?",
      "es tut mir leid, hast du es noch?|de|es tut mir leid, habe ich es noch?"})
  void theQuestionIsReadInTheUsersOwnWords(String question, String language, String own) {
    assertEquals(own, AnsweredQuestion.inOwnWords(question, language));
  }
}
