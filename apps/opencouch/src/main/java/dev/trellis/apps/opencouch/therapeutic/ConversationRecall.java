package dev.trellis.apps.opencouch.therapeutic;

import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.TranscriptEntry;
import dev.trellis.apps.opencouch.memory.FactRules;
import dev.trellis.apps.opencouch.memory.SmallTalk;
import dev.trellis.apps.opencouch.memory.Topics;
import dev.trellis.apps.opencouch.memory.WritePolicy;
import dev.trellis.graph.State;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The offline answer to a question about what the user said earlier in this conversation ("what did I
 * say was stressing me?"): the latest earlier sentence sharing a word with the question (or, when the
 * question names nothing, the latest statement), said back in the second person. Only what a turn on the
 * therapeutic route was told is said back, and never a sentence that touches harm or loss
 * ({@link WritePolicy#safeToKeep}); when only such a sentence matches (a crisis turn's "some nights I wish I
 * could just not wake up"), the user hears that we remember, not their words.
 */
final class ConversationRecall {
  /** The most earlier messages read. */
  static final int READ = 40;
  private static final Set<String> STOP = Set.copyOf(java.util.List.of("what", "did", "have", "just", "already", "say", "said", "tell", "told",
      "mention", "mentioned", "write", "wrote", "was", "were", "saying", "talking", "about", "telling", "remind",
      "remember", "still", "that", "this", "with", "earlier", "before", "again", "really", "actually", "thing", "things",
      "something", "your", "you", "could", "would", "there", "when", "which", "where", "habe", "gesagt", "erzählt",
      "hab", "ich", "the", "and", "me", "my", "i", "can", "do", "is", "it", "to", "of", "a", "an", "in", "on", "for",
      "dir", "was", "über", "noch", "weißt", "du", "mir", "dass", "qu'est-ce", "que", "je", "t'ai", "dit", "raconté",
      "tu", "te", "souviens", "sur", "de", "mon", "ma", "mes", "le", "la", "les", "stuff", "things", "instead", "sachen",
      "zeug", "lieber", "trucs", "plutôt", "truc", "thema", "sujet", "the", "some", "bit", "die", "der", "das", "meine",
      "meinen", "mein", "du", "des", "d'", "l'"));

  private ConversationRecall() {
  }

  /**
   * A user message of an earlier turn; {@code quotable} when that turn was answered on the therapeutic route (not by
   * the crisis reply, a check-in or the third-party reply), so its words may be said back.
   */
  record Earlier(String text, boolean quotable) {
  }

  /** The user's messages of the turns before this one, oldest first (at most {@link #READ}). */
  static List<Earlier> userMessages(State s) {
    List<TranscriptEntry> transcript = CouchState.transcript(s);
    Map<Integer, String> routes = new HashMap<>();
    for (TranscriptEntry e : transcript) {
      if ("assistant".equals(e.role())) {
        routes.put(e.turn(), e.route());
      }
    }
    List<Earlier> out = new ArrayList<>();
    for (TranscriptEntry e : transcript) {
      if ("user".equals(e.role()) && routes.containsKey(e.turn())) {
        out.add(new Earlier(e.content(), "therapeutic".equals(routes.get(e.turn()))));
      }
    }
    return List.copyOf(out.subList(Math.max(0, out.size() - READ), out.size()));
  }

  static OfflineReplies.Reply answer(String question, List<Earlier> earlier, String lang) {
    List<String> stems = stems(question);
    boolean painful = false;
    for (int i = earlier.size() - 1; i >= 0; i--) {
      for (String sentence : sentences(earlier.get(i).text())) {
        boolean asked = stems.isEmpty() ? !sentence.endsWith("?") && !smallTalk(sentence)
            : stems.stream().anyMatch(st -> shares(sentence, st));
        if (!asked) {
          continue;
        }
        if (!earlier.get(i).quotable() || !WritePolicy.safeToKeep(sentence) || Cues.LOSS.matcher(earlier.get(i).text()).find()) {
          painful = true;
          continue;
        }
        String said = Reflection.reflect(sentence, lang);
        if (said != null) {
          return OfflineReplies.Reply.of(Say.YOU_SAID.in(lang, inSentence(said, lang))).question(Say.TALK_MORE.in(lang));
        }
      }
    }
    if (painful) {
      return OfflineReplies.Reply.of(Say.PAINFUL.in(lang)).question(Say.COME_BACK_TO_ANY.in(lang));
    }
    return OfflineReplies.Reply.of(Say.NOT_TOLD.in(lang)).question(Say.WANT_TO_TELL.in(lang));
  }

  /**
   * The offline answer to "what did we talk about?": the first two things the user told us on the therapeutic route
   * (statements, not questions; nothing touching harm or loss), said back in order, and that we remember the painful
   * things without saying them.
   */
  static OfflineReplies.Reply summary(List<Earlier> earlier, String lang) {
    List<String> told = new ArrayList<>();
    boolean painful = false;
    for (Earlier e : earlier) {
      for (String sentence : sentences(e.text())) {
        if (smallTalk(sentence)) {
          continue;
        }
        // a message telling of a loss is not said back, any of its sentences ("Wir waren 41 Jahre verheiratet.")
        if (!e.quotable() || !WritePolicy.safeToKeep(sentence) || Cues.LOSS.matcher(e.text()).find()) {
          painful = true;
          continue;
        }
        String said = sentence.endsWith("?") || told.size() == 2 ? null
            : Reflection.reflect(sentence, lang);
        if (said != null) {
          told.add(inSentence(said, lang));
        }
      }
    }
    String also = painful ? " " + Say.ALSO_PAINFUL.in(lang) : "";
    if (told.isEmpty()) {
      return OfflineReplies.Reply.of(painful ? Say.PAINFUL.in(lang) : Say.JUST_STARTED.in(lang))
          .question(Say.TALK_ABOUT.in(lang));
    }
    return OfflineReplies.Reply.of(Say.YOU_TOLD_ME.in(lang, String.join(Say.AND_THAT.in(lang), told)) + also)
        .question(Say.COME_BACK_WHICH.in(lang));
  }

  /**
   * Whether {@code sentence} is small talk, not something the user told us: a greeting, an acknowledgement, a short
   * answer, or an introduction with little else ("bonjour, moi c'est Camille", "Ich heiße Helga, übrigens.").
   */
  static boolean smallTalk(String sentence) {
    String t = sentence.strip().replace('’', '\'');
    if (SmallTalk.is(t) || Cues.GREETING.matcher(t).matches() || Cues.ACKNOWLEDGEMENT.matcher(t).matches()
        || Cues.SHORT_ANSWER.matcher(t).matches()) {
      return true;
    }
    boolean introduces = FactRules.extract(t).stream().anyMatch(c -> "name".equals(c.category()));
    return introduces && t.split("\\s+").length <= 6;
  }

  /** Said back inside a sentence of {@code lang}: German opens it with a capital (it follows a colon). */
  private static String inSentence(String said, String lang) {
    return "de".equals(lang) ? OfflineReplies.capital(said) : said;
  }

  /**
   * The reply to "can we talk about {@code subject} instead?": that topic opened, with what the user said about it
   * earlier in this conversation when there is something (the latest sentence sharing a word or a {@link Topics} topic
   * with the subject, never one touching harm or loss), else a question about it.
   */
  static OfflineReplies.Reply opening(String subject, List<Earlier> earlier, String lang) {
    String turned = Reflection.swapWords(subject.replaceAll("[?.!\\s]+$", ""), lang);
    OfflineReplies.Reply r = OfflineReplies.Reply.of(Say.LETS_TALK_ABOUT.in(lang, turned));
    if (subject.matches("(?i)(something|anything) else|(was|etwas) anderes?|(d')?autre chose")) {
      return r.question(Say.TALK_ABOUT.in(lang));
    }
    List<String> stems = stems(subject);
    List<String> topics = Topics.of(subject);
    for (int i = earlier.size() - 1; i >= 0; i--) {
      if (!earlier.get(i).quotable()) {
        continue;
      }
      for (String sentence : sentences(earlier.get(i).text())) {
        boolean about = stems.stream().anyMatch(st -> shares(sentence, st))
            || Topics.of(sentence).stream().anyMatch(topics::contains);
        String back = about && WritePolicy.safeToKeep(sentence) && !sentence.endsWith("?")
            ? Reflection.reflect(sentence, lang) : null;
        if (back != null) {
          return r.core(Say.EARLIER_YOU_SAID.in(lang, inSentence(back, lang))).question(Say.HOW_IS_IT_NOW.in(lang));
        }
      }
    }
    return r.question(Say.WHAT_GOING_ON.in(lang));
  }

  /** The question's words that name something (the first five letters of each, so "stressing" finds "stressed"). */
  private static List<String> stems(String question) {
    List<String> out = new ArrayList<>();
    for (String w : question.toLowerCase(Locale.ROOT).split("[^\\p{L}']+")) {
      if (w.length() >= 3 && !STOP.contains(w)) {
        out.add(w.length() > 5 ? w.substring(0, 5) : w);
      }
    }
    return out;
  }

  private static boolean shares(String sentence, String stem) {
    for (String w : sentence.toLowerCase(Locale.ROOT).split("[^\\p{L}']+")) {
      if (w.startsWith(stem)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> sentences(String message) {
    return List.of(message.strip().split("(?<=[.!?])\\s+|\\n"));
  }
}
