package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round eight's lexicon phrases and rules, each a general phrasing of a pattern sets H and I showed (written here
 * afresh, no set message copied): read by the lexicons alone, so the head cannot hide a gap.
 */
class RoundEightLexiconTest {
  static final SafetyClassifier LEXICONS = SafetyClassifier.lexiconOnly();

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "lol streak's over. blade again. fine, totally fine|en-US|self_harm",
      "up on the top floor of the car park, I've climbed over the railing|en-GB|attempt_in_progress",
      "would you look after my dog if anything happens to me? asking seriously|en-US|warning_signs",
      "told my mum she's my whole world. she asked what's wrong and I changed the subject|en-GB|warning_signs",
      "brilliant, another forty years. hoping I don't make it|en-GB|passive_ideation",
      "I keep hoping God will just take me one of these nights|en-US|passive_ideation",
      "Manchmal wünsche ich mir, der Herrgott würde mich einfach holen.|de-DE|passive_ideation",
      "J'espère que le bon Dieu me rappelle bientôt.|fr-FR|passive_ideation"})
  void generalPhrasingsOfTheMissedPatternsAreCrises(String message, String locale, String label) {
    LexiconCases.assertCrisisOfClass(message, locale, label);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Mój przyjaciel napisał, że chce się zabić. Co powinienem zrobić?|pl-PL",
      "Mon ami a laissé des lettres d'adieu dans sa chambre, je les ai trouvées|fr-FR",
      "my cousin shared something online that reads like a goodbye note, should I call her mum?|en-GB"})
  void someoneElsesWritingIsConcernForThemNotTheWritersCrisis(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertEquals(Action.THIRD_PARTY, v.action(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "I overdosed in 2012 and now I'm a nurse on a psych ward|en-US",
      "I tried to kill myself in 1998, these days I mentor others who survived|en-GB"})
  void aCrisisDatedByAYearIsPast(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertFalse(v.crisis(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "I should end it with Sam, it's been dead since Easter|en-US",
      "I'm going to strangle my flatmate, she finished the biscuits again|en-GB",
      "I'm going to murder him, obviously not, but he left me no crisps|en-US",
      "Je vais tuer ma coloc, elle a mangé tout mon fromage|fr-FR",
      "that exam made me want to kms lol jk, got a C|en-US"})
  void aDeadRelationshipATrifleOrADisownedThreatIsFigurative(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertFalse(v.crisis(), v.toString());
    assertNotEquals(Action.THIRD_PARTY, v.action(), v.toString());
  }
}
