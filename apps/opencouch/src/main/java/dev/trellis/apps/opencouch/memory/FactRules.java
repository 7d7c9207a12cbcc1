package dev.trellis.apps.opencouch.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The offline semantic extractor: patterns for the facts people state about themselves. */
public final class FactRules {
  private record Rule(String category, Pattern pattern, String template) {
  }

  private static final String REL = "sister|brother|mom|mother|mum|dad|father|partner|wife|husband|girlfriend|boyfriend|"
      + "son|daughter|best friend|friend|boss|therapist|roommate|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin";
  private static final String PET = "dog|cat|puppy|kitten|rabbit|bunny|parrot|hamster|horse";
  private static final String HEALTH = "adhd|depression|anxiety|bipolar( disorder)?|ptsd|ocd|insomnia|migraines?|diabetes|"
      + "chronic pain|an eating disorder|panic disorder|asthma";
  private static final String NAME = "(\\p{Lu}[\\p{L}'-]+)";

  private static final List<Rule> RULES = List.of(
      new Rule("name", Pattern.compile("(?i:\\bmy name is|\\bi'?m called|\\bname'?s) " + NAME), "The user's name is %s."),
      // an introduction after a greeting ("hi, I'm Sam"): a capitalised word, so "hi, I'm tired" names no one
      new Rule("name", Pattern.compile("^(?i:hi|hey|hello|hiya|heya)[,!.]? +(?i:i'?m|i am|this is) " + NAME + "\\b"),
          "The user's name is %s."),
      // German and French: "ich heiße Lena", "je m'appelle Zoé", "moi c'est Léa"; "ich bin"/"je suis" only after a
      // greeting ("Hallo, ich bin Lena"), since German capitalises nouns ("ich bin Lehrerin")
      new Rule("name", Pattern.compile("(?iu:\\bich hei(?:ß|ss)e|\\bmein name ist|\\bje m['’]appelle|\\bmoi,? c['’]est"
          + "|\\bmon (?:pré)?nom(?:,)? c['’]est|\\bmon (?:pré)?nom est) " + NAME, Pattern.UNICODE_CHARACTER_CLASS),
          "The user's name is %s."),
      new Rule("name", Pattern.compile("^(?iu:hallo|hi|hey|servus|moin|guten (?:morgen|tag|abend)|bonjour|salut|coucou|"
          + "bonsoir)[,!.]? +(?iu:ich bin|hier ist|je suis|c['’]est) " + NAME + "\\b", Pattern.UNICODE_CHARACTER_CLASS),
          "The user's name is %s."),
      new Rule("relationship", Pattern.compile("(?i:\\bmy (" + REL + "))(?:'s name is| is called| named| called|,)? " + NAME),
          "The user's %s is %s."),
      new Rule("pet", Pattern.compile("(?i:\\b(?:my|i have an?|we have an?) (" + PET + "))(?:'s name is| is called| named| called|,)? " + NAME),
          "The user has a %s named %s."),
      new Rule("pet", Pattern.compile("(?i)\\bi have an? (" + PET + ")\\b(?! named| called)"), "The user has a %s."),
      new Rule("occupation", Pattern.compile("(?i)\\bi work (as an?|as|at|in) ([a-z][a-z ]{2,40}?)(?=[.,!?]|$| and | but )"),
          "The user works %s %s."),
      // "I'm a nurse", "I'm a second year psych student" (a few words before the job, none of them a judgement)
      new Rule("occupation", Pattern.compile("(?i)\\bi'?m an? ((?:(?!(?:bad|terrible|horrible|awful|useless|failing|shit|"
          + "crap|lousy|good|great|better|worse|total|complete|fake)\\b)[a-z-]+ ){0,3}(?:nurse|teacher|student|engineer|developer|doctor|lawyer|"
          + "designer|chef|cook|writer|artist|accountant|manager|programmer|paramedic|social worker|barista|musician))\\b"),
          "The user is a %s."),
      new Rule("location", Pattern.compile("(?i:\\bi (?:live|grew up|moved) (?:in|to)) " + NAME), "The user lives in %s."),
      new Rule("hobby", Pattern.compile("(?i)\\bi (?:love|enjoy|really like) ((?:playing |going |to )?[a-z]+ing|"
          + "(?:playing |to )?(?:the )?(?:guitar|piano|chess|football|soccer|tennis|yoga|hiking|painting|reading|running|"
          + "swimming|cooking|baking|gardening|climbing))\\b"), "The user enjoys %s."),
      new Rule("health", Pattern.compile("(?i)\\bi(?: have|'ve got| was diagnosed with|'ve been diagnosed with| have been diagnosed with|"
          + " live with| struggle with) (" + HEALTH + ")\\b"), "The user has %s."),
      new Rule("medication", Pattern.compile("(?i)\\bi'?m (?:on|taking) ((?:sertraline|fluoxetine|prozac|zoloft|lexapro|"
          + "escitalopram|lithium|adderall|ritalin|melatonin|antidepressants|medication)[a-z ]{0,20}?)(?=[.,!?]|$)"),
          "The user takes %s."),
      new Rule("emotion", Pattern.compile("(?i)\\bi(?:'m| am| feel) (?:so |really |very )?(sad|angry|anxious|stressed|"
          + "tired|lonely|overwhelmed|upset|exhausted|nervous|down)\\b"), "The user feels %s."));

  private FactRules() {
  }

  /** The semantic candidates in {@code message}, in rule order; German and French ones ({@link LocalFacts}) after the English. */
  public static List<Candidate> extract(String message) {
    List<Candidate> out = new ArrayList<>();
    for (Rule r : RULES) {
      Matcher m = r.pattern().matcher(message);
      while (m.find()) {
        Object[] groups = new Object[m.groupCount()];
        for (int g = 1; g <= m.groupCount(); g++) {
          groups[g - 1] = m.group(g) == null ? "" : m.group(g).strip();
        }
        if (r.category().equals("occupation") && groups.length == 2) {
          groups[0] = String.valueOf(groups[0]).toLowerCase(java.util.Locale.ROOT);
        }
        String text = String.format(r.template(), java.util.Arrays.stream(groups).filter(g -> g != null).toArray())
            .replaceAll(" +", " ");
        if (out.stream().noneMatch(c -> c.text().equals(text))) {
          out.add(new Candidate("semantic", text, r.category(), true));
        }
      }
    }
    out.addAll(LocalFacts.extract(message));
    return out;
  }
}
