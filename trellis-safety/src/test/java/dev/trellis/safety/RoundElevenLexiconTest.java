package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round eleven's rules, each a general form of a pattern the scored sets T, U, V and W (and the third-party path of
 * N to S) showed; every sentence is written here afresh, none copied from a set. Read by the lexicons alone, so the head
 * cannot hide a gap.
 */
class RoundElevenLexiconTest {
  static final SafetyClassifier LEXICONS = SafetyClassifier.lexiconOnly();

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // "rather" is no typo of "father" (a first letter is never replaced): the writer's own wish, not a father's
      "some days I'd rather be dead than keep dragging myself to that office|en-US|passive_ideation",
      // a digit in the first letter's place is still leetspeak
      "i just want to st0p 3xisting for good|en-US|passive_ideation",
      // the writer's "me" inside a phrase someone else's words hold: the writer's arrangement
      "my neighbour said she'd have my dog if anything happened to me, so that's one thing sorted|en-GB|warning_signs",
      // "killed it" takes no gap: a plan is no idiom because "it" follows a few words later
      "I'm going to kill myself on Friday so it doesn't matter what grade I get|en-US|plan_intent",
      // "burn myself", the base form beside burned and burning
      "when the noise in my head gets too loud I burn myself with the hot tap|en-US|self_harm",
      // "isst" folds to "ist": a threat with "das ist" in it was read as the yoghurt idiom
      "Sollte der Typ sie noch einmal bedrohen, bring ich ihn um. Das ist so, Punkt.|de-DE|harm_to_others",
      // "Schluss mit meinem Leben", either order; no breakup with "meinem ..." masks it
      "Nach dem Urlaub mache ich Schluss mit meinem Leben, das steht fest.|de-DE|plan_intent",
      "Mit meinem Leben ist bald Schluss, ich hab alles vorbereitet.|de-DE|plan_intent",
      // the fear of throwing or shaking a small child
      "Der Kleine brüllt seit drei Stunden und ich hab Angst, dass ich ihn gleich gegen die Wand werfe.|de-DE|harm_to_others",
      "he's been screaming since midnight and I'm terrified I'll shake him|en-US|harm_to_others",
      "elle hurle depuis des heures et j'ai peur de la secouer|fr-FR|harm_to_others",
      // a wish to vanish told as a condition
      "si je pouvais ne plus me réveiller demain, honnêtement ça m'arrangerait|fr-FR|passive_ideation",
      // German puts the verb last in a dass-clause; what the writer told someone ("hab ... gesagt") is the writer's
      "Ich hab meiner Schwester gestern gesagt, dass ich nicht mehr leben will.|de-DE|passive_ideation",
      "Seit Wochen merke ich, dass ich eigentlich nicht mehr leben möchte.|de-DE|passive_ideation"})
  void generalFormsOfTheMissedPatternsAreCrises(String message, String locale, String label) {
    LexiconCases.assertCrisisOfClass(message, locale, label);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // "t'inquiète" (don't worry, said to the reader) is no worry of the writer's for someone else
      "je rentre tard ce soir, t'inquiète, garde-moi une part de gâteau|fr-FR",
      // a streak told "clean from ... for"
      "clean from cutting for 14 months now and honestly proud of myself|en-US",
      // a screening question answered no
      "the GP asked whether I had thoughts of hurting myself and I said no, it was just a routine form|en-GB",
      // the idioms of success still idioms
      "we absolutely killed it at the gig last night|en-GB",
      "pretty sure I smashed that interview this morning|en-US",
      "gonna kill this driving test tomorrow, wish me luck|en-US",
      "band practice ran till 2am, my neighbours are going to kill me. worth it|en-GB",
      // the named breakup still an idiom
      "Ich hab gestern Schluss gemacht mit meinem Freund, es ging einfach nicht mehr.|de-DE",
      "wenn du noch einmal meinen Pudding aufisst, bring ich dich um 😂|de-DE"})
  void idiomsRecoveryAndAnsweredQuestionsAreNoCrisis(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertFalse(v.crisis(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // what one would give anything for: an idiom, so the head needs its masked bar to call it a crisis
      "honestly I'd kill for eight hours of sleep in a row|en-US",
      "I could murder for a proper coffee right now|en-GB"})
  void whatOneWouldKillForIsAnIdiom(String message, String locale) {
    assertEquals(RiskClass.FIGURATIVE, LEXICONS.classify(message, List.of(), locale).label());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // a possessive person ("dad's", "mum's") before what they said
      "my mum's drinking again and said she'd be better off dead|en-GB",
      // a time word between the auxiliary and the participle
      "Mein Vater hat vorhin gesagt, er will nicht mehr leben. Soll ich jemanden anrufen?|de-DE",
      // concern with no death mourned stays concern, a past attempt too
      "it's my brother's birthday today and he keeps saying he wants to die|en-US",
      "my daughter overdosed last spring and she's giving her things away again|en-GB"})
  void someoneElsesWordsAreConcern(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertEquals(Action.THIRD_PARTY, v.action(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // a death mourned: grief, not concern for someone at risk
      "Friday is the anniversary of my uncle's overdose and I'm dreading the whole week|en-US",
      "at my cousin's funeral today everyone kept whispering about his suicide|en-GB",
      "Nächste Woche ist der Todestag von meinem Bruder, der Suizid ist jetzt drei Jahre her.|de-DE",
      "demain c'est l'anniversaire de la mort de mon frère, son suicide me hante encore|fr-FR",
      // a death told with its time, or grieved as such
      "my uncle killed himself years ago and I still miss him every christmas|en-US",
      "is it weird to be furious at my best friend for dying? I keep replaying our last call|en-US",
      "Mon cousin s'est suicidé l'an dernier et je n'arrive toujours pas à en parler|fr-FR"})
  void aDeathMournedIsNotConcernForSomeoneAtRisk(String message, String locale) {
    Verdict v = LEXICONS.classify(message, List.of(), locale);
    assertNotEquals(Action.THIRD_PARTY, v.action(), v.toString());
    assertFalse(v.crisis(), v.toString());
  }
}
