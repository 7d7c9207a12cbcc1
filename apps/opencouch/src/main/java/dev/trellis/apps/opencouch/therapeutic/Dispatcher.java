package dev.trellis.apps.opencouch.therapeutic;

import static dev.trellis.apps.opencouch.Patterns.unicode;

import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.structured.Description;
import dev.trellis.apps.opencouch.ModelCalls;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Picks exactly one mode per turn, deterministic first: high-precision fast paths (an active
 * exercise being continued, wind-down phrases, confusion markers, explicit exercise requests,
 * questions about what the user told us — "what's my name?" — answered by {@code supportive}
 * from working memory), then — for the ambiguous middle — an LLM classifier when a model is configured,
 * else a keyword fallback ending in {@code supportive}, the default.
 */
public final class Dispatcher {
  /** The decision, how it was reached ({@code fast_path}, {@code llm}, {@code fallback}) and what matched. */
  public record Choice(Mode mode, String via, String matched) {
  }

  /** What the LLM classifier answers. */
  public record ModeChoice(
      @Description("one of supportive, reflective, clarifying, psychoeducation, guided_exercise, closing") String mode,
      @Description("one short reason") String reason) {
  }


  static final Pattern CONTINUE_EXERCISE = unicode("^(next|done|ok(ay)?|continue|go on|ready|i'?m ready|did it|i did it|finished|"
      + "yes|yep|yeah|got it|what'?s next|next step|keep going|and then\\??|weiter|fertig|bereit|ich bin bereit|ja|"
      + "nächster schritt|und dann\\??|gemacht|erledigt|geschafft|mach weiter|suivant|prête?|je suis prête?|c'est fait|"
      + "fait|oui|continue|continuons|étape suivante|ensuite\\??|vas-y|on continue|d'accord)[\\s.!?]*$");
  /** Stopping the active exercise ("let's stop", "nein", "ça suffit"). */
  static final Pattern EXERCISE_STOP = unicode("^(no|nope|nah|stop|let'?s stop|can we stop|i'?d (rather|like to) stop|enough|"
      + "that'?s enough|not now|no thanks|nein|stopp|lass uns aufhören|aufhören|genug|nein danke|lieber nicht|non|arrête|"
      + "arrêtons|on arrête|ça suffit|stop merci|non merci|pas maintenant)[\\s.!?]*$");
  /** Thanks or "that helped" in the middle of an exercise: a pause in it, not a goodbye. */
  static final Pattern EXERCISE_THANKS = unicode("\\b(thanks|thank you|thx|helped|helps|helping|danke|hilft|geholfen|merci|"
      + "ça aide|ça m'aide|aidée?)\\b");
  /** A goodbye, which ends the session even in the middle of an exercise. */
  /** The goodbye words a leaving and a closing message share, in English, German and French. */
  private static final String GOODBYE = "i (should|have to|need to|gotta|must) (go|head off|get going|sign off|log off)"
      + "|gotta go|good ?night|talk (to you )?(later|soon|tomorrow)|see you( next time| later)?|ciao|ich muss (jetzt )?(los|gehen|weg|"
      + "schluss machen)|gute nacht|bis (bald|später|morgen|dann)|au revoir|je dois (y aller|partir|filer|te laisser)"
      + "|bonne nuit|à (plus|bientôt|demain)";
  static final Pattern LEAVING = unicode("\\b(bye|goodbye|tschüss|tschüs|" + GOODBYE + ")\\b");
  static final Pattern CONFUSION = unicode("^(i don'?t know|idk|dunno|not sure|i'?m not sure|no idea|i'?m confused|hard to (say|explain)|"
      + "it'?s complicated|i can'?t explain( it)?|i don'?t even know|where do i (even )?start|whatever|meh|hmm+|ugh+|\\.{2,}|\\?+|"
      + "ich wei(ß|ss) (es )?nicht|wei(ß|ss) nicht|keine ahnung|schwer zu sagen|keine ahnung|je (ne )?sais pas|j'sais pas|"
      + "chais pas|aucune idée|c'est compliqué)"
      + "(\\b.{0,40})?$|\\bi don'?t know (how|what|where) to (say|start|explain|begin)\\b|\\bi'?m not sure (what|how|why)\\b"
      + "|\\b(it'?s|this is) hard to put into words\\b");
  static final Pattern EXERCISE_REQUEST = unicode("\\b(breathing|grounding|relaxation|mindfulness|meditation|body scan) "
      + "(exercise|technique|practice)\\b|\\b(an?|some|another) (exercise|technique)\\b|\\bwalk me through\\b|\\bguide me\\b"
      + "|\\bcan we (do|try) (an?|some|the)\\b|\\bhelp me (calm down|relax|ground myself|breathe)\\b|\\b(box|4-7-8) breathing\\b"
      + "|\\b5-4-3-2-1\\b|\\bthought record\\b|\\bmuscle relaxation\\b|\\bteach me (a|an|some|how to (breathe|relax|calm))\\b"
      + "|\\b(atemübung|entspannungsübung|achtsamkeitsübung)\\w*|\\b(eine|die|noch eine) übung\\b|\\bmit mir atmen\\b"
      + "|\\bhilf mir,? (mich zu beruhigen|runterzukommen|zu entspannen)\\b|\\bexercice (de respiration|de relaxation|"
      + "d'ancrage|de pleine conscience)\\b|\\b(un|l') exercice\\b|\\bguide-moi\\b|\\baide-moi à (me calmer|respirer|me détendre)\\b");
  static final Pattern CLOSING = unicode("\\b(" + GOODBYE + ")\\b|\\btschüs+\\b|\\b(bye|goodbye|bye for now|bye bye)[\\s.!]*$|^(ok(ay)?|well|alright)?[ ,]*(bye|goodbye)\\b"
      + "|\\b(thanks|thank you)[,!. ]+(this|that|you|it) (really )?help(ed|s)\\b|\\bthis (really )?helped\\b"
      + "|\\bthat'?s (all|enough) for (today|now|tonight)\\b|\\bi'?m done for (today|now|tonight)\\b"
      + "|\\bwrap (this|it) up\\b|\\bcalling it a (day|night)\\b"
      + "|\\b(danke,? )?(das|es) hat (mir )?(sehr |echt |wirklich )?geholfen\\b|\\bmach'?s gut\\b"
      + "|\\bça m'a (bien |vraiment |beaucoup )?aidée?\\b|\\bc'est tout pour (aujourd'hui|ce soir)\\b");
  static final Pattern PSYCHOEDUCATION = unicode("\\bwhy (do|does|am|is|did|can'?t|do i always) (i|my|it|this|people)\\b|\\bis (it|this|that) "
      + "normal\\b|\\bwhat (is|are|causes|happens)\\b|\\bhow does\\b|\\bexplain\\b|\\bunderstand why\\b|\\bwhat'?s happening "
      + "(to|in) (me|my)\\b|\\bis there a reason\\b|\\bwhy i (feel|get|can'?t)\\b|\\bthe science\\b|\\bis that a (symptom|sign)\\b"
      // a practical question: what helps is what psychoeducation explains
      + "|\\bwhat (can|could|should) i do (about|when|if|for|to)\\b|\\bhow (can|do|could|should) i (stop|cope|deal|handle|"
      + "manage|calm|fall asleep|get to sleep|get some sleep|sleep|relax|get over|switch off)\\b"
      + "|\\bany (tips|advice|ideas|suggestions)\\b|\\bwhat helps (with|when|for)\\b"
      + "|\\b(tipps?|ratschläge?|ideen)\\b.{0,40}\\b(wie|für|gegen|bei)\\b|\\bwas kann ich (tun|machen|dagegen)\\b"
      // "how can I …" asks what psychoeducation explains only for coping, as in English: not "wie kann ich mit ihm reden?";
      // up to five words between ("wie kann ich besser mit dem Stress umgehen?", "comment je peux enfin arriver à dormir")
      + "|\\bwie (kann|könnte|soll) ich (mich )?(\\w+ ){0,5}(beruhigen|entspannen|einschlafen|schlafen|abschalten|"
      + "runterkommen|umgehen|aufhören|bewältigen|aushalten|überwinden|klarkommen|loslassen)\\b|\\bwas hilft (gegen|bei|wenn)\\b|\\bwarum (bin|fühle|kann|werde) ich\\b"
      + "|\\bist (das|es) normal\\b|\\bwie komme ich\\b.{0,30}\\brunter\\b|\\bhast du (tipps|ideen|ratschläge)\\b"
      + "|\\b(des |tes |quelques )?(conseils|astuces|idées)\\b.{0,40}\\b(pour|contre)\\b|\\bcomment faire pour\\b"
      + "|\\b(qu'est-ce que|que) (je peux|puis-je) faire\\b|\\bcomment (je peux|puis-je|pourrais-je|est-ce que je peux) (\\w+ ){0,5}(me calmer|"
      + "gérer|arrêter|dormir|m'endormir|me détendre|faire face|surmonter|déconnecter|décompresser|lâcher prise)\\b"
      + "|\\bpourquoi (je|est-ce que je)\\b|\\b(est-ce|c'est) normal\\b|\\btu as des (conseils|astuces|idées)\\b");
  static final Pattern REFLECTIVE = unicode("\\b(again|every time|everytime|always end up|keep (doing|having|getting|ending|falling|"
      + "going|picking|choosing|repeating|finding)|same (thing|pattern|cycle|story)|pattern|whenever|every single|"
      + "i always|over and over|cycle|i notice (that )?i|i tend to|it happens every|immer wieder|jedes mal|jedesmal|"
      + "schon wieder|ständig|à chaque fois|chaque fois|encore une fois|toujours la même|je finis toujours)\\b");

