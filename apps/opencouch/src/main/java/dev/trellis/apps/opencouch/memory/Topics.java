package dev.trellis.apps.opencouch.memory;

import dev.trellis.apps.opencouch.Patterns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a message is about, in neutral words ("work", "family", "sleep"): what a turn note and
 * the offline session summary keep instead of the user's own sentences, so memory never
 * quotes a statement back. Health words map to "health", never to the diagnosis. A message is
 * read in English, German and French; a topic is kept under its English name and said in the
 * conversation's language ({@link #said}).
 */
public final class Topics {
  private static final Map<String, Pattern> TOPICS = new LinkedHashMap<>();
  /** Each topic's name in German and French, as it follows "über" and "parlé" ("über Arbeit", "de travail"). */
  private static final Map<String, String[]> NAMES = new LinkedHashMap<>();

  static {
    topic("work", "Arbeit", "de travail", "work|job|boss|manager|office|colleagues?|coworkers?|shifts?|promotion|promoted|career|interview|"
        + "(got|been|was|were) (fired|laid off)|"
        + "arbeit|arbeiten|arbeite|arbeitest|arbeitet|arbeitete\\p{L}*|arbeits\\p{L}+|jobs?|chef(in)?|vorgesetzte[rn]?|büro|kolleg(e|en|in|innen)|"
        + "schicht(en|dienst)?|beförderung|befördert|karriere|vorstellungsgespräch|gekündigt|kündigung"
        + "|travail\\w*|boulot|patron(ne)?|bureau|collègues?|entretien d'embauche");
    topic("school", "Schule", "d'école", "school|exams?|university|college|class(es)?|homework|grades|teachers?|studying"
        + "|schule|prüfung(en)?|klausur(en)?|uni|universität|studium|studiere|hausaufgaben|noten|lehrer(in)?|abitur"
        + "|école|examens?|partiels?|fac|université|lycée|devoirs|profs?|bac");
    topic("family", "Familie", "de famille", "family|mom|mum|mother|dad|father|parents?|sister|brother|siblings?|son|daughter|kids|children|"
        + "grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin"
        + "|familie|mutter|mama|vater|papa|eltern|schwester|bruder|geschwister|sohn|tochter|kinder|oma|opa|tante|onkel"
        + "|famille|mère|maman|père|parents|sœur|soeur|frère|fils|fille|enfants|grand-mère|grand-père|tante|oncle");
    topic("relationships", "Beziehungen", "de relations", "partner|boyfriend|girlfriend|wife|husband|relationship|break ?up|broke up|dating|divorce|marriage|heartbroken|heartbreak"
        + "|partner(in)?|beziehung|trennung|getrennt|scheidung|ehe(mann|frau)|liebeskummer|schluss gemacht|verheiratet|(mein|meinem|meinen) (mann|freund)|(meine|meiner) (frau|freundin)"
        + "|copain|copine|mari|(ma|mon) (femme|compagnon|compagne)|(mon|notre) couple|rupture|séparation");
    topic("friends", "Freundschaften", "d'amis", "friends?|friendship|freunde|freundinnen|freundschaft(en)?|amis|amies|amitié");
    topic("sleep", "Schlaf", "de sommeil", "sleep|sleeping|insomnia|nightmares?|awake at night"
        + "|schlaf(e|en|t|st|los|losigkeit|störung(en)?|probleme?|mangel)?|schläf(st|t)|(ein|durch)schlafen|eingeschlafen|"
        + "wach (liege|lag|gelegen)|albträume?|alpträume?|sommeil|dormir|dors|insomnie|cauchemars?");
    topic("health", "Gesundheit", "de santé", "adhd|anxiety|depression|diagnosed|diagnosis|doctor|medication|illness|ill|sick|therapy|therapist|"
        + "migraines?|chronic pain|panic attacks?"
        + "|ängste|angstzustände|angststörung|angstattacken?|adhs|depression(en)?|diagnose|arzt|ärztin|medikamente?|krank(heit)?|therapie|therapeut(in)?|migräne|panikattacken?"
        + "|tdah|dépression|diagnostic|médecin|médicaments?|maladie|malade|thérapie|thérapeute|crises? d'angoisse");
    topic("stress", "Stress", "de stress", "stress|stressed|stressful|overwhelmed|pressure|burn(ed|t)? out|burnout"
        + "|gestresst|stresst|stressig|überfordert|überforderung|druck|stress(e|es|ent|é|ée|ant|ante)|débordée?|pression");
    topic("loneliness", "Einsamkeit", "de solitude", "lonely|loneliness|alone|isolated"
        + "|einsam(keit)?|allein|alleine|isoliert|solitude|seul(e)?|isolé(e)?");
    topic("money", "Geld", "d'argent", "money|rent|debt|bills|finances|paycheck|salary|geld|miete|schulden|rechnungen|finanzen|gehalt|lohn"
        + "|argent|loyer|dettes?|factures|fric");
    topic("a move", "einen Umzug", "d'un déménagement", "moved (here|to|out|away|abroad|house|in with)|(just|recently|since (i|we)) moved|moving (here|to|out|away|abroad|house|in with)"
        + "|new city|new country|relocat\\w*"
        + "|umzug|umgezogen|ziehe um|neue stadt|déménag\\w*|nouvelle ville");
    topic("pets", "Haustiere", "d'animaux", "dog|cat|puppy|kitten|pet|rabbit|hamster"
        + "|hund|katze|welpe|dackel|haustier(e)?|kaninchen|chien|(mon|ton|le|un|notre) chat(te)?|chiot|chaton|lapin|animal");
    topic("good news", "gute Neuigkeiten", "de bonnes nouvelles", "good news|great news|got the job|got engaged|passed (my|the) (exam|test|driving test)"
        + "|gute nachrichten|gute neuigkeiten|bonne nouvelle|bonnes nouvelles");
  }

  private static void topic(String name, String german, String french, String words) {
    TOPICS.put(name, Patterns.unicode("\\b(" + words + ")\\b"));
    NAMES.put(name, new String[] {german, french});
  }

  private Topics() {
  }

  /** The topics of {@code message}, in a fixed order, none when it is not about any of them. */
  public static List<String> of(String message) {
    List<String> out = new ArrayList<>();
    if (message == null) {
      return out;
    }
    String t = message.toLowerCase(Locale.ROOT);
    TOPICS.forEach((name, p) -> {
      if (p.matcher(t).find()) {
        out.add(name);
      }
    });
    return out;
  }

  /** Whether {@code name} is one of the topics (an English topic name). */
  public static boolean known(String name) {
    return TOPICS.containsKey(name);
  }

  /**
   * The topics named in {@code lang} ({@code en}, {@code de}, {@code fr}; English otherwise) and joined: "work and
   * sleep", "Arbeit und Schlaf", "de travail et de sommeil".
   */
  public static String said(List<String> topics, String lang) {
    int i = "de".equals(lang) ? 0 : "fr".equals(lang) ? 1 : -1;
    List<String> names = topics.stream().map(t -> i < 0 || !NAMES.containsKey(t) ? t : NAMES.get(t)[i]).toList();
    return join(names, "de".equals(lang) ? " und " : "fr".equals(lang) ? " et " : " and ");
  }

  /** "a", "a and b", "a, b and c". */
  public static String join(List<String> items) {
    return join(items, " and ");
  }

  private static String join(List<String> items, String and) {
    if (items.size() <= 1) {
      return items.isEmpty() ? "" : items.getFirst();
    }
    return String.join(", ", items.subList(0, items.size() - 1)) + and + items.getLast();
  }
}
