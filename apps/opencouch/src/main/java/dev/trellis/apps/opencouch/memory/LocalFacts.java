package dev.trellis.apps.opencouch.memory;

import static dev.trellis.apps.opencouch.Patterns.unicode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The facts people state about themselves in German and French (job, where they live, a pet, someone close, what they
 * are worried about), kept in the user's language in the third person ("Die Person hat einen Dackel namens Bruno.", "La
 * personne est infirmière de nuit.") and said back in the second person in that language ("du hast einen Dackel namens
 * Bruno", "tu es infirmière de nuit"). Each fact is written from a fixed sentence shape, and {@link #said} reads it back
 * by the same shape, so what is kept is what can be recalled.
 */
public final class LocalFacts {
  private record Rule(String category, Pattern pattern, Function<Matcher, String> text) {
  }

  private record Back(String lang, Pattern stored, Function<Matcher, String> said) {
  }

  private static final String NAME = "(\\p{Lu}[\\p{L}'-]+)";
  private static final String CITY = "(\\p{Lu}[\\p{L}'-]+(?:[ -]\\p{Lu}[\\p{L}'-]+)?)";
  /** What a worry is about: up to the end of the clause. */
  private static final String ABOUT = "([^.!?,;:]{3,60}?)(?=[.!?,;:]|$| und | aber | et | mais )";

  private static final String DE_JOB = "(\\p{L}*(?:lehrer|pfleger|krankenschwester|ärzt|arzt|student|erzieher|ingenieur|"
      + "verkäufer|entwickler|programmierer|anwalt|anwält|köch|koch|friseur|polizist|sanitäter|kellner|buchhalter|designer|"
      + "künstler|musiker|schüler|azubi|rentner|hausfrau|hausmann|elektriker|mechaniker|bäcker|sozialarbeiter|informatiker|"
      + "therapeut|apotheker|architekt|journalist|sekretär|fahrer|beamt|manager|berater|hebamme)(?:in|e)?)\\b";
  private static final Map<String, String> DE_PET = Map.ofEntries(Map.entry("hund", "einen"), Map.entry("kater", "einen"),
      Map.entry("dackel", "einen"), Map.entry("hase", "einen"), Map.entry("wellensittich", "einen"),
      Map.entry("hamster", "einen"), Map.entry("papagei", "einen"), Map.entry("welpen", "einen"), Map.entry("welpe", "einen"),
      Map.entry("katze", "eine"), Map.entry("hündin", "eine"), Map.entry("pferd", "ein"), Map.entry("kaninchen", "ein"),
      Map.entry("meerschweinchen", "ein"), Map.entry("kätzchen", "ein"));
  private static final String DE_PETS = String.join("|", DE_PET.keySet());
  private static final String DE_FEMALE = "schwester|tochter|mutter|mama|oma|freundin|frau|partnerin|chefin|kollegin|"
      + "tante|cousine|nichte|enkelin|mitbewohnerin|therapeutin";
  private static final String DE_MALE = "bruder|sohn|vater|papa|opa|freund|mann|partner|chef|kollege|onkel|cousin|neffe|"
      + "enkel|mitbewohner|therapeut";
  private static final String FR_JOB = "((?:infirmière|infirmier|étudiante?|prof|professeure?|enseignante?|médecin|avocate?|"
      + "ingénieure?|développeuse|développeur|serveuse|serveur|vendeuse|vendeur|cuisinière|cuisinier|retraitée?|"
      + "aide-soignante?|caissière|caissier|boulangère|boulanger|comptable|graphiste|artiste|musicienne|musicien|"
      + "éducatrice|éducateur|psychologue|pharmacienne?|architecte|journaliste|secrétaire|chauffeur|policière|policier|"
      + "assistante? sociale?|sage-femme|lycéenne?|étudiante? en [\\p{L}-]+)(?: de nuit| de jour| à l'hôpital| en [\\p{L}-]+)?)\\b";
  private static final String FR_PETS = "chienne|chien|chatte|chat|chaton|chiot|lapin|perroquet|hamster|cheval|lapine";
  private static final String FR_REL = "frère|sœur|soeur|fille|fils|mère|père|maman|papa|mari|femme|copain|copine|amie|ami|"
      + "meilleure amie|meilleur ami|grand-mère|grand-père|patronne|patron|cheffe|chef|collègue|compagne|compagnon|cousine|"
      + "cousin|tante|oncle|coloc|colocataire|psy";


  /** The pattern with the keywords read case-insensitively and the name as written (a capital). */
  private static Pattern named(String keywords) {
    return Pattern.compile("(?iu:" + keywords + ")" + NAME + "\\b", Pattern.UNICODE_CHARACTER_CLASS);
  }

