package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.trellis.checkpoint.store.Embeddings;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round ten's rules, each a general form of a pattern the scored sets N, O, R and S showed (sentences written here
 * afresh, no set message copied). The lexicon rules are read by the lexicons alone, so the head cannot hide a gap;
 * the band's floor after a negated phrase with a head of fixed scores.
 */
class RoundTenLexiconTest {
  static final SafetyClassifier LEXICONS = SafetyClassifier.lexiconOnly();

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // weighted down in water
      "waded into the lake with stones stuffed in my pockets|en-GB|attempt_in_progress",
      "I'm walking into the sea, my coat pockets are full of rocks|en-US|attempt_in_progress",
      "Ich stehe im Fluss, die Taschen voller Steine.|de-DE|attempt_in_progress",
      "je marche dans la mer avec des cailloux plein les poches|fr-FR|attempt_in_progress",
      // an urge to do something to someone, or picturing pushing them (German)
      "Ich habe seit Tagen den Drang, meinem Kollegen etwas anzutun.|de-DE|harm_to_others",
      "Manchmal stelle ich mir vor, wie ich sie vom Balkon stoße.|de-DE|harm_to_others",
      // a debt that will go to the grave with the writer
      "the mortgage can follow me to the grave, which won't be far off|en-US|indirect_ideation",
      // a wish told in a German dass-clause, its verb past the eight-word window
      "Ich bete jede Nacht, dass der liebe Gott mich endlich zu sich holt.|de-DE|passive_ideation",
      "Ich hoffe jeden Morgen beim Aufstehen, dass ich irgendwann einfach nicht mehr aufwache.|de-DE|passive_ideation",
      // a shooting at a workplace; cutting on the mind; everything said that needed saying
      "gonna shoot up the depot that laid me off. watch|en-US|harm_to_others",
      // the writer's own threat, its subject dropped, after someone else's deed
      "some guy shoved my little brother at the bus stop. gonna find him and make him pay|en-US|harm_to_others",
      "can't stop thinking about cutting tonight, it's all I think about|en-GB|self_harm",
      "rang my brother and my best mate this week. I've said everything I needed to say to them|en-GB|warning_signs",
      "I'm ending things on my birthday next month, it's decided|en-US|plan_intent",
      // the writer's "I" in the sentence: someone else's means the writer has
      "I know where my uncle has hidden his pills, I've thought about it a lot|en-US|means_access",
      "I want to end it with pills tonight|en-US|plan_intent",
      // someone else named in a farewell is no one else's means
      "whoever reads this: please tell my brother none of this was his fault|en-US|warning_signs",
      // still crises: the words these rules take off the branch, said of life itself
      "j'en ai marre de vivre comme ça|fr-FR|passive_ideation",
      "je veux en finir avec la vie|fr-FR|passive_ideation"})
  void generalFormsOfTheMissedPatternsAreCrises(String message, String locale, String label) {
    LexiconCases.assertCrisisOfClass(message, locale, label);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // the internet idiom of something gone
      "my will to live has officially left the chat, third meeting before lunch|en-US",
      "my will to live left the building somewhere around slide forty|en-GB",
      // "en finir avec" someone: a breakup
      "Faut que j'en finisse avec ce type, il me ment depuis des mois|fr-FR",
      "je vais en finir avec lui ce week-end, c'est décidé, je le quitte|fr-FR",
      // "j'en ai marre de tout": everyday exasperation
      "J'en ai vraiment marre de tout ce bazar au bureau|fr-FR",
      // a breakup with someone named, a language app's streak, a machine to strangle
      "I think I have to end things with Marcus, we want different lives|en-US",
      "Ending it all tonight... my 300 day streak on Duolingo, that is|en-US",
      "going to strangle the printer, it ate my boarding pass again|en-GB",
      // something else "bringt mich um"; a past told with its own past verb
      "Diese Hitze bringt mich noch um, ich brauch einen Ventilator|de-DE",
      "I self-harmed for a while when I was 15 but that's long done, I'm asking about scar creams|en-US",
      "Vor acht Jahren habe ich mal an Suizid gedacht, heute geht's mir gut.|de-DE",
      // a dissertation on the topic; how suicide risk is assessed
      "my dissertation is on self-harm among nurses, any good papers?|en-GB",
      "on apprend à évaluer le risque suicidaire en stage, vous avez des ressources ?|fr-FR"})
  void idiomsOfTheSameWordsAreNoCrisis(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertFalse(v.crisis(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // the writer's own wounds, seen by someone else: not concern for the one who saw them
      "my dad saw the fresh cuts on my arms and now he won't talk to me|en-US",
      "my girlfriend noticed the cuts on my left thigh last night|en-GB",
      "Meine Schwester hat die Schnitte an meinem Arm gesehen.|de-DE",
      "Ma copine a vu les coupures sur mes poignets hier soir|fr-FR",
      // the writer's own student loan is no student of theirs
      "my student loans will die with me at this rate|en-US"})
  void theWritersOwnIsNotConcernForSomeoneElse(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertNotEquals(Action.THIRD_PARTY, v.action(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // someone else's wounds, and a pupil's disclosure, stay concern for someone else
      "my friend saw the cuts on my sister's wrists, what should we do?|en-US",
      "one of my pupils disclosed that she has been self-harming, what's the protocol?|en-GB",
      "a pupil told me today he has suicidal thoughts, I teach year 9|en-GB",
      // someone else's means, in a sentence without the writer
      "My uncle has been stockpiling his sleeping pills since the funeral. What should we do?|en-US",
      // someone else's threat, its subject a third person
      "my cousin's boyfriend keeps texting that he's going to hurt her if she goes out. who can help?|en-GB",
      // the third person's reflexive in German
      "Mein Mitbewohner sagt ständig, dass er sich umbringen will. Was kann ich tun?|de-DE",
      "Meine Tochter hat geschrieben, dass sie sich wünscht, nicht mehr zu leben.|de-DE"})
  void someoneElsesHarmStaysConcern(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertEquals(Action.THIRD_PARTY, v.action(), v.toString());
  }

  /** The head's features read nothing here: every text gets probabilities from the biases alone. */
  private static SafetyClassifier fixedHead(double crisis) {
    int dimension = 4;
    int width = dimension + Features.BUCKETS;
    float[][] weights = new float[RiskClass.values().length][width];
    float[] bias = new float[RiskClass.values().length];
    bias[RiskClass.PASSIVE_IDEATION.ordinal()] = 2f;
    float[] crisisBias = {0f, (float) Math.log(crisis / (1 - crisis))};
    EmbeddingHead head = new EmbeddingHead(weights, bias, new float[2][width], crisisBias, dimension, 2f, "test");
    Embeddings zeros = texts -> texts.stream().map(t -> new float[dimension]).toList();
    return SafetyClassifier.builder().embeddings(zeros).head(head).build();
  }

  @Test
  void theCheckInBandStartsHigherAfterANegatedPhrase() {
    String negated = "I would never kill myself, my kids mean too much, but this month has been awful";
    String plain = "this month has been awful, honestly";
    // p = 0.4: in the band under the usual bar (0.25 to 0.6), under it after a negated phrase (0.45 to 0.8)
    SafetyClassifier uncertain = fixedHead(0.4);
    assertEquals(Action.CHECK_IN, uncertain.classify(plain, List.of(), "en-US").action());
    Verdict afterNegation = uncertain.classify(negated, List.of(), "en-US");
    assertEquals(Action.NONE, afterNegation.action(), afterNegation.toString());
    // p = 0.5: in the raised band
    assertEquals(Action.CHECK_IN, fixedHead(0.5).classify(negated, List.of(), "en-US").action());
    // p = 0.7: under the raised bar (0.8) still a check-in, never the crisis branch
    assertEquals(Action.CHECK_IN, fixedHead(0.7).classify(negated, List.of(), "en-US").action());
  }
}
