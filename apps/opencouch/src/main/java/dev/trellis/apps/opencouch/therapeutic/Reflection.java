package dev.trellis.apps.opencouch.therapeutic;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message's first sentence said back in the second person, in its own language: English "I've been feeling lonely
 * since I moved" → "you've been feeling lonely since you moved", German "ich schlafe seit Wochen schlecht" → "du
 * schläfst seit Wochen schlecht" (ich→du, mein→dein, mir→dir, mich→dich, the verb beside "ich" conjugated), French
 * "je viens de perdre mon chien" → "tu viens de perdre ton chien" (je→tu, j'ai→tu as, mon/ma/mes→ton/ta/tes,
 * me/moi→te/toi, the verb after "je"). Null when the sentence cannot be turned well: a question, one addressed to us,
 * one too long to repeat, or — German, French — one whose verb beside "ich"/"je" is not one these rules conjugate.
 */
final class Reflection {
  private static final Pattern FILLER = Pattern.compile("(?iU)^(honestly|and|but|also|so|oh|well|tbh|ngl|like|um+|uh+|"
      // a yes or an ok before what is said ("yeah it was humiliating", "oui, c'est dur") is not said back
      + "yeah|yes|yep|yup|ok|okay|ja|jo|oui|ouais|"
      + "ehrlich gesagt|ehrlich|naja|na ja|also|und|aber|ach|tja|bon|ben|alors|et|mais|franchement|en fait|bah)\\b[\\s,]*");
  /** A sigh or an interjection as a sentence of its own at the start ("ugh.", "pff…", "seufz.", "bof."). */
  private static final Pattern SIGH = Pattern.compile("(?iU)^\\s*(ugh+|urgh+|argh+|sigh|oof|ouf|pff+|bof|hmm+|meh|oh|ah|"
      + "wow|jeez|man|god|gosh|seufz|mensch|boah|puh|mon dieu|oh là là|rah)\\s*[.!,…]+\\s*");
  /** A sentence addressed to us, per language ("a ton of work" is English, not French "ton"). */
  private static final java.util.Map<String, Pattern> ADDRESSED = java.util.Map.of(
      "en", Pattern.compile("(?iU).*\\b(you|your|you're)\\b.*"),
      "de", Pattern.compile("(?iU).*\\b(du|dich|dir|dein\\w*|euch|euer|eure)\\b.*"),
      "fr", Pattern.compile("(?iU).*\\b(tu|toi|te|ton|ta|tes|vous|votre|vos)\\b.*|.*\\bt'.*"));

