package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round six's lexicon phrases, each a general phrasing of a pattern set E showed (written here
 * afresh, no set message copied): read by the lexicons alone.
 */
class RoundSixLexiconTest {
  static final SafetyClassifier LEXICONS = SafetyClassifier.lexiconOnly();

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "quick one about my tax return. btw I'll kill myself this Friday so whatever|en-US|plan_intent",
      "gonna end myself on saturday, the flat will be empty|en-GB|plan_intent",
      "I was 60 days sh free and tonight I blew it|en-US|self_harm",
      "three weeks harm free and I messed up again tonight|en-GB|self_harm",
      "if I get my script filled at two pharmacies I'll have enough saved|en-US|means_access",
      "mon frère va prendre mon chien définitivement, une chose de moins à régler|fr-FR|warning_signs",
      "Für meinen Hund habe ich ein Zuhause für immer gefunden, dann ist das auch erledigt|de-DE|warning_signs"})
  void generalPhrasingsOfSetEsMissedPatternsAreCrises(String message, String locale, String label) {
    LexiconCases.assertCrisisOfClass(message, locale, label);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "if the radio plays that jingle one more time I will murder someone|en-US",
      "can I fill my prescription at a different pharmacy while I'm on holiday?|en-GB",
      "we're adopting a shelter dog for good this weekend, so excited|en-US"})
  void everydayNeighboursOfTheNewPhrasesAreNoCrisis(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertFalse(v.crisis(), v.toString());
  }
}
