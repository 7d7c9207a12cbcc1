package dev.trellis.apps.opencouch.therapeutic;

import static dev.trellis.apps.opencouch.Patterns.unicode;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a message is, read in English, German and French alike: a greeting, a loss, good news, something hard, an
 * acknowledgement, a short answer to our question, a question about us, about the user's name or about the
 * conversation, a wish to talk about something else. The offline replies and the dispatcher ask these; which
 * language the reply is in is decided apart ({@link Say}). Matching is case-insensitive and Unicode-aware ("müde",
 * "épuisée" are words).
 */
final class Cues {

  /** A greeting's opening words ("hi", "good morning", "hallo", "guten Abend", "bonjour", "coucou"). */
  private static final String HELLO = "^(hi|hey|hello|hiya|heya|howdy|good (morning|evening|afternoon)|hallo|hallöchen|"
      + "servus|moin|guten (morgen|tag|abend)|grüß dich|bonjour|salut|coucou|bonsoir)\\b";
  /** A message that is a greeting (a few words at most after the opening). */
  static final Pattern GREETING = unicode(HELLO + "[\\s\\w,!.'’]{0,20}$");
  /** A greeting's opening words with what sets them off ("hey. rough week" → "rough week"). */
  static final Pattern HELLO_OPENING = unicode(HELLO + "[\\s,!.]*");
  /** A greeting opening a message, for telling a greeting from a too-short message. */
  static final Pattern STARTS_WITH_HELLO = unicode(HELLO);

  private static final String KIN = "dad|mum|mom|mother|father|parents?|grand(ma|pa|mother|father|ad|mum)|nan|nana|"
      + "brother|sister|husband|wife|partner|son|daughter|baby|friend|best friend|uncle|aunt|cousin|dog|cat|pet|puppy|"
      + "kitten|horse";
  /** A death or loss of someone (or a pet): grief, never good news ("my dad passed away", "my mom died", "ich habe meinen
   * Hund verloren"). */
  static final Pattern LOSS = unicode("\\bpassed away\\b|\\bpassed on\\b|\\b(lost|losing) (my|our|a|the) (\\w+ ){0,2}(" + KIN + ")\\b"
      + "|\\b(" + KIN + ")('s)? ((just|recently|suddenly|unexpectedly|has|had|finally|sadly) )*(died|is dead)\\b"
      + "|\\b(death|loss) of (my|our) |\\b(" + KIN + ")'s death\\b"
      + "|\\bfuneral\\b|\\bbereave\\w*|\\bgrie(f|ving|ve|ved)\\b|\\bmourn\\w*|\\b(gestorben|verstorben|verschieden)\\b"
      + "|\\b(meine[nmr]?|unsere[nmr]?|den|die) (\\w+ ){0,2}(vater|mutter|papa|mama|oma|opa|bruder|schwester|mann|frau|"
      + "sohn|tochter|kind|baby|freund\\w*|hund|katze|haustier)\\b.{0,30}\\bverloren\\b|\\bbeerdigung\\b|\\btrauer\\w*"
      + "|\\bdécédée?s?\\b|\\best morte?\\b|\\b(perdu|perdre|perte de) (mon|ma|mes|notre|nos) (\\w+ ){0,2}(père|mère|papa|maman|frère|"
      + "sœur|soeur|grand-\\w+|mari|femme|fils|fille|bébé|ami\\w*|copain|copine|chien|chienne|chat|chatte)\\b"
      + "|\\bdeuil\\b|\\benterrement\\b|\\bobsèques\\b");
  /** Good news ("I passed my exam", "ich bin befördert worden", "j'ai réussi"); read only when no negation comes just before. */
  static final Pattern GOOD_NEWS = unicode("\\b(promot\\w*|got the (job|role|place|offer)|good news|great news|engaged|"
      + "passed (my|the|an?|all|both|our) (\\w+ ){0,2}(exams?|tests?|driving test|course|class|interview|probation|bar)|"
      + "accepted|excited|happy|proud|won(?!['’])|went (really )?well|celebrat\\w*|finally did|"
      + "gute nachrichten?|befördert|bestanden|(job|stelle|zusage) bekommen|verlobt|angenommen|freue mich|glücklich|"
      + "stolz|gewonnen|hat geklappt|gut gelaufen|bonne nouvelle|promue?|réussi|fiancée?s?|acceptée?|contente?|"
      + "heureux|heureuse|fière?|gagné|s'est bien passé)\\b");
  /** Doing well today ("I'm doing better", "mir geht's heute ganz gut", "ça va mieux"); read only when not negated. */
  private static final Pattern WELL = unicode("\\b(i'?m|i am) (doing |feeling )?(really |pretty |quite )?(good|fine|okay|great|"
      + "well|better)\\b|\\bfeeling (good|better|great)\\b|\\b(having|had) a (good|great|nice) day\\b"
      + "|\\bgeht'?s( mir)?( heute)?( eigentlich)?( ganz| richtig| echt| wieder| ein bisschen| etwas| schon)? (gut|besser)\\b"
      + "|\\bgeht es mir( heute)?( eigentlich)?( ganz| richtig| echt| wieder)? (gut|besser)\\b"
      + "|\\bmir geht es( heute)?( eigentlich)?( ganz| richtig| echt| wieder)? (gut|besser)\\b"
      + "|\\b(ça|ca) va( vraiment| plutôt| beaucoup| un peu| déjà| un petit peu)? (bien|mieux)\\b|\\bje (vais|me sens)( vraiment| plutôt| beaucoup| un peu| déjà)? "
      + "(bien|mieux)\\b");

