package dev.trellis.safety;

import java.util.List;
import java.util.Set;

/** Whose a crisis phrase is: the writer's, or someone else's told by the writer (folded words of person). */
final class Whose {
  /** First-person subjects: a clause about oneself, where the reach of a cue of concern for someone else stops. */
  static final Set<String> FIRST_PERSON = Set.of("i", "im", "ive", "id", "ich", "je", "jai", "jsuis", "jme",
      "jvais", "jveux");
  /** Someone else's ("his gun", "seine Tabletten", "ses médicaments"): a crisis phrase holding one is another's means. */
  private static final Set<String> OTHERS_POSSESSIVE = Set.of("his", "her", "their", "hers", "seine", "seinen", "seinem",
      "seiner", "seines", "ihre", "ihren", "ihrem", "ihrer", "ihres", "son", "sa", "ses", "leur", "leurs");
  /**
   * A person's, folded ("my uncle's got a rifle": "uncles"), before a verb of having: the subject of a means phrase; before
   * a noun it may be the object of the writer's act ("I'll bring my brother's gun"; round thirteen).
   */
  private static final Set<String> PERSONS = Set.of("dads", "moms", "mums", "brothers", "sisters", "husbands", "wifes",
      "boyfriends", "girlfriends", "partners", "grandads", "grandpas", "uncles", "sons", "daughters", "flatmates",
      "roommates");
  private static final Set<String> HAVING = Set.of("got", "has", "keeps", "kept", "had", "owns", "hides", "hid");
  /** A third person as the subject ("he's going to kill her"): a threat in a sentence without the writer is another's. */
  private static final Set<String> THIRD_SUBJECT = Set.of("he", "she", "hes", "shes", "theyre", "er", "il", "elle", "ils",
      "elles");
  /** The writer as the object ("gave me his pills"): with {@link #FIRST_PERSON}, a sentence about the writer. */
  private static final Set<String> WRITER_OBJECT = Set.of("me", "myself", "mich", "mir", "moi");

  /**
   * The writer as the object of someone else's act, in German and French ("er will mich umbringen", "il veut me tuer"):
   * the same words as the writer's own reflexive wish ("ich will mich umbringen", "je veux me tuer") but for the
   * subject.
   */
  private static final Set<String> WRITER_REFLEXIVE = Set.of("mich", "me");
  /**
   * Someone other than the writer as a German or French subject: a third person, or a person named by a noun ("mein
   * Mann"); English has "myself" for the writer's own act, so its "me" is never reflexive ("they'd be better off
   * without me" is the writer's).
   */
  private static final Set<String> SOMEONE = Set.of("er", "sie", "il", "elle", "ils", "elles", "mann", "freund", "exfreund", "ex", "vater", "papa", "stiefvater", "bruder", "mutter", "mama", "typ", "nachbar",
      "mari", "copain", "pere", "frere", "beaupere", "voisin", "type");
  /**
   * The verbs after which French "il" is no one ("il vaut mieux me tuer", "il faudrait me foutre en l'air": better to
   * kill myself): an impersonal subject, so the phrase stays the writer's.
   */
  private static final Set<String> IMPERSONAL = Set.of("vaut", "vaudrait", "vaudra", "faut", "faudrait", "faudra", "est",
      "serait", "sera", "suffit", "suffirait", "reste", "resterait", "semble", "parait", "y");
  /** Reflexive objects: a harm phrase whose verb takes one ("want to kill | myself") names no one else to harm. */
  private static final Set<String> REFLEXIVE = Set.of("myself", "himself", "herself", "themselves", "themself",
      "yourself", "ourselves", "meself", "sich", "mich");
  /** The writer's possessive before a person ("my", "our", "meinen", "mes"). */
  private static final Set<String> POSSESSIVE = Set.of("my", "our", "meinen", "meinem", "meiner", "meine", "unseren",
      "mes", "mon", "ma", "nos");
  /** Verbs of writing, leaving, sending or giving something to someone. */
  private static final Set<String> GIVING = Set.of("wrote", "write", "written", "writing", "left", "leave", "leaving",
      "gave", "give", "given", "giving", "sent", "send", "sending", "mailed", "handed", "geschrieben", "schreibe",
      "hinterlassen", "gegeben", "geschickt", "ecrit", "laisse", "donne", "envoye",
      // round fourteen: giving away as a present ("an meinen Kumpel verschenkt", "offert à ma sœur")
      "verschenkt", "verschenke", "geschenkt", "vermacht", "ecrites", "ecrits", "donnes", "donnees", "offert", "offerts",
      "offerte", "offertes", "laisses", "envoyes");
  /** How many words before a phrase its subject may stand ("er | will | mich umbringen", "il | veut | me tuer"). */
  private static final int SUBJECT_REACH = 4;

