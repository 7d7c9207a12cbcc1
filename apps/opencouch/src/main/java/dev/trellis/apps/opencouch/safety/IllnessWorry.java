package dev.trellis.apps.opencouch.safety;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Worry about someone's illness ("Meine Mutter ist krank und ich mache mir Sorgen", "my dad is in
 * hospital and I'm scared", "ma sœur est malade, je m'inquiète"): the classifier reads it as concern
 * for someone else at risk (its third-party class), but an illness is not a risk of harming oneself,
 * and the third-party reply ("ask them directly whether they're thinking about suicide") does not
 * fit it. OpenCouch answers it on the therapeutic branch instead. Only a message that names an
 * illness and no sign of risk at all is taken: words of death, suicide, self-harm, danger, not wanting to
 * live, a means or an attempt (hanging, jumping, an overdose, pills or medication taken, a weapon:
 * "my best friend is in hospital after trying to hang himself", "Mein Bruder liegt nach einer Überdosis im
 * Krankenhaus"), or someone saying or threatening something ("my friend says she wants to die") keep the
 * third-party reply. The words are wide on purpose: a missed risk here would turn a third-party verdict
 * into an ordinary reply, while a worry kept on the third-party path only gets the gentler reply.
 */
final class IllnessWorry {
  /** An illness, a diagnosis or a stay in hospital, in English, German or French. */
  private static final Pattern ILLNESS = Pattern.compile("\\b(?:sick|ill|illness|unwell|cancer|tumou?r|diagnos\\w*|"
      + "disease|dementia|alzheimer'?s?|stroke|heart attack|chemo\\w*|surgery|operation|(?:in|in the|at the) hospital|"
      + "krank|krankheit|erkrankt|krebs|tumor|diagnose|demenz|schlaganfall|herzinfarkt|krankenhaus|klinik|"
      + "malade|maladie|hôpital|hospitalisée?|opérée?|démence|avc|crise cardiaque)\\b");
  /** Any sign that someone's life or safety is at risk, or that they said or threatened something. */
  private static final Pattern RISK = Pattern.compile("suicid|selbstmord|suizid|\\bkill|murder|\\bdie\\b|\\bdied\\b|dying"
      + "|\\bdead\\b|death|\\bend (?:it|her|his|their|my|this|everything)|overdos|\\bpills?\\b|tablets|self[- ]?harm|harm"
      + "|hurt|cut(?:s|ting)? (?:her|him|them)self|danger|unsafe|not (?:want|wanna) to (?:live|be)|no reason to live"
      + "|give up|gave up|better off|goodbye|\\bgone\\b|disappear|\\bsays?\\b|\\bsaid\\b|threat|weapon|\\bgun|knife"
      + "|sterben|\\btot\\b|umbringen|antun|verletz|gefahr|nicht mehr leben|aufgeben|abschied|\\bsagt\\b|gesagt|droht"
      + "|sick of|tired of|fed up|\\blife\\b|\\bleben\\b|\\bvie\\b|hopeless|hoffnungslos|désespér|no way out|ausweg"
      + "|mourir|\\bmort|me tuer|se tuer|en finir|se faire du mal|danger|plus vivre|abandonner|adieu|\\bdit\\b|menace"
      // a way of harming oneself or an attempt: hanging, jumping, an overdose, pills or medication taken, a weapon
      + "|\\bhang(?:s|ed|ing)?\\b|\\bhung (?:him|her|them)sel|noose|\\bjump|overdose|medication|\\bmeds\\b|swallow|poison"
      + "|\\b(?:tried|trying|attempted|attempting) to\\b|attempt|\\bslit|wrist|\\brope\\b|\\bbridge|rail(?:way)? track"
      + "|erhäng|aufgehängt|aufhängen|\\bstrick|gesprungen|springen|sprang|überdosis|tablette|medikament|geschluckt|schlucken"
      + "|vergift|versuch|waffe|pistole|\\bmesser|\\britz|\\bbrücke|\\bgleis|pendu|pendre|\\bcorde|saut[ée] (?:du|d'un|d'une|de|par)"
      + "|sauter (?:du|d'un|d'une|de|par)|\\ba saut|défenestr|pilule|m[ée]dicament|comprim|cachets|aval[ée]|surdose"
      + "|empoisonn|\\btent[ée]e? de|tentative|arme à feu|fusil|pistolet|couteau|\\bpont\\b|scarifi|mutil");

  private IllnessWorry() {
  }

  /** Whether {@code message} is worry about someone's illness and names no risk: not the third-party reply's. */
  static boolean only(String message) {
    if (message == null) {
      return false;
    }
    String t = message.toLowerCase(Locale.ROOT).replace('’', '\'');
    return ILLNESS.matcher(t).find() && !RISK.matcher(t).find();
  }
}
