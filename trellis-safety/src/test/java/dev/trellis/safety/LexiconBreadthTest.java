package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round five's lexicon phrases, each a general phrasing of a pattern the head missed on set D
 * (written here afresh, no set message copied): read by the lexicons alone.
 */
class LexiconBreadthTest {
  static final SafetyClassifier LEXICONS = SafetyClassifier.lexiconOnly();

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "honestly tomorrow's the day. I'm calm about it|en-US|plan_intent",
      "bought a ticket to the coast and I'm not coming back from this trip|en-GB|plan_intent",
      "Am Samstag fahre ich zum Parkhaus und springe, das ist entschieden|de-DE|plan_intent",
      "je sauterai du pont demain, c'est décidé|fr-FR|plan_intent",
      "I can't stop fantasizing about strangling my stepdad when he's asleep|en-US|harm_to_others",
      "he'll regret what he did, I know his address and what time he gets home|en-US|harm_to_others",
      "swear down I'm going to glass that bloke next time I see him|en-GB|harm_to_others",
      "I told my mum none of it was her fault and hugged her for a long time|en-GB|warning_signs",
      "sorted my bank stuff and apologised to my brother. last thing on my list done|en-US|warning_signs",
      "gave my rabbit to the neighbours, told them he's theirs now|en-US|warning_signs",
      "i carved letters into my stomach with a safety pin|en-US|self_harm",
      "I keep stubbing cigarettes out on my wrist when I'm alone|en-GB|self_harm",
      "woke up again today and honestly I'm gutted about it|en-GB|passive_ideation",
      "if they found something terminal I'd be relieved|en-US|passive_ideation",
      "my class would throw a party if I died|en-US|indirect_ideation",
      "I can't do this anymore|en-US|passive_ideation",
      "I don't know how much more of this I can take|en-GB|indirect_ideation",
      "je veux pas mourir exprès, mais si je mourais cette nuit ça me dérangerait pas|fr-FR|passive_ideation"})
  void generalPhrasingsOfMissedPatternsAreCrises(String message, String locale, String label) {
    LexiconCases.assertCrisisOfClass(message, locale, label);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "Das Projekt bringt mich noch um|de-DE",
      "I'm going to end things with Sam tonight, it's overdue|en-US",
      "I don't know how much more homework I can take this term|en-US"})
  void idiomsOfTheNewPhrasesStayIdioms(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertFalse(v.crisis(), v.toString());
  }
}