  /** German verbs beside "ich" whose "du" form is not the regular one (stem + "st"). */
  private static final Map<String, String> DE_VERBS = Map.ofEntries(Map.entry("bin", "bist"), Map.entry("habe", "hast"),
      Map.entry("hab", "hast"), Map.entry("kann", "kannst"), Map.entry("will", "willst"), Map.entry("muss", "musst"),
      Map.entry("weiß", "weißt"), Map.entry("weiss", "weißt"), Map.entry("darf", "darfst"), Map.entry("soll", "sollst"),
      Map.entry("mag", "magst"), Map.entry("war", "warst"), Map.entry("werde", "wirst"), Map.entry("schlafe", "schläfst"),
      Map.entry("fahre", "fährst"), Map.entry("laufe", "läufst"), Map.entry("sehe", "siehst"), Map.entry("lese", "liest"),
      Map.entry("gebe", "gibst"), Map.entry("nehme", "nimmst"), Map.entry("spreche", "sprichst"), Map.entry("treffe", "triffst"),
      Map.entry("esse", "isst"), Map.entry("vergesse", "vergisst"), Map.entry("halte", "hältst"), Map.entry("lasse", "lässt"),
      Map.entry("trage", "trägst"), Map.entry("falle", "fällst"), Map.entry("helfe", "hilfst"), Map.entry("heiße", "heißt"),
      Map.entry("heisse", "heißt"), Map.entry("vermisse", "vermisst"), Map.entry("wusste", "wusstest"),
      Map.entry("möchte", "möchtest"), Map.entry("mochte", "mochtest"), Map.entry("tue", "tust"), Map.entry("tu", "tust"),
      Map.entry("sitze", "sitzt"), Map.entry("schaffe", "schaffst"), Map.entry("fühl", "fühlst"), Map.entry("find", "findest"),
      Map.entry("glaub", "glaubst"), Map.entry("denk", "denkst"), Map.entry("komm", "kommst"), Map.entry("schlaf", "schläfst"));
  private static final Map<String, String> DE_WORDS = Map.ofEntries(Map.entry("ich", "du"), Map.entry("mich", "dich"),
      Map.entry("mir", "dir"), Map.entry("mein", "dein"), Map.entry("meine", "deine"), Map.entry("meinen", "deinen"),
      Map.entry("meinem", "deinem"), Map.entry("meiner", "deiner"), Map.entry("meines", "deines"),
      Map.entry("meins", "deins"), Map.entry("selbst", "selbst"), Map.entry("uns", "euch"), Map.entry("unser", "euer"),
      Map.entry("unsere", "eure"), Map.entry("unseren", "euren"), Map.entry("unserem", "eurem"), Map.entry("unserer", "eurer"));
  /** Words ending in "-en" beside "wir" that are no verbs ("wir selten …"). */
  private static final Pattern DE_NOT_VERBS = Pattern.compile("selten|oben|eben|unten|morgen|zusammen|trotzdem|beiden|allen|"
      + "jeden|einen|keinen|deinen|meinen|seinen|ihren|unseren|schon|wegen|gegen|ohne|neben|zwischen|kaum|nie|oft|nur");
  /** Words that start a German clause whose verb comes last ("weil ich nicht schlafen kann"): not turned. */
  private static final Pattern DE_SUBORDINATE = Pattern.compile("(?iU)\\b(weil|dass|daß|wenn|ob|obwohl|als|seitdem|"
      + "nachdem|bevor|damit|sodass|da) (\\S+ ){0,3}ich\\b");
  private static final Map<String, String> FR_WORDS = Map.ofEntries(Map.entry("mon", "ton"), Map.entry("ma", "ta"),
      Map.entry("mes", "tes"), Map.entry("moi", "toi"), Map.entry("me", "te"), Map.entry("m'", "t'"),
      Map.entry("moi-même", "toi-même"), Map.entry("mien", "tien"), Map.entry("mienne", "tienne"));
  private static final Map<String, String> FR_VERBS = Map.ofEntries(Map.entry("suis", "es"), Map.entry("ai", "as"),
      Map.entry("vais", "vas"), Map.entry("peux", "peux"), Map.entry("veux", "veux"), Map.entry("sais", "sais"));
  private static final Pattern FR_CLITIC = Pattern.compile("(?iU)(ne|n'|me|m'|y|en|le|la|l'|les|lui|leur)");

  private Reflection() {
  }

  /** The first sentence of {@code message} turned to the second person in {@code lang} ({@code en}, {@code de}, {@code fr}), or null. */
  static String reflect(String message, String lang) {
    // "ugh. finals start monday…": the sigh is not what is said back
    String said = SIGH.matcher(message).replaceFirst("");
    String first = said.split("(?<=[.!?])\\s+|\\n")[0].strip().replace('’', '\'');
    first = FILLER.matcher(first).replaceFirst("");
    if (first.endsWith("?") || Cues.QUESTION.matcher(first).find() || ADDRESSED.getOrDefault(lang, ADDRESSED.get("en")).matcher(first).matches()) {
      return null;
    }
    first = first.replaceAll("[.!]+$", "");
    if (first.split("\\s+").length > 16) {
      Matcher cut = Pattern.compile(",| but | and | because | aber | und | weil | mais | et | parce que ").matcher(first);
      first = cut.find() && cut.start() > 10 ? first.substring(0, cut.start()) : null;
      if (first == null || first.split("\\s+").length > 16) {
        return null;
      }
    }
    String[] words = first.split("\\s+");
    if (words.length < 3) {
      return null;
    }
    String out = switch (lang) {
      case "de" -> german(first, words);
      case "fr" -> french(words);
      default -> english(words);
    };
    if (out == null) {
      return null;
    }
    return out.length() > 1 && !out.startsWith("I ") ? Character.toLowerCase(out.charAt(0)) + out.substring(1) : out;
  }

  /** {@code words} with only the possessives and pronouns turned ("my job" → "your job", "meine Arbeit" → "deine Arbeit", "de mon boulot" → "de ton boulot"). */
  static String swapWords(String words, String lang) {
    String[] ws = words.strip().split("\\s+");
    if ("en".equals(lang) || !("de".equals(lang) || "fr".equals(lang))) {
      return english(ws);
    }
    StringBuilder b = new StringBuilder();
    for (String w : ws) {
      String low = w.toLowerCase(Locale.ROOT);
      String swapped = "de".equals(lang) ? DE_WORDS.getOrDefault(low, w) : swapFr(w);
      b.append(b.isEmpty() ? "" : " ").append(swapped);
    }
    return b.toString();
  }

