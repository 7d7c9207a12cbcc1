package dev.trellis.apps.opencouch.therapeutic;

import dev.trellis.apps.opencouch.memory.Candidate;
import dev.trellis.apps.opencouch.memory.FactRules;
import dev.trellis.apps.opencouch.memory.LocalFacts;
import dev.trellis.apps.opencouch.memory.RecallQuestion;
import dev.trellis.apps.opencouch.memory.MemoryEntry;
import dev.trellis.apps.opencouch.memory.ProceduralRules;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.apps.opencouch.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import dev.trellis.apps.opencouch.Patterns;
import java.util.regex.Pattern;

/**
 * The deterministic replies of each mode when no model is configured. They fit the message:
 * a greeting is greeted, an introduction is answered by name, good news is celebrated, a question about what the user told us
 * ("what's my name?") is answered from working memory, and anything else is reflected back in
 * the user's own words (first person turned to second) before the mode's template — which
 * acknowledges difficulty only when the message is about one. A reply is built of parts
 * ({@link Reply}), so the user's procedural rules apply to parts, not sentences: "keep it
 * short" drops the extras but never the recall of what the user told us, "don't ask questions"
 * drops the question, "call me Sam" addresses them.
 */
final class OfflineReplies {
  private static final Pattern CALL = Pattern.compile("^Call the user ([^.]+)\\.$");
  private static final String REL = "name|sister|brother|mom|mother|mum|dad|father|partner|wife|husband|girlfriend|boyfriend|"
      + "son|daughter|friend|best friend|boss|roommate|dog|cat|puppy|kitten|pet|job|work|city|hometown|hobby";
  static final Pattern RECALL = Patterns.unicode("(?i)\\b(what'?s|what is|what was|who'?s|who is|do you (still )?"
      + "(remember|know|recall)|can you remember|remember)\\b.{0,25}?\\b(my (" + REL + ")|about me)\\b|"
      + RecallQuestion.ABOUT_ME.pattern());
  private static final Pattern ASKED_ABOUT = Pattern.compile("(?i)\\bmy (" + REL + ")\\b");
  static final Pattern ABOUT_US = Cues.ABOUT_US;
  /** A clause about our replies ("long answers stress me out more", "lange Antworten überfordern mich"). */
  private static final Pattern ABOUT_REPLIES = Pattern.compile("(?iu)\\b(long|longer|big|lengthy|wordy|lange|längere|"
      + "longues|longs)?\\s*(answers|replies|responses|messages|texts|paragraphs|walls of text|antworten|nachrichten|texte|"
      + "réponses|messages|pavés)\\b[^.,;!?]*");
  static final Pattern ACKNOWLEDGEMENT = Cues.ACKNOWLEDGEMENT;
  static final Pattern SAID = Cues.SAID;
  static final Pattern TALKED = Cues.TALKED;

  private OfflineReplies() {
  }

  /** A reply as parts: the sentences that carry it, extras a short reply drops, the recall, the question. */
  record Reply(List<Part> parts) {
    enum Role { CORE, EXTRA, RECALL, QUESTION }

    record Part(String text, Role role) {
    }

    static Reply of(String core) {
      return new Reply(List.of()).with(core, Role.CORE);
    }

    Reply with(String text, Role role) {
      if (text == null || text.isBlank()) {
        return this;
      }
      List<Part> out = new ArrayList<>(parts);
      out.add(new Part(text.strip(), role));
      return new Reply(List.copyOf(out));
    }

    Reply core(String t) {
      return with(t, Role.CORE);
    }

    Reply extra(String t) {
      return with(t, Role.EXTRA);
    }

    Reply recall(String t) {
      return with(t, Role.RECALL);
    }

    Reply question(String t) {
      return with(t, Role.QUESTION);
    }

    /** This reply after {@code core} (an opening sentence). */
    Reply after(String core) {
      List<Part> out = new ArrayList<>();
      out.add(new Part(core.strip(), Role.CORE));
      out.addAll(parts);
      return new Reply(List.copyOf(out));
    }

    Reply without(Role role) {
      return new Reply(parts.stream().filter(p -> p.role() != role).toList());
    }

    String text() {
      return String.join(" ", parts.stream().map(Part::text).toList());
    }
  }

