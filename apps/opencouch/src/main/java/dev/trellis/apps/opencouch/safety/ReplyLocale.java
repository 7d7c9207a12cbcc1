package dev.trellis.apps.opencouch.safety;

import java.util.Locale;

/**
 * The locale a safety reply is written for. A message the classifier read as German or French
 * is answered in that language with that country's resources, whatever the session's locale
 * ("Ich will nicht mehr leben" in an en-US session gets a German reply and the TelefonSeelsorge);
 * a message in the session's own language, a message too short to tell, or one in a language
 * the classifier cannot read keeps the session's locale.
 */
public final class ReplyLocale {
  private ReplyLocale() {
  }

  /** The reply locale for a message in {@code messageLanguage} (ISO code, or null/und) in a session in {@code sessionLocale} (null: en-US). */
  public static String of(String sessionLocale, Object messageLanguage) {
    String session = sessionLocale == null ? "en-US" : sessionLocale;
    String lang = messageLanguage == null ? "" : messageLanguage.toString().toLowerCase(Locale.ROOT);
    if (!(lang.equals("en") || lang.equals("de") || lang.equals("fr")) || language(session).equals(lang)) {
      return session;
    }
    return switch (lang) {
      case "de" -> "de-DE";
      case "fr" -> "fr-FR";
      default -> "en-US";
    };
  }

  /** The language of {@code locale} ({@code en} for null). */
  public static String language(String locale) {
    return locale == null ? "en" : locale.split("[-_]")[0].toLowerCase(Locale.ROOT);
  }

  /** {@code en}, {@code de} or {@code fr} text for {@code locale}'s language (English for any other). */
  public static String pick(String locale, String en, String de, String fr) {
    return switch (language(locale)) {
      case "de" -> de;
      case "fr" -> fr;
      default -> en;
    };
  }
}