  private static String english(String[] words) {
    StringBuilder b = new StringBuilder();
    String previous = "";
    for (String w : words) {
      String low = w.toLowerCase(Locale.ROOT);
      String swapped = switch (low) {
        case "i" -> "you";
        case "i'm", "im" -> "you're";
        case "i've" -> "you've";
        case "i'd" -> "you'd";
        case "i'll" -> "you'll";
        case "me" -> "you";
        case "my" -> "your";
        case "mine" -> "yours";
        case "myself" -> "yourself";
        case "am" -> previous.equals("i") ? "are" : w;
        case "was" -> previous.equals("i") ? "were" : w;
        default -> w;
      };
      if (!b.isEmpty()) {
        b.append(' ');
      }
      b.append(swapped);
      previous = low;
    }
    return b.toString();
  }

  /** German: "ich" with the verb next to it (before or after) conjugated; else (a clause with its verb last) null. */
  private static String german(String sentence, String[] words) {
    if (DE_SUBORDINATE.matcher(sentence).find()) {
      return null;
    }
    String[] out = new String[words.length];
    boolean[] done = new boolean[words.length];
    for (int i = 0; i < words.length; i++) {
      String core = words[i].replaceAll("[,;:]+$", "");
      String tail = words[i].substring(core.length());
      String low = core.toLowerCase(Locale.ROOT);
      if (low.equals("ich")) {
        int verb = i + 1 < words.length && duForm(words[i + 1]) != null ? i + 1
            : i > 0 && !done[i - 1] && duForm(words[i - 1]) != null ? i - 1 : -1;
        if (verb < 0) {
          return null;
        }
        String v = words[verb].replaceAll("[,;:]+$", "");
        out[verb] = duForm(v) + words[verb].substring(v.length());
        done[verb] = true;
        out[i] = (Character.isUpperCase(core.charAt(0)) ? "Du" : "du") + tail;
        done[i] = true;
        if (verb == i + 1) {
          i++;
        }
      } else if (low.equals("wir")) {
        // "wir telefonieren selten" → "ihr telefoniert selten": "wir" and its verb (after it, or before it) turned
        int verb = i + 1 < words.length && ihrForm(words[i + 1]) != null ? i + 1
            : i > 0 && !done[i - 1] && ihrForm(words[i - 1]) != null ? i - 1 : -1;
        if (verb < 0) {
          return null;
        }
        String v = words[verb].replaceAll("[,;:.!]+$", "");
        out[verb] = ihrForm(v) + words[verb].substring(v.length());
        done[verb] = true;
        out[i] = (Character.isUpperCase(core.charAt(0)) ? "Ihr" : "ihr") + tail;
        done[i] = true;
        if (verb == i + 1) {
          i++;
        }
      } else if (!done[i]) {
        String swapped = DE_WORDS.get(low);
        out[i] = swapped == null ? words[i] : (Character.isUpperCase(core.charAt(0)) ? capital(swapped) : swapped) + tail;
        if (low.equals("bin")) {
          out[i] = "bist" + tail; // "bin total müde" (the "ich" left out)
        }
      }
    }
    return String.join(" ", out);
  }

  /** The "ihr" form of a German verb said with "wir" ("telefonieren" → "telefoniert", "sind" → "seid"), or null. */
  private static String ihrForm(String word) {
    String w = word.replaceAll("[,;:.!]+$", "");
    String low = w.toLowerCase(Locale.ROOT);
    if (w.isEmpty() || Character.isUpperCase(w.charAt(0))) {
      return null;
    }
    if (low.equals("sind")) {
      return "seid";
    }
    if (low.length() < 4 || !low.endsWith("en") || DE_NOT_VERBS.matcher(low).matches()) {
      return null;
    }
    String stem = low.substring(0, low.length() - 2);
    return stem.endsWith("t") || stem.endsWith("d") ? stem + "et" : stem + "t";
  }