  private Whose() {
  }

  /**
   * Whether the phrase {@code h} holds the writer as its object outside quotes ("if anything ever happened to me",
   * "cutting myself"): reported speech turns another's first person into the third ("she said she'd kill herself"), so
   * a "me" or "myself" in the phrase, in the sentence it begins in, is the writer's whoever is reported (round eleven).
   */
  static boolean writersOwn(Lexicon.Hit h, List<String> tokens, List<int[]> quoted, int[] sentences) {
    for (int i = h.start(); i < h.end(); i++) {
      if (WRITER_OBJECT.contains(tokens.get(i)) && !Spans.inside(i, quoted) && sentences[i] == sentences[h.start()]) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the means phrase {@code h} holds someone else's possessive ("hoarding his pain meds") or the harm phrase
   * {@code h} a third person as its subject ("told her he's going to kill her"), and its sentence has no word for the
   * writer ("I", "me", "ich", "mir", "je", "moi"): another's means or threat, not the writer's (round ten). "I know
   * where my dad keeps his gun" and "going to find him and break his face" stay the writer's.
   */
  static boolean someoneElses(Lexicon.Hit h, List<String> tokens, int[] sentences) {
    boolean harm = h.cls() == RiskClass.HARM_TO_OTHERS;
    Set<String> others = harm ? THIRD_SUBJECT : OTHERS_POSSESSIVE;
    boolean someone = false;
    // a threat's subject may stand just before the phrase ("he's | going to hurt her"), and a means' owner ("my uncle's |
    // got a rifle")
    for (int i = Math.max(0, h.start() - 1); i < h.end(); i++) {
      someone |= others.contains(tokens.get(i)) || (!harm && PERSONS.contains(tokens.get(i)) && i + 1 < tokens.size()
          && HAVING.contains(tokens.get(i + 1)));
    }
    if (!someone) {
      return false;
    }
    for (int i = 0; i < tokens.size(); i++) {
      String t = tokens.get(i);
      if (sentences[i] == sentences[h.start()] && (FIRST_PERSON.contains(t) || WRITER_OBJECT.contains(t))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the crisis phrase {@code h}, holding the writer as a reflexive object ("mich umbringen", "me tuer"), has
   * someone else as its subject in the words just before it, with no first person between them ("Er will mich
   * umbringen", "mon ex a dit qu'il allait me tuer"): someone threatens the writer, which is no wish of the writer's to
   * die (round thirteen). "Ich will mich umbringen", "er sagt, ich soll mich umbringen" stay the writer's.
   */
  static boolean threatensWriter(Lexicon.Hit h, List<String> tokens, int[] sentences) {
    int object = -1;
    for (int i = h.start(); i < h.end() && object < 0; i++) {
      object = WRITER_REFLEXIVE.contains(tokens.get(i)) ? i : -1;
    }
    if (object < 0) {
      return false;
    }
    for (int i = object - 1; i >= Math.max(0, object - SUBJECT_REACH) && sentences[i] == sentences[object]; i--) {
      String t = tokens.get(i);
      if (FIRST_PERSON.contains(t) || t.equals("j") || t.equals("man")) {
        return false;
      }
      if (SOMEONE.contains(t) && !(t.equals("il") && i + 1 < tokens.size() && IMPERSONAL.contains(tokens.get(i + 1)))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the harm phrase {@code h} ends on a verb whose object, the next word, is reflexive ("my sister keeps saying
   * 'I want to kill myself'": an unordered "sister … want … kill" is no threat to the sister): its own harm is the
   * self-harm phrases' to read (round thirteen).
   */
  static boolean reflexive(Lexicon.Hit h, List<String> tokens) {
    if (h.cls() != RiskClass.HARM_TO_OTHERS) {
      return false;
    }
    if (h.end() < tokens.size() && REFLEXIVE.contains(tokens.get(h.end()))) {
      return true;
    }
    // German puts the reflexive inside ("wenn sie durchfällt, bringt sie sich um")
    for (int i = h.start(); i < h.end(); i++) {
      if (tokens.get(i).equals("sich")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the cue of concern {@code cue} names the writer's addressee, not someone at risk: its person follows a
   * verb of writing, leaving or giving and the writer's possessive ("wrote my kids a letter each", "left my sister the
   * car"): the writer did it, so the phrase it overlaps is the writer's (round thirteen).
   */
  static boolean addressee(Lexicon.Hit cue, List<String> tokens) {
    int i = cue.start();
    if (i >= 2 && POSSESSIVE.contains(tokens.get(i - 1)) && GIVING.contains(tokens.get(i - 2))) {
      return true;
    }
    // round fourteen: German and French name the addressee after "an"/"à" ("meine Platten an meinen Kumpel verschenkt",
    // "j'ai écrit des lettres à ma mère"), with the verb of giving before or after
    for (int j = Math.max(1, i - 2); j < Math.min(cue.end(), tokens.size() - 1); j++) {
      // the verb before "to"/"à" ("gave the records to my mate"), after the person in German ("an meinen Kumpel
      // verschenkt"): "what happened to my brother, he gave away …" names no addressee
      boolean german = tokens.get(j).equals("an");
      if (TO.contains(tokens.get(j)) && POSSESSIVE.contains(tokens.get(j + 1))
          && (german ? giving(tokens, j + 2, j + 6) : giving(tokens, j - 4, j))) {
        return true;
      }
    }
    return false;
  }

  /** "an", "à" (folded "a") and "to" before the writer's possessive: the person given or written to. */
  private static final Set<String> TO = Set.of("an", "a", "to");

  private static boolean giving(List<String> tokens, int from, int to) {
    for (int k = Math.max(0, from); k < Math.min(tokens.size(), to); k++) {
      if (GIVING.contains(tokens.get(k))) {
        return true;
      }
    }
    return false;
  }

  /** A third person's reflexive or subject right before a phrase ("ma sœur se brûle", "he's been self harming"). */
  private static final Set<String> THIRD_BEFORE = Set.of("se", "sich", "he", "she", "hes", "shes", "they", "theyre",
      "er", "sie", "il", "elle");
  /** A third person's body ("an seinen Armen", "on her arms"): self-harm seen on someone else. */
  private static final Set<String> BODY_OF_OTHERS = Set.of("his", "her", "their", "seinen", "seinem", "seiner", "seine",
      "ihren", "ihrem", "ihrer", "ses", "son", "sa");

  /**
   * Whether the self-harm phrase {@code h} is someone else's: a third person's reflexive or subject stands right before
   * it (up to two words, none the writer's: "ma sœur se brûle avec un briquet", "he's been self harming again"), or it
   * names a third person's body and not the writer's ("ich hab Narben an seinen Armen gesehen"; "carved his name into
   * my arm" is the writer's); round fourteen.
   */
  static boolean someoneElsesSelfHarm(Lexicon.Hit h, List<String> tokens) {
    if (h.cls() != RiskClass.SELF_HARM) {
      return false;
    }
    boolean others = false;
    for (int j = h.start(); j < h.end(); j++) {
      String t = tokens.get(j);
      if (POSSESSIVE.contains(t) || FIRST_PERSON.contains(t) || WRITER_OBJECT.contains(t)) {
        others = false; // "carved his name into my arm": the writer's body
        break;
      }
      others |= BODY_OF_OTHERS.contains(t);
    }
    if (others) {
      return true;
    }
    for (int j = h.start() - 1; j >= Math.max(0, h.start() - 2); j--) {
      String t = tokens.get(j);
      if (FIRST_PERSON.contains(t) || WRITER_OBJECT.contains(t) || WRITER_REFLEXIVE.contains(t)) {
        return false;
      }
      if (THIRD_BEFORE.contains(t)) {
        return true;
      }
    }
    return false;
  }
}