  static final String CLASSIFIER_PROMPT = "Classify a message to a support chat into one response mode: supportive (sharing "
      + "feelings, seeking support, greeting; the default), reflective (describing a recurring pattern they already named), "
      + "clarifying (ambiguous; you need context first), psychoeducation (describes a reaction and wants to understand it), "
      + "guided_exercise (asks for a structured technique), closing (winding down). Answer with the JSON schema.";

  private Dispatcher() {
  }

  /** The offline choice (also what the eval measures). */
  public static Choice classify(String message, Map<String, Object> progress) {
    return choose(message, progress, null);
  }

  /** Fast paths, then the model (when given; a failing call falls back), then the keyword fallback. */
  public static Choice choose(String message, Map<String, Object> progress, ChatModel model) {
    return choose(message, progress, model, false);
  }

  /**
   * {@link #choose(String, Map, ChatModel)} knowing whether our last reply asked a question ({@code asked}): then a
   * short answer ("yeah", "nicht wirklich", "bof") is heard as the answer it is, not as a message too short to
   * understand.
   */
  public static Choice choose(String message, Map<String, Object> progress, ChatModel model, boolean asked) {
    String text = message.strip().replace('’', '\'');
    boolean inExercise = progress != null && progress.get("exercise") instanceof String ex && !ex.isEmpty();
    if (inExercise && (CONTINUE_EXERCISE.matcher(text).matches() || EXERCISE_STOP.matcher(text).matches())) {
      return new Choice(Mode.GUIDED_EXERCISE, "fast_path", text);
    }
    if (inExercise && !LEAVING.matcher(text).find()) {
      Matcher thanks = EXERCISE_THANKS.matcher(text);
      if (thanks.find()) {
        // "thanks, that helped a bit" between two steps: a pause in the exercise, not a goodbye
        return new Choice(Mode.GUIDED_EXERCISE, "fast_path", thanks.group());
      }
    }
    if (asked && Cues.SHORT_ANSWER.matcher(text).matches()) {
      return new Choice(Mode.SUPPORTIVE, "fast_path", text);
    }
    for (var fast : new Object[][] {{CLOSING, Mode.CLOSING}, {CONFUSION, Mode.CLARIFYING},
        {EXERCISE_REQUEST, Mode.GUIDED_EXERCISE}, {OfflineReplies.RECALL, Mode.SUPPORTIVE},
        {OfflineReplies.SAID, Mode.SUPPORTIVE}, {OfflineReplies.TALKED, Mode.SUPPORTIVE}, {OfflineReplies.ABOUT_US, Mode.SUPPORTIVE},
        {OfflineReplies.ACKNOWLEDGEMENT, Mode.SUPPORTIVE}, {Cues.NAME_QUESTION, Mode.SUPPORTIVE}}) {
      Matcher m = ((Pattern) fast[0]).matcher(text);
      if (m.find()) {
        return new Choice((Mode) fast[1], "fast_path", m.group());
      }
    }
    String subject = Cues.switchTo(text);
    if (subject != null) {
      return new Choice(Mode.SUPPORTIVE, "fast_path", "talk about " + subject);
    }
    if (model != null) {
      try {
        ModeChoice c = ModelCalls.structured(model, CLASSIFIER_PROMPT, text, ModeChoice.class);
        Mode mode = Mode.parse(c.mode());
        if (mode != null) {
          return new Choice(mode, "llm", c.reason() == null ? "" : c.reason());
        }
      } catch (Exception e) {
        // fall through to the keyword fallback
      }
    }
    return fallback(text);
  }

  static Choice fallback(String text) {
    Matcher psy = PSYCHOEDUCATION.matcher(text);
    if (psy.find()) {
      return new Choice(Mode.PSYCHOEDUCATION, "fallback", psy.group());
    }
    if (Cues.GREETING.matcher(text).matches()) {
      // "hi again": greeted, not asked about a pattern
      return new Choice(Mode.SUPPORTIVE, "fallback", "greeting");
    }
    Matcher ref = REFLECTIVE.matcher(text);
    if (ref.find()) {
      return new Choice(Mode.REFLECTIVE, "fallback", ref.group());
    }
    if (text.split("\\s+").length <= 2 && !Cues.STARTS_WITH_HELLO.matcher(text).find()) {
      return new Choice(Mode.CLARIFYING, "fallback", "short message");
    }
    return new Choice(Mode.SUPPORTIVE, "fallback", "");
  }
}