  /** The "du" form of a German verb said with "ich", or null when it is not one these rules know. */
  private static String duForm(String word) {
    String w = word.replaceAll("[,;:]+$", "");
    String low = w.toLowerCase(Locale.ROOT);
    if (w.isEmpty() || Character.isUpperCase(w.charAt(0))) {
      return null; // a noun, or the sentence's first word: not a verb these rules conjugate
    }
    String known = DE_VERBS.get(low);
    if (known != null) {
      return known;
    }
    if (low.length() < 4 || !low.endsWith("e") || DE_WORDS.containsKey(low) || low.matches("(die|eine|keine|seine|ihre|alle|"
        + "gerne|gern|lange|immer|heute|gerade|alleine|ganze|jede|diese|welche|solche|viele|wenige|andere|nie|sehe)")) {
      return null;
    }
    String stem = low.substring(0, low.length() - 1);
    if (stem.endsWith("t") || stem.endsWith("d")) {
      return stem + "est"; // arbeite → arbeitest, finde → findest, wollte → wolltest
    }
    if (stem.endsWith("ss") || stem.endsWith("ß") || stem.endsWith("z") || stem.endsWith("x")) {
      return stem + "t"; // vermisse → vermisst, sitze → sitzt
    }
    return stem + "st"; // fühle → fühlst, denke → denkst
  }

  /** French: je→tu (j'→tu) with the verb after it (its clitics passed) conjugated; mon→ton, me→te, moi→toi. */
  private static String french(String[] words) {
    StringBuilder b = new StringBuilder();
    boolean afterJe = false;
    for (String raw : words) {
      String w = raw;
      String low = w.toLowerCase(Locale.ROOT);
      String piece;
      if (low.equals("je")) {
        piece = "tu";
        afterJe = true;
      } else if (low.startsWith("j'") && low.length() > 2) {
        // j'ai, j'arrive, j'y: "tu" and the rest read as what follows "je"
        String rest = w.substring(2);
        String turned = afterJe(rest);
        if (turned == null) {
          return null;
        }
        piece = "tu " + turned;
        afterJe = FR_CLITIC.matcher(rest.toLowerCase(Locale.ROOT)).matches();
      } else if (afterJe) {
        String turned = afterJe(w);
        if (turned == null) {
          return null;
        }
        piece = turned;
        afterJe = FR_CLITIC.matcher(low).matches();
      } else {
        piece = swapFr(w);
      }
      if (!b.isEmpty()) {
        b.append(' ');
      }
      b.append(piece);
    }
    return afterJe ? null : b.toString();
  }

  /** A word after "je": a clitic (ne, me, y…) turned and passed, or the verb conjugated for "tu"; null when not known. */
  private static String afterJe(String w) {
    String low = w.toLowerCase(Locale.ROOT);
    if (low.startsWith("m'") && low.length() > 2) {
      String v = verbFr(w.substring(2));
      return v == null ? null : "t'" + v; // je m'inquiète → tu t'inquiètes
    }
    if (low.startsWith("n'") && low.length() > 2) {
      String v = verbFr(w.substring(2));
      return v == null ? null : "n'" + v; // je n'arrive pas → tu n'arrives pas
    }
    if (FR_CLITIC.matcher(low).matches()) {
      return swapFr(w);
    }
    return verbFr(w);
  }

  /** The "tu" form of a French verb said with "je" (present, imperfect, future), or null when not one. */
  private static String verbFr(String w) {
    String low = w.toLowerCase(Locale.ROOT).replaceAll("[,;:]+$", "");
    String tail = w.substring(Math.min(w.length(), low.length()));
    String known = FR_VERBS.get(low);
    if (known != null) {
      return known + tail;
    }
    if (!low.matches("\\p{L}+")) {
      return null;
    }
    if (low.endsWith("ai")) {
      return low.substring(0, low.length() - 1) + "s" + tail; // ferai → feras
    }
    if (low.endsWith("e")) {
      return low + "s" + tail; // pense → penses
    }
    if (low.endsWith("s") || low.endsWith("x")) {
      return low + tail; // dors, viens, étais, peux
    }
    return null;
  }

  private static String swapFr(String w) {
    String low = w.toLowerCase(Locale.ROOT);
    String core = low.replaceAll("[,;:]+$", "");
    String tail = w.substring(core.length());
    if (core.startsWith("m'") && core.length() > 2) {
      return "t'" + w.substring(2);
    }
    String swapped = FR_WORDS.get(core);
    return swapped == null ? w : swapped + tail;
  }

  private static String capital(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