  /** A negation a few words before good news ("I'm not happy", "nicht stolz", "pas contente"). */
  private static final Pattern NEGATED = unicode("\\b(not|never|no longer|n't|nicht|nie|niemals|kein\\w*|pas|plus|jamais)"
      + "\\s+(\\S+\\s+){0,2}$|n['’]t\\s+(\\S+\\s+){0,2}$");
  /** Something hard ("stressed", "exhausted", "müde", "schlecht", "épuisée", "angoissé"). */
  static final Pattern DISTRESS = unicode("\\b(stress\\w*|hard|awful|terrible|horrible|sad|lonely|"
      + "anxious|anxiety|worried|worry|scared|afraid|tired|exhausted|overwhelm\\w*|angry|upset|hurt\\w*|cry\\w*|argu\\w+|"
      + "fight|fought|lost|miss(ing)?|griev\\w*|grief|difficult|struggl\\w*|can'?t sleep|sick|heavy|down|depress\\w*|panic\\w*|"
      + "alone|distant|yell\\w*|broke up|fired|rough|bad|worse|guilty|ashamed|nervous|frustrat\\w*|pain|crappy|shit\\w*|"
      + "brutal|gestresst|schlecht|schwer|müde|erschöpft|traurig|einsam|angst|ängstlich|sorgen|überfordert|wütend|sauer|"
      + "verletzt|weine\\w*|streit\\w*|kaputt|fertig|mies|beschissen|scheiße|krank|allein|panik|nervös|schuldig|schäme|"
      + "vermisse|stressée?|difficile|dur|triste|seule?|angoiss\\w*|anxieu\\w*|inquiet|inquiète|peur|fatiguée?|épuisée?|"
      + "débordée?|colère|énervée?|blessée?|pleur\\w*|dispute\\w*|malade|déprim\\w*|panique|nerveuse?|coupable|honte|"
      + "crevée?|galère|affreux|horrible|manque)\\b|\\bmal (dormi|au|à)\\b");
  /** A reply that only acknowledges ("ok", "thanks", "danke", "Danke, das hilft mir.", "d'accord", "merci, ça m'aide"). */
  private static final String ACK = "(ok(ay)?|k|kk|thanks|thank you|thx|ty|sure|alright|all right|got it|cool|fine|great|"
      + "right|i see|makes sense|that makes sense|noted|understood|sounds good|danke( schön)?|dankeschön|alles klar|verstehe|"
      + "ich verstehe|passt|gut|das hilft( mir)?( sehr| echt| wirklich)?( weiter)?|merci( beaucoup)?|d'accord|entendu|"
      + "je vois|compris|super|ça marche|ça (m['’])?aide( beaucoup| vraiment| bien)?)";
  static final Pattern ACKNOWLEDGEMENT = unicode("^" + ACK + "([\\s.!,]+" + ACK + ")?[\\s.!,]*(thanks|thank you|danke|merci)?[\\s.!]*$");
  /** A short answer to the question our reply asked ("yeah", "not really", "ja", "eher nicht", "ouais", "bof"). */
  static final Pattern SHORT_ANSWER = unicode("^(yeah|yes|yep|yup|yea|ya|no|nope|nah|not really|maybe|kind of|kinda|sort of|"
      + "i guess|i think so|a bit|a little|sometimes|ja|jein|nein|eher nicht|nicht wirklich|vielleicht|irgendwie|"
      + "ein bisschen|schon|oui|ouais|non|pas vraiment|peut-être|un peu|bof|mouais|parfois)[\\s.!,]*$");
  /**
   * A sentence that asks something though it has no question mark ("what should i even do first", "wie soll ich das
   * schaffen", "pourquoi je suis comme ça"): never said back as if the user had stated it.
   */
  static final Pattern QUESTION = unicode("^(what|how|why|when|where|who|which|should|shall|can|could|would|will|do|does|did|"
      + "is|are|am|were|have|has|warum|wieso|weshalb|wie|was|wo|wann|wer|welche\\w*|soll|sollte|kann|könnte|muss|hast|bist|"
      + "pourquoi|comment|quand|où|qui|quoi|quel\\w*|est-ce|dois-je|puis-je|tu crois|tu penses)\\b");
  /** A question about us ("are you a real person?", "bist du ein Bot?", "tu es un robot ?"). */
  static final Pattern ABOUT_US = unicode("\\b(are|r) (you|u) (a |an |even |actually |really )*(real|human|"
      + "person|people|bot|chat ?bot|robot|ai|a\\.i\\.|machine|computer|program|therapist|counsell?or|psychologist|"
      + "doctor|chatgpt)\\b|\\bwho (are|r) (you|u)\\b|\\bwhat (are|r) (you|u)\\b|\\b(am i|i'?m) (talking|speaking|"
      + "chatting|texting) (to|with) (a |an )?(bot|robot|human|person|real|machine|ai)\\b"
      + "|\\bbist du (ein |eine |echt |wirklich )*(mensch|bot|chatbot|roboter|ki|maschine|echt|therapeut\\w*)\\b"
      + "|\\b(wer|was) bist du\\b|\\b(es-tu|t'es|tu es) (un |une |vraiment )*(humain\\w*|robot|bot|ia|vrai\\w*|"
      + "réel\\w*|thérapeute|machine|personne)\\b|\\bqui es-tu\\b|\\bt'es qui\\b");
  /** A question about the user's name ("what's my name?", "wie heiße ich?", "comment je m'appelle ?"). */
  static final Pattern NAME_QUESTION = unicode("\\bwhat'?s my name\\b|\\bwhat is my name\\b|\\bwie (hei(ß|ss)e?|hie(ß|ss)) ich\\b"
      + "|\\bwei(ß|ss)t du (noch)?,? wie ich hei(ß|ss)e\\b|\\bwie war mein name\\b|\\bcomment (est-ce que )?je m'appelle\\b"
      + "|\\b(quel est|c'est quoi) mon (pré)?nom\\b|\\btu te souviens de mon (pré)?nom\\b");
  /** A question about what this conversation has been about (English, German, French). */
  static final Pattern TALKED = unicode("\\b(what (did|have) we (just |already )?(talk|talked|speak|spoke|spoken|"
      + "chat|chatted|discuss|discussed|cover|covered)( about)?|remind me what we (talked|spoke|were talking|chatted|"
      + "discussed)|what were we (just )?(talking|chatting) about|where were we|worüber haben wir ((letztes|das letzte|beim "
      + "letzten) mal )?(gesprochen|geredet)|"
      + "was haben wir besprochen|wo waren wir|de quoi (est-ce qu'on a|on a|avons-nous) parlé|on parlait de quoi|"
      + "où en étions-nous|on en était où)\\b|\\b(tu te souviens de |rappelle-moi )?ce que je t'ai (dit|raconté) au début\\b"
      + "|\\bwas ich (dir )?am anfang (gesagt|erzählt)\\b|\\bwhat i (said|told you) at the (start|beginning)\\b");
  /** "Last time", said of an earlier conversation ("what did we talk about last time?", "letztes Mal", "la dernière fois"). */
  static final Pattern LAST_TIME = unicode("\\b(last time|last session|the other day|(letztes|das letzte|beim letzten) mal"
      + "|la (dernière|derniere) fois|la fois d'avant)\\b");

