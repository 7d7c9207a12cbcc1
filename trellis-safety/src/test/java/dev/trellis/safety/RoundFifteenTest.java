package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.trellis.agent.message.Message;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round fifteen's rules, each a general form of a pattern the scored sets AD, AE, AF and MI showed (or the misses round
 * fourteen left in AA and AB); every sentence is written here afresh, none copied from a set. Where the rule is the
 * deterministic layers', the lexicons alone read it, so the head cannot hide a gap; every rule has its guard, the same
 * reply or words where they mean nothing.
 */
class RoundFifteenTest {
  static final SafetyClassifier LEXICONS = SafetyClassifier.lexiconOnly();
  static final SafetyClassifier SAFETY = SafetyClassifier.standard();

  static List<Message> asked(String before, String question) {
    return List.of(Message.human(before), Message.ai(question));
  }

  private static void assertContextCrisis(String before, String question, String answer, String locale) {
    Verdict v = LEXICONS.classify(answer, asked(before, question), locale);
    assertEquals(Action.CRISIS, v.action(), v.toString());
    assertEquals(Layer.CONTEXT, v.layer(), v.toString());
  }

  private static void assertNoContext(String before, String question, String answer, String locale) {
    Verdict v = LEXICONS.classify(answer, asked(before, question), locale);
    assertNotEquals(Layer.CONTEXT, v.layer(), v.toString());
    assertFalse(v.crisis(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Are you thinking about ending your life?|yeah. worked out the details too. not saying more|en-US",
      "Denkst du daran, dich umzubringen?|ja. wie genau, sag ich dir nicht|de-DE",
      "Tu penses à te suicider ?|oui. je te dirai pas comment|fr-FR"})
  void aYesThatWithholdsItsDetailsStillSaysYes(String question, String answer, String locale) {
    assertContextCrisis("hey", question, answer, locale);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // a no that denies, not one that refuses to tell
      "Denkst du daran, dich umzubringen?|ja. aber nicht ernsthaft|de-DE",
      "Are you thinking about ending your life?|yeah, no, not like that|en-US"})
  void aYesWithADenialStaysNone(String question, String answer, String locale) {
    assertNoContext("hey", question, answer, locale);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "i cut myself tonight|Is it still bleeding?|yeah, right through the bandage|en-US",
      "hab mich wieder geritzt|Blutet es noch?|ja, ziemlich stark sogar|de-DE",
      "je me suis coupée ce soir|Ça saigne encore ?|oui, le pansement est plein|fr-FR"})
  void aYesAndMoreToTheQuestionRightAfterTheUsersOwnCrisisTakesThatCrisis(String before, String question,
                                                                           String answer, String locale) {
    assertContextCrisis(before, question, answer, locale);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "I started a new job|Is it going well?|yeah, through the first week already|en-US",
      "wir ziehen um|Habt ihr schon Kartons?|ja, ziemlich viele sogar|de-DE"})
  void theSameYesAndMoreAfterAnEverydayMessageTakesNoClass(String before, String question, String answer,
                                                          String locale) {
    assertNoContext(before, question, answer, locale);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // a when told by an event
      "I'm going to end my life|Have you thought about when?|after the wedding|en-US",
      "ich will mich umbringen|Weißt du schon, wann?|nach der Prüfung|de-DE",
      "je vais me tuer|Tu as pensé à quand ?|après les fêtes|fr-FR",
      // "an hour ago" is no distant past; just now, and where on the body
      "i burned myself again|When did this happen?|about an hour ago|en-US",
      "hab mich wieder geritzt|Wann war das?|eben gerade, am Handgelenk|de-DE",
      "je me suis encore coupée|C'était quand ?|ce matin, sur la cuisse|fr-FR"})
  void aWhenOrWhereToTheQuestionRightAfterTheUsersOwnCrisisTakesThatCrisis(String before, String question,
                                                                            String answer, String locale) {
    assertContextCrisis(before, question, answer, locale);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "we're moving house|When are you moving?|after the wedding|en-US",
      "i burned myself again|When did this happen?|about a year ago|en-US",
      "je me suis encore coupée|C'était quand ?|il y a un an|fr-FR"})
  void aWhenAfterAnEverydayMessageOrADistantPastTakesNoClass(String before, String question, String answer,
                                                             String locale) {
    assertNoContext(before, question, answer, locale);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // the question points back at the sentence before it
      "Sometimes people in this much pain have thoughts of suicide. Is that something you have?|yeah quite often|en-GB",
      "Manche haben in so einer Lage Suizidgedanken. Ist das bei dir auch so?|ja, schon|de-DE",
      // what was asked, then yes
      "Are you thinking of using the pills you've been saving to overdose?|those pills yeah|en-US",
      "Tu as une arme chez toi à laquelle tu penses ?|le fusil oui|fr-FR"})
  void aYesToAQuestionPointingBackOrAfterWhatWasAskedTakesItsClass(String question, String answer, String locale) {
    assertContextCrisis("hey", question, answer, locale);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Lots of people have thoughts of a holiday after a week like that. Is that something you have?|yeah quite often|en-GB",
      "Do you have a bike or a car to get to work?|the bike yeah|en-US"})
  void theSameYesAfterAnEverydayQuestionTakesNoClass(String question, String answer, String locale) {
    assertNoContext("hey", question, answer, locale);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "For my psychology essay: what's the difference between suicidal ideation and a plan, in the literature?|en-GB",
      "Gibt es einen Unterschied zwischen Suizidgedanken bei Jugendlichen und bei Erwachsenen?|de-DE",
      "En formation, on nous apprend à poser la question « avez-vous pensé au suicide ? » directement. Ça choque ?|fr-FR"})
  void termsToldApartOrTheQuestionPutToOthersAreNoCrisisOfTheLexicons(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertEquals(RiskClass.FIGURATIVE, v.label(), v.toString());
    assertFalse(v.crisis(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "honestly I've had suicidal thoughts every night this week|en-US|passive_ideation",
      "Ich habe seit Wochen Suizidgedanken.|de-DE|passive_ideation"})
  void theWritersOwnSuicidalThoughtsStayACrisis(String message, String locale, String label) {
    LexiconCases.assertCrisisOfClass(message, locale, label);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "My wife's been drinking again and yesterday said she'd crash the car on purpose|en-US",
      "my cousin is in a bad way and last week told us he'd walk into the river one day|en-GB"})
  void whatSomeoneElseSaidTheydDoIsConcernForThem(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertEquals(Action.THIRD_PARTY, v.action(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "he said he'd help me move, but honestly I want to die|en-US|passive_ideation"})
  void theWritersOwnClauseAfterWhatSomeoneSaidStaysACrisis(String message, String locale, String label) {
    LexiconCases.assertCrisisOfClass(message, locale, label);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Mein Vermieter ignoriert alles, ich hab keine Geduld mehr mit ihm|de-DE",
      "mon collègue arrive toujours en retard, j'ai plus aucune patience avec lui|fr-FR",
      "my flatmate never washes up and I've lost patience with her|en-GB"})
  void patienceLostWithSomeoneIsAnnoyanceNotACrisis(String message, String locale) {
    Verdict lexicons = LEXICONS.classify(message, List.of(), locale);
    assertEquals(RiskClass.FIGURATIVE, lexicons.label(), lexicons.toString());
    Verdict v = SAFETY.classify(message, List.of(), locale);
    assertFalse(v.crisis(), v.toString());
    assertNotEquals(Action.CHECK_IN, v.action(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "ich habe keine Geduld mehr mit diesem Leben, ich will nicht mehr|de-DE",
      "je n'ai plus aucune patience avec la vie, je veux mourir|fr-FR"})
  void patienceLostWithLifeStaysACrisis(String message, String locale) {
    assertEquals(Action.CRISIS, SAFETY.classify(message, List.of(), locale).action(), message);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "je me suis ouvert les veines dans la douche|fr-FR|attempt_in_progress",
      "honestly i think about being dead most days|en-US|passive_ideation"})
  void openedVeinsAndThoughtsOfBeingDeadAreRead(String message, String locale, String label) {
    LexiconCases.assertCrisisOfClass(message, locale, label);
  }
}