  private static final Map<String, String> DE_THIRD = Map.of("meine", "ihre", "meinen", "ihren", "meinem", "ihrem",
      "meiner", "ihrer", "meines", "ihres", "mein", "ihr", "mich", "sich", "mir", "sich");
  private static final Map<String, String> DE_SECOND = Map.of("ihre", "deine", "ihren", "deinen", "ihrem", "deinem",
      "ihrer", "deiner", "ihres", "deines", "ihr", "dein", "sich", "dich");
  private static final Map<String, String> FR_THIRD = Map.of("mon", "son", "ma", "sa", "mes", "ses", "me", "se", "m'", "s'",
      "moi", "elle-même");
  private static final Map<String, String> FR_SECOND = Map.of("son", "ton", "sa", "ta", "ses", "tes", "se", "te", "s'", "t'",
      "elle-même", "toi");
  private static final Map<String, String> EN_THIRD = Map.of("my", "their", "me", "them", "i", "they", "myself", "themselves",
      "mine", "theirs");
  private static final Map<String, String> EN_SECOND = Map.of("their", "your", "them", "you", "they", "you",
      "themselves", "yourself", "theirs", "yours");

  private static final List<Rule> RULES = List.of(
      // German
      new Rule("occupation", unicode("\\bich (?:arbeite|jobbe) als (\\p{L}+)\\b"), m -> "Die Person arbeitet als " + m.group(1) + "."),
      new Rule("occupation", unicode("\\bich bin (?:von beruf |gelernte[rs]? )?" + DE_JOB),
          m -> "Die Person ist " + m.group(1) + "."),
      new Rule("occupation", unicode("\\bich war (?:früher |mal |lange |\\d+ jahre(?: lang)? )*" + DE_JOB),
          m -> "Die Person war früher " + m.group(1) + "."),
      new Rule("location", Pattern.compile("(?iu:\\bich (?:wohne|lebe) (?:jetzt |seit \\S+ \\S+ |schon |auch )*in )" + CITY,
          Pattern.UNICODE_CHARACTER_CLASS), m -> "Die Person wohnt in " + m.group(1) + "."),
      new Rule("pet", named("\\bich (?:habe|hab) (?:einen|eine|ein) (" + DE_PETS + ")(?:,| namens| der| die| das)? "
          + "(?:hei(?:ß|ss)t |hört auf (?:den namen )?)?"), m -> germanPet(m.group(1), m.group(2))),
      new Rule("pet", named("\\bmein(?:e)? (" + DE_PETS + ")(?: hei(?:ß|ss)t|,)? "), m -> germanPet(m.group(1), m.group(2))),
      new Rule("relationship", named("\\bmeine (" + DE_FEMALE + ")(?: hei(?:ß|ss)t|,)? "),
          m -> "Die " + cap(m.group(1)) + " der Person heißt " + m.group(2) + "."),
      new Rule("relationship", named("\\bmein (" + DE_MALE + ")(?: hei(?:ß|ss)t|,)? "),
          m -> "Der " + cap(m.group(1)) + " der Person heißt " + m.group(2) + "."),
      new Rule("relationship", Pattern.compile("(?iu:\\bmeine (" + DE_FEMALE + ") (?:wohnt|lebt) (?:jetzt |auch |seit \\S+ \\S+ )*in )"
          + CITY, Pattern.UNICODE_CHARACTER_CLASS), m -> "Die " + cap(m.group(1)) + " der Person wohnt in " + m.group(2) + "."),
      new Rule("relationship", Pattern.compile("(?iu:\\bmein (" + DE_MALE + ") (?:wohnt|lebt) (?:jetzt |auch |seit \\S+ \\S+ )*in )"
          + CITY, Pattern.UNICODE_CHARACTER_CLASS), m -> "Der " + cap(m.group(1)) + " der Person wohnt in " + m.group(2) + "."),
      new Rule("concern", unicode("\\bich mache mir (?:gro(?:ß|ss)e |solche |ziemliche |echt |viele |total |ständig )*sorgen "
          + "(um|wegen|über) " + ABOUT), m -> "Die Person macht sich Sorgen " + m.group(1).toLowerCase(Locale.ROOT) + " "
          + turned(m.group(2), DE_THIRD) + "."),
      new Rule("concern", unicode("\\bich habe (?:gro(?:ß|ss)e |solche |echt |total )*angst (vor|um) " + ABOUT),
          m -> "Die Person hat Angst " + m.group(1).toLowerCase(Locale.ROOT) + " " + turned(m.group(2), DE_THIRD) + "."),
      // French
      new Rule("occupation", unicode("\\bje (?:suis|serai) " + FR_JOB), m -> "La personne est " + m.group(1) + "."),
      new Rule("occupation", unicode("\\bje (?:travaille|bosse) comme ([\\p{L}-]+(?: de nuit| de jour)?)\\b"),
          m -> "La personne travaille comme " + m.group(1) + "."),
      new Rule("occupation", unicode("\\bj['’]étais " + FR_JOB), m -> "La personne était " + m.group(1) + "."),
      new Rule("location", Pattern.compile("(?iu:\\b(?:j['’]habite|je vis|je vais vivre) (?:maintenant |toujours |depuis \\S+ \\S+ )*à )"
          + CITY, Pattern.UNICODE_CHARACTER_CLASS), m -> "La personne habite à " + m.group(1) + "."),
      new Rule("pet", named("\\bj['’]ai (un|une) (" + FR_PETS + ")(?: qui s['’]appelle| nommée?| appelée?|,)? "),
          m -> "La personne a " + m.group(1).toLowerCase(Locale.ROOT) + " " + m.group(2).toLowerCase(Locale.ROOT)
              + " qui s'appelle " + m.group(3) + "."),
      new Rule("pet", named("\\b(mon|ma) (" + FR_PETS + ")(?: s['’]appelle|,)? "),
          m -> "La personne a " + (m.group(1).equalsIgnoreCase("ma") ? "une " : "un ") + m.group(2).toLowerCase(Locale.ROOT)
              + " qui s'appelle " + m.group(3) + "."),
      new Rule("relationship", named("\\b(mon|ma) (" + FR_REL + ")(?: s['’]appelle|,)? "),
          m -> frenchArticle(m.group(1), m.group(2)) + " de la personne s'appelle " + m.group(3) + "."),
      new Rule("relationship", Pattern.compile("(?iu:\\b(mon|ma) (" + FR_REL + ") (?:habite|vit) (?:maintenant |toujours |aussi )*à )"
          + CITY, Pattern.UNICODE_CHARACTER_CLASS),
          m -> frenchArticle(m.group(1), m.group(2)) + " de la personne habite à " + m.group(3) + "."),
      new Rule("concern", unicode("\\bje m['’]inquiète (?:beaucoup |vraiment |trop |tellement )*(pour|de|à propos de|au sujet de) "
          + ABOUT), m -> "La personne s'inquiète " + m.group(1).toLowerCase(Locale.ROOT) + " " + turned(m.group(2), FR_THIRD) + "."),
      new Rule("concern", unicode("\\bje suis (?:très |vraiment |trop |super |hyper )*inquiète? (pour|à propos de|au sujet de|à cause de) "
          + ABOUT), m -> "La personne s'inquiète " + m.group(1).toLowerCase(Locale.ROOT) + " " + turned(m.group(2), FR_THIRD) + "."),
      new Rule("concern", unicode("\\bj['’]ai (?:très |vraiment |trop |super )*peur (pour|de|d['’]) ?" + ABOUT),
          m -> "La personne a peur " + m.group(1).toLowerCase(Locale.ROOT).replace('’', '\'')
              + (m.group(1).endsWith("'") || m.group(1).endsWith("’") ? "" : " ") + turned(m.group(2), FR_THIRD) + "."),
      // English: what the user is worried about (the other English facts are FactRules')
      new Rule("concern", unicode("\\bi(?:'m| am) (?:really |so |very |kind of |a bit |pretty |super |quite )*(?:worried|anxious|"
          + "nervous|scared|stressed) about " + ABOUT.replace(" und | aber | et | mais ", " and | but ")),
          m -> "The user is worried about " + turned(m.group(1), EN_THIRD) + "."),
      new Rule("concern", unicode("\\bi (?:keep )?worry(?:ing)? (?:a lot )?about " + ABOUT.replace(" und | aber | et | mais ", " and | but ")),
          m -> "The user is worried about " + turned(m.group(1), EN_THIRD) + "."));

