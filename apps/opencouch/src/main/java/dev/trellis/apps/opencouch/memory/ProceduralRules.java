package dev.trellis.apps.opencouch.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline procedural extractor: instructions about how OpenCouch should respond.
 * Explicit ones ("please don't give me advice", "call me Sam", "keep it short") and implied
 * ones ("it helps when you ask me questions").
 */
public final class ProceduralRules {
  private record Rule(boolean explicit, Pattern pattern, String template) {
  }

  private static final List<Rule> RULES = List.of(
      new Rule(true, Pattern.compile("(?i:\\bplease call me|\\bcall me|\\bi go by) ([A-Z][a-zA-Z'-]+)"), "Call the user %s."),
      // German and French: "nenn mich Lena", "appelle-moi Zoé", "du kannst mich Lena nennen"
      new Rule(true, Pattern.compile("(?iu:\\bnenn(?:e)? mich|\\bdu kannst mich|\\bappelle-moi|\\btu peux m['’]appeler) "
          + "(\\p{Lu}[\\p{L}'-]+)", Pattern.UNICODE_CHARACTER_CLASS), "Call the user %s."),
      new Rule(true, Pattern.compile("(?iu)\\b(?:(?:fass|fasse|halt|halte) dich (?:bitte |mal |etwas |ruhig )?(kurz)|dich "
          + "(?:bitte |mal |etwas )?(kurz) (?:zu )?fassen|(kurze|knappe) antworten|(?:sois|soyez|reste) (?:plus )?(bref|brève|"
          + "concise?|court)|réponds(?:-moi)? (brièvement|court)|des réponses (courtes|brèves)|fais (court))\\b",
          Pattern.UNICODE_CHARACTER_CLASS), "Keep replies short."),
      new Rule(true, Pattern.compile("(?iu)\\b(?:gib|gebt) mir (?:bitte )?keine (ratschläge|tipps)|\\bbitte keine "
          + "(ratschläge)|\\bne me donne (?:pas|plus) de (conseils)|\\bpas de (conseils),? (?:s'il te plaît|stp)",
          Pattern.UNICODE_CHARACTER_CLASS), "Do not give me advice."),
      new Rule(true, Pattern.compile("(?iu)\\bstell(?:e)? mir (?:bitte )?(?:keine|nicht so viele) (fragen)|\\bne me pose "
          + "(?:pas|plus) (?:de|autant de|trop de) (questions)", Pattern.UNICODE_CHARACTER_CLASS), "Do not ask me questions."),
      new Rule(true, Pattern.compile("(?i)\\b(?:please )?(?:keep (?:it|your (?:answers|replies|responses))|be) "
          + "(short|brief|concise)\\b"), "Keep replies %s."),
      new Rule(true, Pattern.compile("(?i)\\bi prefer (short|shorter|brief|longer|detailed) (?:answers|replies|responses)\\b"),
          "Give %s replies."),
      new Rule(true, Pattern.compile("(?i)\\b(?:please )?(?:don'?t|do not|never) (give me advice|suggest (?:breathing )?"
          + "exercises|mention [a-z ]{3,30}?|bring up [a-z ]{3,30}?|ask (?:me )?(?:so many )?questions|use emojis)"
          + "(?=[.,!?]|$| anymore| again)"), "Do not %s."),
      new Rule(true, Pattern.compile("(?i)\\b(?:please always|(?:can|could|would) you (?:please )?always|you should always) "
          + "([a-z][a-z ]{3,40}?)(?=[.,!?]|$)"), "Always %s."),
      new Rule(false, Pattern.compile("(?i)\\bit (?:really )?helps (?:me )?when you ([a-z][a-z ]{3,40}?)(?=[.,!?]|$)"),
          "It helps the user when you %s."),
      new Rule(false, Pattern.compile("(?i)\\bi (?:like|appreciate) (?:it )?when you ([a-z][a-z ]{3,40}?)(?=[.,!?]|$)"),
          "The user likes it when you %s."));

  private ProceduralRules() {
  }

  /** The procedural candidates in {@code message}. */
  public static List<Candidate> extract(String message) {
    List<Candidate> out = new ArrayList<>();
    for (Rule r : RULES) {
      Matcher m = r.pattern().matcher(message);
      while (m.find()) {
        String g = "";
        for (int i = 1; i <= m.groupCount(); i++) {
          if (m.group(i) != null) {
            g = m.group(i).strip();
            break;
          }
        }
        String text = String.format(r.template(), r.template().startsWith("Call") ? g : g.toLowerCase(Locale.ROOT))
            .replace(" me ", " the user ").replace(" me.", " the user.");
        out.add(new Candidate("procedural", text, "instruction", r.explicit()));
      }
    }
    return out;
  }
}
