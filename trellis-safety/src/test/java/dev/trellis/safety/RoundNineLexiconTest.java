package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round nine's rules, each a general form of a pattern sets J and K showed (sentences written here afresh, no set
 * message copied): read by the lexicons alone, so the head cannot hide a gap.
 */
class RoundNineLexiconTest {
  static final SafetyClassifier LEXICONS = SafetyClassifier.lexiconOnly();

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // English drops the subject right before the verb at the start of a message
      "Cut again yesterday, after four months clean.|en-GB|self_harm",
      "Took the whole packet of my sleeping pills about twenty minutes ago|en-US|attempt_in_progress",
      // a train named by its departure time
      "Going to step in front of the 8.15 to Leeds on Friday.|en-GB|plan_intent",
      "gonna walk in front of the 7:05 express tmrw|en-US|plan_intent",
      // the noose already up
      "the noose is tied to the beam in the garage already|en-US|attempt_in_progress",
      "Die Schlinge hängt schon am Dachbalken.|de-DE|attempt_in_progress",
      // hoping for an end from outside, said as indifference
      "if a bus hit me tomorrow I honestly wouldn't mind|en-GB|passive_ideation",
      "franchement si une voiture me percutait ce soir, ça me serait égal|fr-FR|passive_ideation",
      "wenn mich morgen ein LKW überfahren würde, wäre mir das egal|de-DE|passive_ideation",
      // a wish not to be alive; a comparative in learner's English
      "my birthday wish this year: to not be alive anymore|en-US|passive_ideation",
      "I think my friends are more good without me around|en-US|passive_ideation",
      // whether a life insurance pays out however one dies
      "does my life insurance still pay out if it was suicide? asking so I can sort things|en-US|warning_signs"})
  void generalFormsOfTheMissedPatternsAreCrises(String message, String locale, String label) {
    LexiconCases.assertCrisisOfClass(message, locale, label);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // the subject is dropped only right before the verb: "going ... hang" needs its "I"
      "Going to hang out with my cousins tonight|en-US",
      "Cut my hair again last night, it looks awful|en-GB",
      "Took my vitamins and went for a run|en-US"})
  void everydaySentencesOfTheSameShapeAreNoCrisis(String message, String locale) {
    assertFalse(LEXICONS.classify(message, List.of(), locale).crisis(), message);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Ich habe meinem Bruder meine Gitarre gegeben und gesagt, er soll sie behalten. Meine Bücher hab ich auch verschenkt.|de-DE"})
  void aGiftTheWriterMadeIsNotConcernForTheOneWhoGotIt(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertNotEquals(Action.THIRD_PARTY, v.action(), v.toString());
    assertEquals(Action.CRISIS, v.action(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Am scris scrisori pentru toți prietenii mei și le-am lăsat pe birou.|ro-RO|ro",
      "Dałem wszystkie moje rzeczy siostrze.|pl-PL|pl",
      "Mi-am luat rămas bun de la toată lumea azi|en-US|ro"})
  void lettersNoReadableLanguageWritesMakeAMessageUnreadable(String message, String locale, String language) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertEquals(language, v.language(), v.toString());
    assertFalse(v.languageSupported(), v.toString());
    assertTrue(v.crisis() || v.action() == Action.CHECK_IN, v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // function words are folded as messages are: "been", "all", "really" are English again
      "Been clean 60 days today 🎉|en-US|en",
      "all good really, off to bed|en-GB|en",
      // other languages' words are not folded: Dutch "ook" is not "ok"
      "ok thanks|en-US|en",
      "Ich will einfach nur schlafen|de-DE|de"})
  void functionWordsWithDoubleLettersCount(String message, String locale, String language) {
    assertEquals(language, LEXICONS.classify(message, List.of(), locale).language());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // "off" folds to "of": the verb only after an auxiliary
      "i used to hurt myself but I've been clean two years now, just proud of myself today|en-US",
      "I'm going to be so proud of myself tomorrow when this exam is done|en-GB",
      // a German word is no typo of an English one ("beste" is not "bestie"), nor a function word of a longer word
      "Ich habe meiner besten Freundin geschrieben, die hat sich so gefreut|de-DE",
      "Meine Schwester und meine Mutter kommen morgen zu Besuch|de-DE"})
  void wordsThatOnlyLookLikeAPhraseAreNoSignal(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertEquals(Action.NONE, v.action(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "if we lose the final I'm going to top myself (obviously joking)|true",
      "gonna kms if this printer jams again, just kidding|true",
      "I'm not joking, I'm going to top myself|false",
      "are you kidding me, I want to die|false"})
  void jokingOrKiddingUnnegatedIsAJokeCue(String message, boolean joke) {
    assertEquals(joke, JokeCue.in(Folded.of(message).tokens()), message);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "I spoke to Łukasz today and it went well, thanks for asking|en-US|en",
      "On a fêté l'anniversaire de Søren hier soir, c'était super|fr-FR|fr"})
  void oneForeignNameDoesNotMakeAReadableMessageUnreadable(String message, String locale, String language) {
    assertEquals(language, LEXICONS.classify(message, List.of(), locale).language());
  }
}