  /** Whether {@code message} asks what an earlier conversation was about ("what did we talk about last time?"). */
  static boolean asksAboutLastTime(String message) {
    return message != null && TALKED.matcher(message).find() && LAST_TIME.matcher(message).find();
  }

  /** A question about what the user said earlier in this conversation (English, German, French). */
  static final Pattern SAID = unicode("\\b(what (did|have) i (just |already )?(say|said|tell|told|mention(ed)?|"
      + "write|wrote)|what was i (just )?(saying|talking about|telling you)|remind me what i (said|told you|was saying)|"
      + "(do|can|did) you (still )?remember what i (said|told you|was saying)|was hab(e)? ich (dir )?(gesagt|erzählt)|"
      + "weißt du noch,? was ich|(qu'est-ce que|ce que) je t'ai (dit|raconté))\\b");
  /** A wish to talk about something else: English "can we talk about X instead?" (the subject is group {@code x}). */
  private static final Pattern SWITCH_EN = unicode("\\b(?:can|could) we (?:talk|chat|speak) about (?<x>.+?)"
      + "(?: instead| now| for a (?:bit|while|moment)| please)*\\s*[?.!]*$|\\blet'?s (?:talk|chat) about (?<y>.+?)"
      + "(?: instead| now| please)*\\s*[?.!]*$|\\bi(?:'d| would)? (?:like|want) to talk about (?<z>.+?)(?: instead| now)*"
      + "\\s*[?.!]*$");
  /** German: "können wir lieber über die Arbeit reden?". */
  private static final Pattern SWITCH_DE = unicode("\\b(?:können|könnten|koennen) wir (?:lieber |stattdessen |mal |kurz |bitte |"
      + "jetzt )*über (?<x>.+?) (?:reden|sprechen|quatschen)|\\blass uns (?:lieber |mal |stattdessen |jetzt )*über (?<y>.+?)"
      + " (?:reden|sprechen)|\\bich (?:möchte|will|würde) (?:lieber |gern |gerne |jetzt )*über (?<z>.+?) (?:reden|sprechen)");
  /** French: "on peut plutôt parler du travail ?" (the subject keeps its "de": "du travail"). */
  private static final Pattern SWITCH_FR = unicode("\\b(?:on peut|on pourrait|est-ce qu'on peut|peut-on|pouvons-nous|"
      + "j'aimerais|je voudrais|je veux) (?:plutôt |maintenant )*parler (?<x>(?:de la|de l'|du|des|de|d')\\s*.+?)"
      + "(?: plutôt| maintenant| s'il te plaît| stp)*\\s*[?.!]*$|\\bparlons (?:plutôt )?(?<y>(?:de la|de l'|du|des|de|d')"
      + "\\s*.+?)\\s*[?.!]*$");