  /**
   * The supportive reply to {@code message} in {@code lang} ({@code en}, {@code de}, {@code fr}); {@code earlier} holds
   * the user's messages of this conversation's earlier turns, oldest first (what "what did I say was stressing me?" is
   * answered from).
   */
  static Reply supportive(String message, List<MemoryEntry> memory, List<ConversationRecall.Earlier> earlier, String lang) {
    String text = message.strip().replace('’', '\'');
    if (Cues.asksAboutLastTime(text)) {
      // "what did we talk about last time?": the last session's summary (topics only), not this conversation
      String last = lastSession(memory, lang);
      return last.isEmpty() ? Reply.of(Say.NO_LAST_TIME.in(lang)).question(Say.TALK_ABOUT.in(lang))
          : Reply.of(last).question(Say.PICK_UP.in(lang));
    }
    if (TALKED.matcher(text).find()) {
      return ConversationRecall.summary(earlier, lang);
    }
    if (SAID.matcher(text).find()) {
      // "what did I tell you about my sister?": this conversation's words, else a fact kept from an earlier one
      Reply here = ConversationRecall.answer(text, earlier, lang);
      Reply kept = here.text().startsWith(Say.NOT_TOLD.in(lang)) ? FactQuestion.reply(text, memory, lang, true) : null;
      return kept != null ? kept : here;
    }
    if (ABOUT_US.matcher(text).find()) {
      return Reply.of(Say.ABOUT_US.in(lang)).extra(Say.ABOUT_US_MORE.in(lang)).question(Say.ON_YOUR_MIND.in(lang));
    }
    if (ACKNOWLEDGEMENT.matcher(text).matches()) {
      return Reply.of(Say.HERE_WHEN_READY.in(lang)).recall(recall(memory, lang)).question(Say.TALK_NEXT.in(lang));
    }
    if (Cues.SHORT_ANSWER.matcher(text).matches()) {
      // "yeah" answering the question we asked: heard, and a door to say more
      return Reply.of(Say.HEAR_YOU.in(lang)).extra(Say.NO_RUSH.in(lang)).question(Say.TELL_MORE.in(lang));
    }
    // "who is going to look after my dog now that my mom died?", "I can't remember when Anna last called, I'm so
    // lonely": a loss or something hard is answered as such (below, a kept fact as its recall), never a fact alone
    boolean hard = Cues.LOSS.matcher(text).find() || Cues.DISTRESS.matcher(text).find();
    if (!hard && RECALL.matcher(text).find() || Cues.NAME_QUESTION.matcher(text).find()) {
      return answer(text, memory, lang);
    }
    Reply fact = hard ? null : FactQuestion.reply(text, memory, lang, false);
    if (fact != null) {
      // "wer ist Anna?", "I forgot what my sister's name is": the kept fact answers it, not a generic reply or the summary
      return fact;
    }
    String subject = Cues.switchTo(text);
    if (subject != null) {
      return ConversationRecall.opening(subject, earlier, lang);
    }
    String reflection = Reflection.reflect(text, lang);
    String name = FactRules.extract(text).stream().filter(c -> "name".equals(c.category())).map(c -> nameIn(c.text()))
        .findFirst().orElse(null);
    String rest = name == null ? null : afterName(text, name);
    if (rest != null && (Cues.DISTRESS.matcher(rest).find() || Cues.goodNews(rest) || Cues.LOSS.matcher(rest).find()
        || !dev.trellis.apps.opencouch.memory.Topics.of(rest).isEmpty())) {
      // "hi, I'm Sam. work has been stressing me out", "ich bin Jonas. Ich wurde gekündigt …": greeted by name, and
      // what follows — something hard, good news, a loss or anything with a topic — answered as itself
      return supportive(rest, memory, earlier, lang).after(Say.NICE_TO_MEET.in(lang, name));
    }
    if (name != null) {
      return Reply.of(Say.NICE_TO_MEET.in(lang, name)).extra(reflection == null ? null : Say.GLAD_YOU_TOLD.in(lang))
          .recall(recall(memory, lang)).question(Say.WHAT_TODAY.in(lang));
    }
    if (Cues.GREETING.matcher(text).matches()) {
      String after = Cues.HELLO_OPENING.matcher(text).replaceFirst("");
      if (Cues.DISTRESS.matcher(after).find()) {
        // "hey. rough week": greeted, and what follows answered as itself
        return supportive(after, memory, earlier, lang).after(Say.HELLO_HARD.in(lang));
      }
      return Reply.of(Say.HELLO.in(lang)).recall(recall(memory, lang)).question(Say.HOW_TODAY.in(lang));
    }
    if (Cues.LOSS.matcher(text).find()) {
      // "my dad passed away last month": a loss, never good news (its "passed" is no exam)
      return Reply.of(Say.LOSS.in(lang)).extra(Say.LOSS_WAVES.in(lang)).question(Say.LOSS_SINCE.in(lang));
    }
    boolean distress = Cues.DISTRESS.matcher(text).find();
    if (!distress && Cues.goodNews(text)) {
      return Reply.of(Say.GOOD_NEWS.in(lang))
          .extra(reflection == null ? null : capital(Say.GOOD_NEWS_SAID.in(lang, reflection)))
          .recall(recall(memory, lang)).question(Say.FEEL_ABOUT_IT.in(lang));
    }
    if (!distress && Cues.doingWell(text)) {
      // "mir geht's heute eigentlich ganz gut": glad, and what helped
      return Reply.of(Say.GLAD_TO_HEAR.in(lang)).extra(reflection == null ? null : sounds(reflection, lang))
          .recall(recall(memory, lang)).question(Say.WHAT_HELPED.in(lang));
    }
    if (distress) {
      Reply r = reflection == null ? Reply.of(Say.SOUNDS_HARD.in(lang))
          : Reply.of(sounds(reflection, lang)).extra(Say.A_LOT.in(lang));
      return r.recall(recall(memory, lang)).question(Say.HEAVIEST.in(lang));
    }
    if (reflection == null && (text.endsWith("?") || Cues.QUESTION.matcher(text).find())) {
      // "what should i even do first": a question of theirs, not something to thank them for telling us
      return Reply.of(Say.THINK_IT_THROUGH.in(lang)).recall(recall(memory, lang)).question(Say.MOST_PRESSING.in(lang));
    }
    return Reply.of(reflection == null ? Say.THANKS_FOR_TELLING.in(lang) : sounds(reflection, lang))
        .extra(Say.LISTENING.in(lang)).recall(recall(memory, lang)).question(Say.HOW_BEEN.in(lang));
  }

