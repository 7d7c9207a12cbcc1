package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Short English requests whose only function words were contractions or ordinary verbs: Neura's patients asking for
 * a format or a time ("I'd rather see someone online") were read as Spanish (folded "see" is Spanish "se") and got
 * the check-in for a language the classifier cannot read. Other languages' short messages keep their language.
 */
class EnglishShortRequestLanguageTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "I'd rather see someone online|en",
      "i'd prefer someone from the clinic near me|en",
      "when's your next opening|en",
      "please see if there's anything thursday|en",
      "ill need someone who does evenings|en",
      "no quiero ver a nadie, se acabó|es",
      "ik wil niemand meer zien|nl",
      "non voglio vedere nessuno oggi|it",
      "je préfère quelqu'un en ligne|fr",
      "ich hätte lieber jemanden online|de"})
  void aShortRequestIsReadInItsOwnLanguage(String message, String language) {
    assertEquals(language, Languages.detect(message, Folded.of(message), "en"), message);
  }
}
