package dev.trellis.apps.opencouch;

import static dev.trellis.apps.opencouch.Patterns.unicode;

import dev.trellis.apps.opencouch.safety.ReplyLocale;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An answer to "Is there someone who can be with you right now?" that names someone who could be there but is not
 * ("maybe. my sister lives nearby", "meine Schwester wohnt nicht weit", "ma sœur habite pas loin"), or only hedges
 * ("maybe", "vielleicht"). It is not "someone is with me": the reply encourages reaching out to that person now,
 * with the resources, and asks whether they could (no yes/no question is left pending).
 */
final class Absent {

  /** Someone who is not with them right now, or could only be reached. */
  private static final Pattern AWAY = unicode("\\b(lives?|living|is|stays?|works?|'s) (nearby|near( me| here)?|close( by)?|"
      + "down the (road|street)|around the corner|next door|in (town|the city|another city)|away|far( away)?|at work|out)\\b"
      + "|\\b(could|can|might|maybe i could|i could) (call|text|message|ring|phone|ask)\\b|\\bnot (here|with me|home|around)\\b"
      + "|\\bwohnt (in der nähe|nebenan|nicht weit|um die ecke|weit weg|in \\w+)|\\bist (nicht da|nicht hier|bei der arbeit|"
      + "unterwegs|weg|arbeiten)\\b|\\b(könnte|kann) (sie|ihn|ihr|ihm) (anrufen|schreiben|fragen)\\b"
      + "|\\bhabite (pas loin|à côté|près|loin|dans)|\\b(n'est|est) pas (là|ici)\\b|\\b(pourrais|peux) (l'appeler|lui écrire|"
      + "lui envoyer|lui demander)");
  /** A hedge opening the answer ("maybe", "vielleicht", "peut-être"). */
  private static final Pattern HEDGE = unicode("^(maybe|perhaps|kind of|not sure|i guess|vielleicht|eventuell|peut-être|"
      + "je sais pas)\\b");
  private static final Pattern PERSON = unicode("\\bmy (best friend|sister|brother|mom|mum|mother|dad|father|partner|wife|husband|"
      + "girlfriend|boyfriend|friend|roommate|flatmate|neighbou?r|aunt|uncle|cousin|grandma|grandpa|son|daughter)\\b"
      + "|\\b(meine|mein) (schwester|mutter|mama|freundin|frau|partnerin|nachbarin|oma|tante|tochter|cousine|"
      + "mitbewohnerin|bruder|vater|papa|freund|mann|partner|nachbar|opa|onkel|sohn|cousin|mitbewohner)\\b"
      + "|\\b(ma|mon) (sœur|soeur|mère|maman|amie?|copine|copain|femme|mari|frère|père|papa|voisine?|tante|oncle|cousine?|"
      + "coloc|fils|fille|meilleure? amie?)\\b");

  private Absent() {
  }

  /** Whether {@code message} names someone who is not with them, or opens with a hedge ("maybe"). */
  static boolean notWithThem(String message) {
    if (message == null) {
      return false;
    }
    String t = message.strip().replace('’', '\'');
    return AWAY.matcher(t).find() || HEDGE.matcher(t).find();
  }

  /** The reply: reach out to them (named as the user named them, "your sister") now, the resources, one question. */
  static String reachOut(String message, String resources, String locale) {
    Matcher m = PERSON.matcher(message.replace('’', '\''));
    String lang = ReplyLocale.language(locale);
    String person = null;
    boolean feminine = false;
    if (m.find()) {
      String[] w = m.group().split("\\s+", 2);
      String own = w[0].toLowerCase(Locale.ROOT);
      feminine = own.equals("meine");
      person = switch (own) {
        case "meine" -> "deine";
        case "mein" -> "dein";
        case "ma" -> "ta";
        case "mon" -> "ton";
        default -> "your";
      } + " " + w[1];
    }
    String r = "\n\n" + resources + "\n\n";
    return switch (lang) {
      case "de" -> "Es klingt, als könnte " + (person == null ? "jemand, dem du vertraust," : person) + " für dich da sein, "
          + "auch wenn gerade niemand bei dir ist. Bitte melde dich jetzt: Ein Anruf oder eine Nachricht, dass es dir gerade "
          + "schlecht geht, reicht schon. Halte auch diese Nummern bereit:" + r + "Kannst du dich jetzt gleich bei "
          + (person == null ? "dieser Person" : feminine ? "ihr" : "ihm") + " melden, während wir weiterreden?";
      case "fr" -> "On dirait que " + (person == null ? "quelqu'un de confiance" : person) + " pourrait être là pour toi, "
          + "même si personne n'est avec toi en ce moment. Envoie-lui un message ou appelle dès maintenant : dire que tu "
          + "traverses un moment difficile, ça suffit. Garde aussi ces numéros à portée de main :" + r
          + "Est-ce que tu peux lui écrire maintenant, pendant qu'on continue à parler ?";
      default -> "It sounds like " + (person == null ? "someone you trust" : person) + " could be there for you, even if "
          + "no one is with you right now. Please reach out to them now: a call or a message saying you're having a hard "
          + "time is enough. Keep these numbers near too:" + r + "Could you contact "
          + (person == null ? "them" : person) + " now, while we keep talking?";
    };
  }
}