  private static final List<Back> BACK = List.of(
      new Back("de", unicode("^Die Person arbeitet als (.+?)\\.?$"), m -> "du arbeitest als " + m.group(1)),
      new Back("de", unicode("^Die Person ist (.+?)\\.?$"), m -> "du bist " + m.group(1)),
      new Back("de", unicode("^Die Person war früher (.+?)\\.?$"), m -> "du warst früher " + m.group(1)),
      new Back("de", unicode("^Die Person wohnt in (.+?)\\.?$"), m -> "du wohnst in " + m.group(1)),
      new Back("de", unicode("^Die Person hat (einen|eine|ein) (\\S+) namens (.+?)\\.?$"),
          m -> "du hast " + m.group(1) + " " + m.group(2) + " namens " + m.group(3)),
      new Back("de", unicode("^(Die|Der) (\\S+) der Person (heißt|wohnt in) (.+?)\\.?$"),
          m -> (m.group(1).equals("Die") ? "deine " : "dein ") + m.group(2) + " " + m.group(3) + " " + m.group(4)),
      new Back("de", unicode("^Die Person macht sich Sorgen (\\S+) (.+?)\\.?$"),
          m -> "du machst dir Sorgen " + m.group(1) + " " + turned(m.group(2), DE_SECOND)),
      new Back("de", unicode("^Die Person hat Angst (\\S+) (.+?)\\.?$"),
          m -> "du hast Angst " + m.group(1) + " " + turned(m.group(2), DE_SECOND)),
      new Back("fr", unicode("^La personne est (.+?)\\.?$"), m -> "tu es " + m.group(1)),
      new Back("fr", unicode("^La personne travaille comme (.+?)\\.?$"), m -> "tu travailles comme " + m.group(1)),
      new Back("fr", unicode("^La personne était (.+?)\\.?$"), m -> "tu étais " + m.group(1)),
      new Back("fr", unicode("^La personne habite à (.+?)\\.?$"), m -> "tu habites à " + m.group(1)),
      new Back("fr", unicode("^La personne a (un|une) (\\S+) qui s'appelle (.+?)\\.?$"),
          m -> "tu as " + m.group(1) + " " + m.group(2) + " qui s'appelle " + m.group(3)),
      new Back("fr", unicode("^(Le |La |L')(\\S+(?: ami| amie)?) de la personne (s'appelle|habite à) (.+?)\\.?$"),
          m -> (m.group(1).equals("La ") ? "ta " : "ton ") + m.group(2) + " " + m.group(3) + " " + m.group(4)),
      new Back("fr", unicode("^La personne s'inquiète (pour|de|à propos de|au sujet de|à cause de) (.+?)\\.?$"),
          m -> "tu t'inquiètes " + m.group(1) + " " + turned(m.group(2), FR_SECOND)),
      new Back("fr", unicode("^La personne a peur (d'|de |pour )(.+?)\\.?$"),
          m -> "tu as peur " + m.group(1) + turned(m.group(2), FR_SECOND)),
      new Back("en", unicode("^The user is worried about (.+?)\\.?$"), m -> "you're worried about " + turned(m.group(1), EN_SECOND)));