  /** "It sounds like {reflection}." in {@code lang} (German opens the said-back sentence with a capital). */
  private static String sounds(String reflection, String lang) {
    return Say.SOUNDS_LIKE.in(lang, "de".equals(lang) ? capital(reflection) : reflection);
  }

  /** {@code s} with its first letter a capital. */
  static String capital(String s) {
    return s == null || s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  /**
   * The acknowledgement of a short message that tells us how to reply ("keep it short please", "fass dich kurz", "sois
   * bref"), in whichever mode: the rule is kept, and the user is told so instead of having it reflected back as a
   * feeling. Null when the message is not one (longer, or about something hard: that is answered as such).
   */
  static Reply instruction(String message, String lang) {
    String text = message.strip();
    // "keep it short, long answers stress me out": the stress is about our replies, not something hard to answer
    String feeling = ABOUT_REPLIES.matcher(text).replaceAll(" ");
    if (text.split("\\s+").length > 16 || Cues.DISTRESS.matcher(feeling).find()) {
      return null;
    }
    List<String> acks = ProceduralRules.extract(text).stream().filter(Candidate::explicit)
        .map(c -> acknowledged(c.text(), lang)).toList();
    return acks.isEmpty() ? null
        : Reply.of(Say.OF_COURSE.in(lang, String.join(Say.AND.in(lang), acks))).question(Say.TALK_ABOUT.in(lang));
  }

  /** A procedural rule as what we will do ("Keep replies short." → "I'll keep my replies short"). */
  private static String acknowledged(String rule, String lang) {
    Matcher call = CALL.matcher(rule);
    if (call.matches()) {
      return Say.WILL_CALL.in(lang, call.group(1));
    }
    String r = stripEnd(rule).replace("the user", "you");
    if (r.startsWith("Keep replies ")) {
      return Say.WILL_SHORT.in(lang, r.substring("Keep replies ".length()));
    }
    if (!"en".equals(lang)) {
      return r.startsWith("Do not give") ? Say.WILL_NO_ADVICE.in(lang)
          : r.startsWith("Do not ask") ? Say.WILL_NO_QUESTIONS.in(lang)
          : r.startsWith("Give short") || r.startsWith("Give brief") ? Say.WILL_SHORT.in(lang, "short")
          : Say.WILL_REMEMBER.in(lang);
    }
    if (r.startsWith("Give ")) {
      return "I'll give you " + r.substring("Give ".length());
    }
    if (r.startsWith("Do not ")) {
      return "I won't " + r.substring("Do not ".length());
    }
    return r.startsWith("Always ") ? "I'll always " + r.substring("Always ".length()) : Say.WILL_REMEMBER.in(lang);
  }

  static Reply reflective(String message, List<MemoryEntry> memory, String lang) {
    String reflection = Reflection.reflect(message.strip(), lang);
    return Reply.of(Say.PATTERN.in(lang))
        .extra(reflection == null ? null : Say.YOU_SAID.in(lang, "de".equals(lang) ? capital(reflection) : reflection))
        .recall(recall(memory, lang)).question(Say.JUST_BEFORE.in(lang));
  }

  static Reply clarifying(String lang) {
    return Reply.of(Say.UNDERSTAND.in(lang)).extra(Say.ANYTHING_OKAY.in(lang)).question(Say.WHICH_KIND.in(lang));
  }

  static Reply psychoeducation(String message, List<MemoryEntry> memory, String lang) {
    Knowledge.Topic t = Knowledge.topicFor(message, lang);
    String body = t != null ? t.explanation() : Say.HUMAN_REACTION.in(lang);
    return Reply.of(Say.GOOD_QUESTION.in(lang)).core(body).recall(recall(memory, lang)).question(Say.FITS.in(lang));
  }

  static Reply exerciseStep(Knowledge.Exercise ex, int step, boolean starting, String lang) {
    int n = ex.steps().size();
    String line = Say.STEP.in(lang, step, n, ex.steps().get(step - 1));
    Reply r = starting ? Reply.of(Say.LETS_TRY.in(lang, ex.name())).core(line) : Reply.of(line);
    return step < n ? r.extra(Say.READY_NEXT.in(lang)) : r.question(Say.LAST_STEP.in(lang));
  }

  /** Thanks or "that helped" in the middle of an exercise: glad, and the next step or stopping offered. */
  static Reply exercisePause(int nextStep, int steps, String lang) {
    return Reply.of(Say.GLAD_IT_HELPS.in(lang)).core(Say.GO_ON_OR_STOP.in(lang, nextStep, steps)).question(Say.GO_ON.in(lang));
  }

  /** The exercise stopped at the user's word. */
  static Reply exerciseStopped(String lang) {
    return Reply.of(Say.STOPPED.in(lang)).question(Say.FEEL_NOW.in(lang));
  }

  /** The closing; {@code again} when the reply before was one (a goodbye is said once, without a second recall). */
  static Reply closing(List<MemoryEntry> memory, String lang, boolean again) {
    if (again) {
      return Reply.of(Say.TAKE_CARE_AGAIN.in(lang));
    }
    return Reply.of(Say.THANK_YOU_TODAY.in(lang)).recall(recall(memory, lang)).extra(Say.TAKE_CARE.in(lang));
  }

  /** The answer to a question about what the user told us, from working memory only. */
  static Reply answer(String message, List<MemoryEntry> memory, String lang) {
    List<MemoryEntry> facts = WorkingMemory.ofType(memory, "semantic");
    Matcher about = ASKED_ABOUT.matcher(message);
    boolean aboutName = Cues.NAME_QUESTION.matcher(message).find();
    if (aboutName || about.find()) {
      String subject = aboutName ? "name" : about.group(1).toLowerCase(Locale.ROOT);
      if (subject.equals("name")) {
        for (MemoryEntry f : facts) {
          if ("name".equals(f.category())) {
            return Reply.of(Say.YOUR_NAME.in(lang, nameIn(String.valueOf(f.text())))).question(Say.ON_YOUR_MIND_TODAY.in(lang));
          }
        }
        for (MemoryEntry rule : WorkingMemory.ofType(memory, "procedural")) {
          Matcher call = CALL.matcher(String.valueOf(rule.text()));
          if (call.matches()) {
            return Reply.of(Say.ASKED_TO_CALL.in(lang, call.group(1))).question(Say.ON_YOUR_MIND_TODAY.in(lang));
          }
        }
        return Reply.of(Say.NO_NAME_YET.in(lang)).question(Say.WHAT_CALL_YOU.in(lang));
      }
      for (MemoryEntry f : facts) {
        if (String.valueOf(f.text()).toLowerCase(Locale.ROOT).contains(subject)) {
          return Reply.of("I remember that " + secondPerson(String.valueOf(f.text())) + ".")
              .question("What's on your mind about them today?");
        }
      }
      return Reply.of("I don't think you've told me about your " + subject + " yet.").question("Would you like to tell me?");
    }
    // what the user told us, in the reply's language (a fact kept in another language is not said in this one)
    List<String> known = facts.stream().map(f -> said(f, lang)).filter(x -> x != null).distinct().limit(4).toList();
    if (known.isEmpty()) {
      return Reply.of(Say.NOTHING_SAVED.in(lang)).question(Say.WHAT_KNOW.in(lang));
    }
    return Reply.of(Say.HERE_REMEMBER.in(lang, String.join("; ", known))).question(Say.OUT_OF_DATE.in(lang));
  }

  /**
   * A remembered fact in the second person in {@code lang} ("your name is Ana", "du hast einen Dackel namens Bruno", "tu
   * es infirmière"), or null when it was kept in another language: the name is said in any language, the rest in the
   * language it was told in.
   */
  static String said(MemoryEntry fact, String lang) {
    String text = String.valueOf(fact.text());
    if ("name".equals(fact.category()) && text.startsWith("The user's name is ")) {
      return Say.NAME_IS.in(lang, nameIn(text));
    }
    String local = LocalFacts.said(text, lang);
    if (local != null) {
      return local;
    }
    return "en".equals(lang) && text.startsWith("The user") ? secondPerson(text) : null;
  }

  /** What {@code text} says after introducing {@code name} ("I'm Sam, and work…" → "work…"), or null when nothing. */
  private static String afterName(String text, String name) {
    Matcher m = Pattern.compile("(?i)\\b" + Pattern.quote(name) + "\\b").matcher(text);
    if (!m.find()) {
      return null;
    }
    String rest = text.substring(m.end()).replaceFirst("(?i)^[\\s,.;:!–-]*((and|but|so|und|aber|et|mais)\\b[\\s,]*)?", "")
        .strip();
    return rest.split("\\s+").length < 3 ? null : rest;
  }

  private static String nameIn(String fact) {
    return stripEnd(fact).replaceFirst("^The user's name is ", "");
  }

  /**
   * The message's first sentence in the second person ("I've been feeling lonely since I moved"
   * → "you've been feeling lonely since you moved"), or null when it cannot be reflected well
   * (a question, a message addressed to us, or one too long to repeat). English; {@link Reflection} has German and French.
   */
  static String reflect(String message) {
    return Reflection.reflect(message, "en");
  }

  /**
   * A remembered fact or the last session's summary, as one sentence in the second person ("" when none). A fact is said
   * in the language it was told in (the name in any language): in German and French the job, the pet, the people
   * close to them and what worries them are recalled as in English. The summary's topics are said in {@code lang}.
   */
  static String recall(List<MemoryEntry> memory, String lang) {
    for (MemoryEntry e : WorkingMemory.ofType(memory, "semantic")) {
      if (!"en".equals(lang) && "name".equals(e.category())) {
        return Say.REMEMBER_NAME.in(lang, nameIn(String.valueOf(e.text())));
      }
      String said = said(e, lang);
      if (said != null) {
        return Say.REMEMBER_FACT.in(lang, "de".equals(lang) ? capital(said) : said);
      }
    }
    return lastSession(memory, lang);
  }

  /** The last session's summary said in {@code lang} ("Last time you talked about work."), "" when none is kept. */
  static String lastSession(List<MemoryEntry> memory, String lang) {
    for (MemoryEntry e : WorkingMemory.ofType(memory, "episodic")) {
      String recalled = SessionEnd.recalled(String.valueOf(e.text()), lang);
      if (recalled != null) {
        return recalled;
      }
    }
    return "";
  }

  /** Applies the user's procedural rules to a prepared reply: to its parts, so the recall always stays. */
  static String follow(Reply reply, List<MemoryEntry> memory) {
    Reply r = reply;
    String name = null;
    for (MemoryEntry rule : WorkingMemory.ofType(memory, "procedural")) {
      String text = String.valueOf(rule.text());
      String low = text.toLowerCase(Locale.ROOT);
      Matcher call = CALL.matcher(text);
      if (call.matches()) {
        name = call.group(1);
      } else if (low.matches(".*\\b(short|brief|concise|shorter)\\b.*")) {
        r = r.without(Reply.Role.EXTRA);
      } else if (low.startsWith("do not ask")) {
        r = r.without(Reply.Role.QUESTION);
      }
    }
    String out = r.text();
    return name == null || out.isEmpty() ? out : name + ", " + Character.toLowerCase(out.charAt(0)) + out.substring(1);
  }

  static String secondPerson(String fact) {
    String t = stripEnd(fact);
    t = t.replaceFirst("^The user's ", "your ").replaceFirst("^The user has ", "you have ")
        .replaceFirst("^The user is ", "you are ").replaceFirst("^The user ", "you ");
    return t.replaceAll("^you works", "you work").replaceAll("^you lives", "you live").replaceAll("^you enjoys", "you enjoy")
        .replaceAll("^you feels", "you feel").replaceAll("^you takes", "you take");
  }

  private static String stripEnd(String s) {
    return s.strip().replaceAll("[.!]+$", "");
  }
}
