package dev.trellis.apps.opencouch.safety;

import java.util.Locale;
import java.util.Set;

/**
 * The language a conversation is held in, kept in state ({@code conversation_language}) from the messages whose language
 * could be told, so a short or language-neutral message ("danke", "tschüss", "merci", "ok") is answered in it, not in
 * the session's locale. A message made only of a language's everyday short words (thanks, greetings, goodbyes: "danke",
 * "merci, bonne nuit", "Guten Morgen") tells its language by itself; one that tells nothing keeps the conversation's.
 */
public final class ConversationLanguage {
  private static final Set<String> DE = Set.of("danke", "dankeschön", "vielen", "tschüss", "tschüs", "hallo", "hallöchen",
      "servus", "moin", "guten", "morgen", "tag", "abend", "gute", "nacht", "bis", "bald", "später", "alles", "klar",
      "gerne", "gern", "bitte", "genau", "stimmt", "schön", "jein", "na", "dir", "auch", "ebenfalls", "mach's", "machs", "gut",
      "lieben", "dank");
  private static final Set<String> FR = Set.of("merci", "beaucoup", "bonjour", "salut", "coucou", "bonsoir", "bonne", "nuit",
      "journée", "soirée", "au", "revoir", "à", "plus", "bientôt", "demain", "d'accord", "ouais", "bof", "mouais", "voilà",
      "ça", "marche", "entendu", "oui", "toi", "aussi", "bisous");
  private static final Set<String> EN = Set.of("thanks", "thank", "you", "bye", "goodbye", "hello", "cheers", "yeah", "yep",
      "nope", "night", "good", "morning", "evening", "see", "later", "ya", "much", "so", "sure", "alright");
  /** Words every language writes ("ok", "super"): they tell nothing either way. */
  private static final Set<String> NEUTRAL = Set.of("ok", "okay", "okey", "k", "kk", "super", "cool", "top", "hey", "hi",
      "lol", "haha", "hmm", "mhm", "xd");

  private ConversationLanguage() {
  }

  /**
   * The language {@code message} tells by its everyday short words alone ({@code de}, {@code fr} or {@code en}), or null
   * when it holds another word, tells nothing, or points two ways.
   */
  public static String hint(String message) {
    if (message == null) {
      return null;
    }
    String[] words = message.toLowerCase(Locale.ROOT).replace('’', '\'').split("[^\\p{L}']+");
    if (words.length > 6) {
      return null;
    }
    boolean de = false;
    boolean fr = false;
    boolean en = false;
    for (String w : words) {
      if (w.isEmpty() || NEUTRAL.contains(w)) {
        continue;
      }
      boolean d = DE.contains(w);
      boolean f = FR.contains(w);
      boolean e = EN.contains(w);
      if (!d && !f && !e) {
        return null;
      }
      // a word two languages share ("ciao", "night") leans neither way on its own
      if (d && !f && !e) {
        de = true;
      } else if (f && !d && !e) {
        fr = true;
      } else if (e && !d && !f) {
        en = true;
      }
    }
    int told = (de ? 1 : 0) + (fr ? 1 : 0) + (en ? 1 : 0);
    return told != 1 ? null : de ? "de" : fr ? "fr" : "en";
  }

  /** The language a message with no clue of its own is taken to be in: its short words', else the conversation's, else the session's. */
  public static String assumed(String message, String conversation, String sessionLocale) {
    String hint = hint(message);
    return hint != null ? hint : known(conversation) ? conversation : ReplyLocale.language(sessionLocale);
  }

  /** The locale the classifier is given for a message assumed to be in {@code language}: the session's when it speaks it. */
  public static String locale(String language, String sessionLocale) {
    String session = sessionLocale == null ? "en-US" : sessionLocale;
    if (language.equals(ReplyLocale.language(session))) {
      return session;
    }
    return switch (language) {
      case "de" -> "de-DE";
      case "fr" -> "fr-FR";
      default -> "en-US";
    };
  }

  /** The most words a message may have and still be too short to move a conversation to another language on its own. */
  static final int SHORT = 3;

  /**
   * The conversation's language after {@code message}, which the gate read as {@code detected}: it, when readable — unless
   * the message is short ({@value #SHORT} words or fewer) and tells no language by its everyday words ({@link #hint}), in
   * a conversation held in a known language: the classifier's reading of three words is a guess ("Hast du Tipps?" in a
   * German conversation was read as French), so the conversation's stays.
   */
  public static String after(String conversation, String detected, String message) {
    if (known(conversation) && !conversation.equals(detected) && message != null && hint(message) == null
        && message.strip().split("[^\\p{L}']+").length <= SHORT) {
      return conversation;
    }
    return known(detected) ? detected : conversation;
  }

  static boolean known(String language) {
    return "en".equals(language) || "de".equals(language) || "fr".equals(language);
  }
}