  private Cues() {
  }

  /** "something else, like", "was anderes, zum Beispiel", "d'autre, comme" before the subject named. */
  private static final Pattern ELSE_LIKE = unicode("^(something|anything) else,?\\s*(like|maybe|say|e\\.g\\.)?\\s*|^(was|etwas) "
      + "anderes?,?\\s*(wie|zum beispiel|z\\.b\\.)?\\s*|^(autre chose|d'autre chose),?\\s*(comme|par exemple)?\\s*");

  /** Whether {@code text} holds good news not negated just before ("I'm not happy" is none). */
  static boolean goodNews(String text) {
    Matcher m = GOOD_NEWS.matcher(text);
    while (m.find()) {
      if (!NEGATED.matcher(text.substring(Math.max(0, m.start() - 40), m.start())).find()) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code text} says the user is doing well, not negated ("I'm not doing better" is not). */
  static boolean doingWell(String text) {
    Matcher m = WELL.matcher(text);
    while (m.find()) {
      String said = m.group().toLowerCase(java.util.Locale.ROOT);
      if (!said.contains(" not ") && !said.contains("nicht") && !NEGATED.matcher(
          text.substring(Math.max(0, m.start() - 40), m.start())).find() && !text.substring(m.end()).matches(
          "(?is)\\s*(pas|nicht).*")) {
        return true;
      }
    }
    return false;
  }

  /** What {@code text} asks to talk about instead ("work stuff", "die Arbeit", "du travail"), or null when it asks none. */
  static String switchTo(String text) {
    for (Pattern sw : new Pattern[] {SWITCH_EN, SWITCH_DE, SWITCH_FR}) {
      Matcher m = sw.matcher(text.strip());
      if (m.find()) {
        for (String g : new String[] {"x", "y", "z"}) {
          try {
            if (m.group(g) != null) {
              // "something else, like my dog? his name is Pepper": the subject is "my dog"
              String subject = m.group(g).split("[?.!]")[0].strip();
              String named = ELSE_LIKE.matcher(subject).replaceFirst("").strip();
              return named.isEmpty() ? subject : named;
            }
          } catch (IllegalArgumentException absent) {
            // this pattern has no such group
          }
        }
      }
    }
    return null;
  }
}
