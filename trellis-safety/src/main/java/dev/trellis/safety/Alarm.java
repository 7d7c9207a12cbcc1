package dev.trellis.safety;

import dev.trellis.agent.message.Message;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The assistant's last message raising an emergency for the user ("Bitte ruf jetzt sofort die 112 an – das ist ein
 * Notfall. Kannst du die Tür aufschließen?", "Tu es en danger. Peux-tu ouvrir une fenêtre ?"): the user's reply is part
 * of that emergency ("ok aber ich kann kaum noch tippen", "non. fenêtres scotchées. ça commence à sentir") unless it
 * says help has come or is coming, or only says no (round eighteen: the head read such replies on their own, at 0.15 to
 * 0.18). An emergency about someone else ("Das ist ein Notfall. Ist sie gerade bei dir?") is not the user's.
 */
final class Alarm {
  /** An emergency named or help urged, in English, German and French (as written, case-insensitive). */
  private static final Pattern EMERGENCY = Pattern.compile("(?iu)\\b(?:emergency|call 911|call 999|call 112|dial 911"
      + "|dial 999|you(?:'re| are) in danger|notfall|notruf|(?:die )?112 an|ruf(?:e)? (?:jetzt )?(?:sofort )?(?:die )?112"
      + "|du bist in gefahr|urgence|appelle (?:le )?(?:15|112|samu)|tu es en danger|vous êtes en danger)\\b");
  /** Third persons that make the emergency someone else's (lower case: "Sie" capitalised is the formal you). */
  private static final Pattern SOMEONE_ELSE = Pattern.compile("\\b(?:she|he|her|him|they|them|sie|er|ihm|ihn|il|elle|"
      + "lui|eux|elles|ils)\\b");
  /** Third persons that name no one: "tell them", "sag ihnen", "il faut", "il est urgent". */
  private static final Pattern IMPERSONAL = Pattern.compile("(?iu)\\b(?:tell them|let them know|give them|show them"
      + "|sag (?:ihnen|es ihnen)|dis-leur|dis leur|il faut|il est (?:urgent|important)|il y a)\\b");
  /** Words that negate a word of help beside them ("nobody is coming", "keiner kommt", "personne arrive"), folded. */
  private static final Set<String> NOT = Folded.words(List.of("no", "not", "nobody", "noone", "nothing", "never", "isnt",
      "arent", "wont", "cant", "didnt", "doesnt", "havent", "hasnt", "keiner", "keine", "kein", "niemand", "nicht", "nie",
      "niemals", "personne", "pas", "jamais", "rien", "ne", "n"));
  /** Words of help arrived or called in the reply ("im at A&E now", "der Notarzt ist da", "j'ai appelé le 15"), folded. */
  private static final Set<String> HELP = Folded.words(List.of("ambulance", "paramedics", "paramedic", "hospital", "police",
      "called", "calling", "a&e", "ae", "er", "here", "coming", "way", "krankenwagen", "notarzt", "rettungswagen",
      "krankenhaus", "polizei", "angerufen", "rufe", "kommen", "kommt", "unterwegs", "urgences", "pompiers", "samu",
      "hopital", "appele", "appelle", "arrivent", "arrive"));

  /** A place of help or a number to call, as written ("A&E", "112"). */
  private static final Pattern CALLED = Pattern.compile("(?i)\\ba ?& ?e\\b|\\b(?:911|999|112|15)\\b");
  /** A line of a list ("- Samaritans: call 116 123", "• SAMU : 15"). */
  private static final Pattern LISTED = Pattern.compile("^[-•*–]\\s");
  /** A condition put on the emergency: "if you are in danger", "wenn du in Gefahr bist", "si tu es en danger". */
  private static final Pattern CONDITIONAL = Pattern.compile("(?iu)\\b(?:if|whenever|wenn|falls|sobald|si|s'il|au cas où)\\b");
  /** Sentences, each with its closing mark. */
  private static final Pattern SENTENCE = Pattern.compile("(?<=[.!?…])\\s+|\\n+");

  private Alarm() {
  }

  /** Whether the last of {@code recent} is the assistant raising an emergency for the user, not for someone else. */
  static boolean raised(List<Message> recent) {
    if (recent.isEmpty() || !(recent.getLast() instanceof Message.Ai ai)) {
      return false;
    }
    // the people one is told to tell name no one ("Call 911 now and tell them what you took" is the user's)
    if (SOMEONE_ELSE.matcher(IMPERSONAL.matcher(ai.text()).replaceAll(" ")).find()) {
      return false;
    }
    // said, not asked: "Ist das ein Notfall?" asks whether there is one; a list of resources ("- Emergency services: call
    // 911 (if you are in immediate danger)") or a condition ("If you are in danger, call … your local emergency number")
    // offers help for an emergency, it raises none
    for (String sentence : SENTENCE.split(ai.text())) {
      String said = sentence.strip();
      if (!said.endsWith("?") && !LISTED.matcher(said).find() && !CONDITIONAL.matcher(said).find()
          && EMERGENCY.matcher(said).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the reply {@code message} ({@code folded}) carries on the emergency: it names no help (nor a number to
   * call), and is more than a bare no.
   */
  static boolean carriedOn(String message, Folded folded) {
    List<String> tokens = folded.tokens();
    if (tokens.isEmpty() || (AnsweredQuestion.denies(folded) && tokens.size() <= 3) || CALLED.matcher(message).find()) {
      return false;
    }
    for (int i = 0; i < tokens.size(); i++) {
      if (HELP.contains(tokens.get(i)) && !negated(tokens, i)) {
        return false;
      }
    }
    return true;
  }

  /** Whether a negation stands up to two words before token {@code i} or right after it ("nobody is coming", "kommt nicht"). */
  private static boolean negated(List<String> tokens, int i) {
    for (int j = Math.max(0, i - 2); j <= Math.min(tokens.size() - 1, i + 1); j++) {
      if (j != i && NOT.contains(tokens.get(j))) {
        return true;
      }
    }
    return false;
  }
}
