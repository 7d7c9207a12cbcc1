package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Round eight's changes read by the standard classifier (lexicons and the head trained on the corpus): its own
 * plan of harm stays a crisis whatever someone else did, and the everyday messages the head sent to the crisis
 * branch before round eight's training messages — sentences written here afresh.
 */
class RoundEightClassifierTest {
  static final SafetyClassifier SAFETY = SafetyClassifier.standard();

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "some idiot said stuff about my mum online. I'm going to find him tomorrow and smash his face in|en-GB",
      "a guy from work told lies about my girlfriend, tonight I'm going to wait for him and break his jaw|en-US"})
  void aPlanOfHarmStaysACrisisWhenSomeoneElsesDeedIsTheReason(String message, String locale) {
    Verdict v = SAFETY.classify(message, List.of(), locale);
    assertEquals(Action.CRISIS, v.action(), v.toString());
    assertEquals(RiskClass.HARM_TO_OTHERS, v.label(), v.toString());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "My aunt died in the spring and I don't feel like I've mourned her yet|en-US",
      "I'm 17 and think I might be gay, I don't know who I can tell|en-US",
      "Two months sober today!! nobody at home cares so I'm telling you|en-US",
      "I hate my stepmother, I hope she suffers for what she did. I'm not going to do anything to her, I just need to vent|en-GB"})
  void griefComingOutSobrietyAndDisownedAngerAreNoCrisis(String message, String locale) {
    Verdict v = SAFETY.classify(message, List.of(), locale);
    assertFalse(v.crisis(), v.toString());
  }
}