  private LocalFacts() {
  }

  /** The German, French (and English worry) facts stated in {@code message}, in rule order. */
  public static List<Candidate> extract(String message) {
    List<Candidate> out = new ArrayList<>();
    String text = message.replace('’', '\'');
    for (Rule r : RULES) {
      Matcher m = r.pattern().matcher(text);
      while (m.find()) {
        String fact = r.text().apply(m).replaceAll(" +", " ");
        if (out.stream().noneMatch(c -> c.text().equals(fact))) {
          out.add(new Candidate("semantic", fact, r.category(), true));
        }
      }
    }
    return out;
  }

  /**
   * A kept fact said back to the user in the second person in {@code lang} ("Die Person hat einen Dackel namens Bruno."
   * → "du hast einen Dackel namens Bruno"), or null when it was not kept in that language by one of these shapes.
   */
  public static String said(String fact, String lang) {
    if (fact == null) {
      return null;
    }
    for (Back b : BACK) {
      Matcher m = b.stored().matcher(fact.strip());
      if (b.lang().equals(lang) && m.matches()) {
        return b.said().apply(m);
      }
    }
    return null;
  }

  private static String germanPet(String pet, String name) {
    String article = DE_PET.getOrDefault(pet.toLowerCase(Locale.ROOT), "ein");
    return "Die Person hat " + article + " " + cap(pet) + " namens " + name + ".";
  }

  private static String frenchArticle(String possessive, String who) {
    String w = who.toLowerCase(Locale.ROOT);
    if (w.matches("^[aeiouéèêh].*")) {
      return "L'" + w;
    }
    return (possessive.equalsIgnoreCase("ma") ? "La " : "Le ") + w;
  }

  private static String cap(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1).toLowerCase(Locale.ROOT);
  }

  /** {@code phrase} with its pronouns and possessives turned by {@code words} (elisions such as "m'" too). */
  private static String turned(String phrase, Map<String, String> words) {
    StringBuilder out = new StringBuilder();
    Matcher w = Pattern.compile("[\\p{L}-]+'?|[^\\p{L}]+", Pattern.UNICODE_CHARACTER_CLASS).matcher(phrase.strip());
    while (w.find()) {
      String token = w.group();
      String swap = words.get(token.toLowerCase(Locale.ROOT));
      out.append(swap != null ? swap : token);
    }
    return out.toString();
  }
}
