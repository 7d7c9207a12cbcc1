package dev.trellis.apps.opencouch.safety;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which messages read as worry about an illness alone: an illness named, and no sign of risk or of something said. */
class IllnessWorryWordsTest {
  @ParameterizedTest
  @ValueSource(strings = {"Meine Mutter ist krank und ich mache mir Sorgen", "my dad is in hospital and I'm scared",
      "ma sœur est malade, je m'inquiète", "My grandma was diagnosed with dementia and I worry about her",
      "Mein Vater liegt im Krankenhaus und ich habe Angst um ihn.", "My mom is sick and I'm worried about her.",
      "my dad has cancer and I can't stop worrying", "Ma mère est malade et je m'inquiète pour elle."})
  void anIllnessWithNoRiskNamedIsWorry(String message) {
    assertTrue(IllnessWorry.only(message), message);
  }

  @ParameterizedTest
  @ValueSource(strings = {"my friend says she wants to die, how do I help her?", "my brother is sick of life and I'm worried",
      "Meine Mutter ist krank und will nicht mehr leben", "ma mère est malade et parle d'en finir",
      "my dad is ill and has been giving away his things, he's talking about being gone", "I'm worried about my friend",
      "my mom is sick and she has pills hidden",
      "my best friend is in hospital after trying to hang himself", "Mein Bruder liegt nach einer Überdosis im Krankenhaus",
      "ma sœur est à l'hôpital, elle a avalé toutes ses pilules",
      "my sister is in the hospital because she jumped off a bridge last night",
      "Meine Freundin ist im Krankenhaus, sie hat alle ihre Tabletten geschluckt",
      "Mon frère est hospitalisé, il a pris trop de médicaments", "Mein Vater ist krank und hat sich erhängt",
      "my uncle is ill and took all his medication at once", "mon père est malade et s'est pendu"})
  void anyRiskOrNoIllnessIsNot(String message) {
    assertFalse(IllnessWorry.only(message), message);
  }
}
