package dev.trellis.apps.neura;

import java.util.regex.Pattern;

/**
 * Physical symptoms or a question about emergency care in a patient's message ("I get dizzy when I
 * stand up", "should I go to the ER?"): Neura matches people with therapists and cannot assess
 * them, so the navigator says where to go instead of asking what support they would like.
 */
final class PhysicalSymptoms {
  private PhysicalSymptoms() {
  }

  /** What the navigator adds. */
  static final String POINTER = "I can't assess physical symptoms here. If they're severe or getting worse, please "
      + "contact your doctor or an urgent care clinic today, and for chest pain, trouble breathing, fainting or a sudden "
      + "severe headache call your local emergency number. I can help you find mental-health support alongside that.";

  private static final Pattern SYMPTOMS = Pattern.compile("(?i)\\b((ha(ve|d|ving)|got|get(ting)?) (a |an |bad |terrible |"
      + "awful |these |those )?(headaches?|migraines?)|(headache|migraine)s? (for|since|behind|every)|dizz(y|iness)|light-?headed|"
      + "faint(ed|ing)?|pass(ed)? out|nause(a|ous)|vomit(ing|ed)?|throwing up|fever|chest (pain|tightness)|palpitations|"
      + "short(ness)? of breath|can'?t breathe|rash|bleeding|blood pressure|blood sugar|stomach ache|"
      + "(?<!isn'?t |isnt |not )((?-i:ER|A&E)|emergency room|urgent care|walk-in clinic|the doctor|a doctor|my GP)\\b.{0,20}\\?|"
      + "(go to|see|call) (the |a |my )?((?-i:ER|A&E)|emergency room|urgent care|doctor|GP)\\b)");

  /** Whether {@code message} speaks of a physical symptom or asks about emergency or medical care. */
  static boolean mentioned(String message) {
    return message != null && SYMPTOMS.matcher(message).find();
  }
}
