package dev.trellis.apps.opencouch.memory;

import dev.trellis.apps.opencouch.Patterns;
import java.util.regex.Pattern;

/**
 * A question about everything we know about the user ("what do you remember about me?", "was weißt du noch über
 * mich?", "tu te souviens de moi ?"): {@code load_memory} then loads every kept fact, not only the ones sharing words
 * with the question, and the reply lists them.
 */
public final class RecallQuestion {
  /** The question, in English, German or French. */
  public static final Pattern ABOUT_ME = Patterns.unicode("\\b(what do you (still )?(remember|know|recall) about me"
      + "|what have you (got|saved|kept|remembered) (on|about) me|do you (still )?remember me|what do you remember"
      + "|was wei(ß|ss)t du (noch |eigentlich |alles |denn )*(über mich|von mir)|woran erinnerst du dich|erinnerst du dich "
      + "(noch |eigentlich )*an mich|was hast du dir (über mich |von mir )?gemerkt|kennst du mich (noch)?"
      + "|tu te souviens de moi|(qu'est-ce que|qu'est ce que|ce que) tu (sais|te rappelles) (sur|de) moi|que sais-tu de moi"
      + "|de quoi tu te souviens|tu sais quoi (sur|de) moi|tu te rappelles de moi)\\b");

  private RecallQuestion() {
  }

  /** Whether {@code message} asks what we know about the user. */
  public static boolean is(String message) {
    return message != null && ABOUT_ME.matcher(message.replace('’', '\'')).find();
  }
}
