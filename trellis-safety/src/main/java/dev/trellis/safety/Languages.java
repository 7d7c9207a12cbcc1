package dev.trellis.safety;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which language a message is in, by script and by common function words — enough to tell the
 * languages the classifier reads ({@code en}, {@code de}, {@code fr}) from others. A message
 * with no clue at all ("ok", "...") counts as the fallback language (the user's locale), so a
 * short reply is never mistaken for an unreadable one. Deterministic, allocation-light.
 */
final class Languages {
  static final Set<String> SUPPORTED = Set.of("en", "de", "fr");

  private static final Map<String, Set<String>> FUNCTION_WORDS = Map.ofEntries(
      Map.entry("en", Set.of("the", "i", "im", "ive", "you", "and", "is", "are", "to", "of", "my", "me", "it", "that",
          "this", "was", "have", "dont", "cant", "what", "with", "just", "be", "so", "not", "about", "would", "like",
          "feel", "anymore", "want", "can", "do", "all", "they", "he", "she", "we", "but", "at", "on", "for", "if",
          "how", "any", "get", "going", "no", "been", "really", "know", "think", "am", "or")),
      Map.entry("de", Set.of("ich", "nicht", "und", "der", "die", "das", "ist", "bin", "mich", "mir", "mein", "meine",
          "ein", "eine", "zu", "es", "auch", "habe", "hab", "mehr", "will", "was", "wie", "kann", "einfach", "nur",
          "sein", "wenn", "dass", "schon", "noch", "wir", "sie", "er", "mit", "auf", "fur", "aber", "nach", "heute",
          "keine", "kein", "alles", "gerade", "weiss", "denn", "oder", "doch", "wieder", "dich")),
      Map.entry("fr", Set.of("je", "j", "suis", "pas", "ne", "le", "la", "les", "et", "est", "moi", "mon", "ma", "mes",
          "plus", "veux", "un", "une", "de", "du", "des", "que", "qui", "ce", "cest", "jai", "tout", "rien", "en",
          "pour", "avec", "mais", "me", "sais", "il", "elle", "nous", "vous", "on", "au", "aux", "sur", "fait",
          "vraiment", "trop", "aujourdhui", "ca", "envie")),
      Map.entry("es", Set.of("yo", "no", "quiero", "el", "los", "las", "que", "es", "estoy", "mi", "me", "y", "una",
          "por", "para", "con", "pero", "muy", "nada", "todo", "mas", "vivir", "tengo", "soy", "esta", "como", "ya",
          "puedo", "porque", "nadie", "hoy", "ayuda", "siento", "se", "lo")),
      Map.entry("it", Set.of("io", "non", "voglio", "il", "che", "sono", "mi", "e", "una", "per", "con", "ma", "piu",
          "niente", "tutto", "vivere", "ho", "mia", "mio", "questo", "sto", "posso", "perche", "nessuno", "oggi", "aiuto",
          "sento", "gli", "della", "anche")),
      Map.entry("pt", Set.of("eu", "nao", "quero", "o", "os", "que", "estou", "meu", "minha", "me", "uma", "por",
          "para", "com", "mas", "muito", "nada", "tudo", "mais", "viver", "tenho", "sou", "posso", "porque", "ninguem",
          "hoje", "ajuda", "sinto", "voce", "isso", "na", "da", "do", "pra", "agora", "ja", "to", "ta", "fora", "vou",
          "ele", "ela", "esse", "essa", "tao", "sem", "aqui", "vai")),
      Map.entry("nl", Set.of("ik", "niet", "wil", "het", "een", "ben", "mijn", "en", "van", "dat", "meer", "leven",
          "heb", "maar", "voor", "met", "niemand", "vandaag", "hulp", "voel", "zo", "er", "dit", "kan", "wel", "ook")),
      Map.entry("pl", Set.of("nie", "chce", "juz", "jestem", "mnie", "sie", "to", "jak", "ze", "moje", "moja", "zyc",
          "mam", "tak", "ale", "co", "dla", "tylko", "nikt", "dzisiaj", "pomocy", "czuje", "bardzo", "mi", "jest", "na", "z",
          "w", "jeszcze", "tym", "ten", "moze", "bo")),
      Map.entry("tr", Set.of("ben", "bir", "ve", "bu", "cok", "artik", "istemiyorum", "yasamak", "hic", "kimse", "icin",
          "ama", "gibi", "daha", "beni", "bana", "neden", "yardim", "bugun", "degil", "var", "yok")),
      Map.entry("sv", Set.of("jag", "inte", "vill", "och", "att", "det", "ar", "en", "mig", "min", "mitt", "leva",
          "har", "kan", "men", "for", "med", "ingen", "idag", "hjalp", "kanner", "sa")),
      Map.entry("hi", Set.of("hai", "nahi", "kya", "mujhe", "bas", "kuch", "yaar", "mera", "meri", "aur", "hoon", "hu",
          "lagta", "bhi", "toh", "karna", "kar", "tha", "thi", "ho", "raha", "rahi", "sab", "koi", "kyun", "ab", "jaun")),
      Map.entry("id", Set.of("aku", "saya", "tidak", "ingin", "mau", "yang", "dan", "ini", "itu", "hidup", "sudah",
          "lagi", "dengan", "tapi", "untuk", "tolong", "bisa", "ada", "sangat", "hari", "mati")));

  private static final List<String> ORDER = List.of("en", "de", "fr", "es", "it", "pt", "nl", "pl", "tr", "sv", "id", "hi");

  private Languages() {
  }

  /**
   * The language of {@code text} ({@code folded} is its folding): {@code und} for a script
   * other than Latin, else the language with the most function words, {@code fallback} when none.
   */
  static String detect(String text, Folded folded, String fallback) {
    int latin = 0;
    int other = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (Character.isLetter(cp)) {
        if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.LATIN) {
          latin++;
        } else {
          other++;
        }
      }
    }
    if (other > latin) {
      return script(text);
    }
    int best = 0;
    String lang = fallback;
    for (String l : ORDER) {
      Set<String> words = FUNCTION_WORDS.get(l);
      int score = 0;
      for (String t : folded.tokens()) {
        if (words.contains(t)) {
          score++;
        }
      }
      // ties go to the user's language, then to a supported one: "me", "no" and "en" are shared
      if (score > best || (score == best && score > 0 && !lang.equals(fallback)
          && (l.equals(fallback) || (SUPPORTED.contains(l) && !SUPPORTED.contains(lang))))) {
        best = score;
        lang = l;
      }
    }
    return lang;
  }

  private static String script(String text) {
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (!Character.isLetter(cp)) {
        continue;
      }
      return switch (Character.UnicodeScript.of(cp)) {
        case CYRILLIC -> "ru";
        case ARABIC -> "ar";
        case HAN -> "zh";
        case HIRAGANA, KATAKANA -> "ja";
        case HANGUL -> "ko";
        case DEVANAGARI -> "hi";
        case GREEK -> "el";
        case HEBREW -> "he";
        case THAI -> "th";
        default -> "und";
      };
    }
    return "und";
  }
}
