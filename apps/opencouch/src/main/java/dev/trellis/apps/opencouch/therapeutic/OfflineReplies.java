package dev.trellis.apps.opencouch.therapeutic;

import dev.trellis.apps.opencouch.memory.Candidate;
import dev.trellis.apps.opencouch.memory.FactRules;
import dev.trellis.apps.opencouch.memory.MemoryEntry;
import dev.trellis.apps.opencouch.memory.ProceduralRules;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.apps.opencouch.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
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
  /** A greeting's opening word ("hi", "good morning"). */
  private static final String HELLO = "(?i)^(hi|hey|hello|hiya|heya|howdy|good (morning|evening|afternoon))\\b";
  private static final Pattern GREETING = Pattern.compile(HELLO + "[\\s\\w,!.'’]{0,20}$");
  /** A greeting's opening word with what sets it off ("hey. rough week" → "rough week"). */
  private static final Pattern HELLO_OPENING = Pattern.compile(HELLO + "[\\s,!.]*");
  private static final Pattern DISTRESS = Pattern.compile("(?i)\\b(stress\\w*|hard|awful|terrible|horrible|sad|lonely|"
      + "anxious|anxiety|worried|worry|scared|afraid|tired|exhausted|overwhelm\\w*|angry|upset|hurt\\w*|cry\\w*|argu\\w+|"
      + "fight|fought|lost|miss(ing)?|griev\\w*|grief|difficult|struggl\\w*|can'?t sleep|sick|heavy|down|depress\\w*|panic\\w*|"
      + "alone|distant|yell\\w*|broke up|fired|rough|bad|worse|guilty|ashamed|nervous|frustrat\\w*|pain|crappy|shit\\w*)\\b");
  private static final Pattern GOOD_NEWS = Pattern.compile("(?i)\\b(promot\\w*|got the (job|role|place|offer)|good news|"
      + "great news|engaged|passed|accepted|excited|happy|proud|won|went (really )?well|celebrat\\w*|finally did)\\b");
  private static final String REL = "name|sister|brother|mom|mother|mum|dad|father|partner|wife|husband|girlfriend|boyfriend|"
      + "son|daughter|friend|best friend|boss|roommate|dog|cat|puppy|kitten|pet|job|work|city|hometown|hobby";
  static final Pattern RECALL = Pattern.compile("(?i)\\b(what'?s|what is|what was|who'?s|who is|do you (still )?"
      + "(remember|know|recall)|can you remember|remember)\\b.{0,25}?\\b(my (" + REL + ")|about me)\\b");
  private static final Pattern ASKED_ABOUT = Pattern.compile("(?i)\\bmy (" + REL + ")\\b");
  /** A question about us ("are you a real person?", "am I talking to a bot?", "who are you?"). */
  static final Pattern ABOUT_US = Pattern.compile("(?i)\\b(are|r) (you|u) (a |an |even |actually |really )*(real|human|"
      + "person|people|bot|chat ?bot|robot|ai|a\\.i\\.|machine|computer|program|therapist|counsell?or|psychologist|"
      + "doctor|chatgpt)\\b|\\bwho (are|r) (you|u)\\b|\\bwhat (are|r) (you|u)\\b|\\b(am i|i'?m) (talking|speaking|"
      + "chatting|texting) (to|with) (a |an )?(bot|robot|human|person|real|machine|ai)\\b");
  /** A reply that only acknowledges ("ok", "thanks", "got it"). */
  static final Pattern ACKNOWLEDGEMENT = Pattern.compile("(?i)^(ok(ay)?|k|kk|thanks|thank you|thx|ty|sure|alright|"
      + "all right|got it|cool|fine|right|i see|makes sense|that makes sense|noted|understood)[\\s.!,]*(thanks|thank you)?"
      + "[\\s.!]*$");
  /** A question about what the user said earlier in this conversation ("what did I say was stressing me?"). */
  static final Pattern SAID = Pattern.compile("(?i)\\b(what (did|have) i (just |already )?(say|said|tell|told|mention(ed)?|"
      + "write|wrote)|what was i (just )?(saying|talking about|telling you)|remind me what i (said|told you|was saying)|"
      + "(do|can|did) you (still )?remember what i (said|told you|was saying)|was hab(e)? ich (gesagt|erzählt))\\b");

  /** A question about what this conversation has been about ("what did we talk about?", "where were we?"). */
  static final Pattern TALKED = Pattern.compile("(?i)\\b(what (did|have) we (just |already )?(talk|talked|speak|spoke|spoken|"
      + "chat|chatted|discuss|discussed|cover|covered)( about)?|remind me what we (talked|spoke|were talking|chatted|"
      + "discussed)|what were we (just )?(talking|chatting) about|where were we|worüber haben wir (gesprochen|geredet))\\b");

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
   * The supportive reply to {@code message}; {@code earlier} holds the user's messages of this conversation's earlier
   * turns, oldest first (what "what did I say was stressing me?" is answered from).
   */
  static Reply supportive(String message, List<MemoryEntry> memory, List<ConversationRecall.Earlier> earlier) {
    String text = message.strip();
    if (TALKED.matcher(text).find()) {
      return ConversationRecall.summary(earlier);
    }
    if (SAID.matcher(text).find()) {
      return ConversationRecall.answer(text, earlier);
    }
    if (ABOUT_US.matcher(text).find()) {
      return Reply.of("I'm OpenCouch, an AI support companion: not a person, and not a therapist.")
          .extra("I'm here to listen, to share coping ideas, and to point you to people who can help when you need them.")
          .question("What's on your mind?");
    }
    if (ACKNOWLEDGEMENT.matcher(text).matches()) {
      return Reply.of("I'm here whenever you're ready.").recall(recall(memory)).question("What would you like to talk about next?");
    }
    if (RECALL.matcher(text).find()) {
      return answer(text, memory);
    }
    String reflection = reflect(text);
    String name = FactRules.extract(text).stream().filter(c -> "name".equals(c.category())).map(c -> nameIn(c.text()))
        .findFirst().orElse(null);
    String rest = name == null ? null : afterName(text, name);
    if (rest != null && (DISTRESS.matcher(rest).find() || GOOD_NEWS.matcher(rest).find())) {
      // "hi, I'm Sam. work has been stressing me out": greeted by name, and what follows answered as itself
      return supportive(rest, memory, earlier).after("Nice to meet you, " + name + ".");
    }
    if (name != null) {
      return Reply.of("Nice to meet you, " + name + ".").extra(reflection == null ? null : "I'm glad you told me about yourself.")
          .recall(recall(memory)).question("What would you like to talk about today?");
    }
    if (GREETING.matcher(text).matches()) {
      String after = HELLO_OPENING.matcher(text).replaceFirst("");
      if (DISTRESS.matcher(after).find()) {
        // "hey. rough week": greeted, and what follows answered as itself
        return supportive(after, memory, earlier).after("Hi, I'm glad you reached out.");
      }
      return Reply.of("Hi, it's good to hear from you.").recall(recall(memory)).question("How are you doing today?");
    }
    boolean distress = DISTRESS.matcher(text).find();
    if (!distress && GOOD_NEWS.matcher(text).find()) {
      return Reply.of("That's wonderful news, congratulations!")
          .extra(reflection == null ? null : "It sounds like " + reflection + ", and you deserve to enjoy it.")
          .recall(recall(memory)).question("How are you feeling about it?");
    }
    if (distress) {
      Reply r = reflection == null ? Reply.of("That sounds really hard, and it makes sense that it's weighing on you.")
          : Reply.of("It sounds like " + reflection + ".").extra("That's a lot to carry, and it makes sense that it's weighing on you.");
      return r.recall(recall(memory)).question("What feels heaviest about it right now?");
    }
    return Reply.of(reflection == null ? "Thank you for telling me." : "It sounds like " + reflection + ".")
        .extra("I'm listening.").recall(recall(memory)).question("How has that been for you?");
  }

  /**
   * The acknowledgement of a short message that tells us how to reply ("keep it short please", "don't give me
   * advice"), in whichever mode: the rule is kept, and the user is told so instead of having it reflected back as a
   * feeling. Null when the message is not one (longer, or about something hard: that is answered as such).
   */
  static Reply instruction(String message) {
    String text = message.strip();
    if (text.split("\\s+").length > 12 || DISTRESS.matcher(text).find()) {
      return null;
    }
    List<String> acks = ProceduralRules.extract(text).stream().filter(Candidate::explicit)
        .map(c -> acknowledged(c.text())).toList();
    return acks.isEmpty() ? null
        : Reply.of("Of course: " + String.join(", and ", acks) + ".").question("What would you like to talk about?");
  }

  /** A procedural rule as what we will do ("Keep replies short." → "I'll keep my replies short"). */
  private static String acknowledged(String rule) {
    Matcher call = CALL.matcher(rule);
    if (call.matches()) {
      return "I'll call you " + call.group(1);
    }
    String r = stripEnd(rule).replace("the user", "you");
    if (r.startsWith("Keep replies ")) {
      return "I'll keep my replies " + r.substring("Keep replies ".length());
    }
    if (r.startsWith("Give ")) {
      return "I'll give you " + r.substring("Give ".length());
    }
    if (r.startsWith("Do not ")) {
      return "I won't " + r.substring("Do not ".length());
    }
    return r.startsWith("Always ") ? "I'll always " + r.substring("Always ".length()) : "I'll remember that";
  }

  static Reply reflective(String message, List<MemoryEntry> memory) {
    String reflection = reflect(message.strip());
    return Reply.of("It sounds like this is a pattern you've noticed coming back, not a one-off.")
        .extra(reflection == null ? null : "You said " + reflection + ".").recall(recall(memory))
        .question("When it starts again, what do you notice just before it happens?");
  }

  static Reply clarifying() {
    return Reply.of("I want to make sure I understand you.").extra("Whatever you're able to share is okay.")
        .question("Is this more about something that happened, about how you've been feeling lately, or something else?");
  }

  static Reply psychoeducation(String message, List<MemoryEntry> memory) {
    Knowledge.Topic t = Knowledge.topicFor(message);
    String body = t != null ? t.explanation()
        : "What you're describing is a very human reaction: our minds and bodies respond to stress in ways that can "
            + "feel confusing, and understanding the pattern is often the first step to easing it.";
    return Reply.of("That's a really good question, and you're far from alone in it.").core(body).recall(recall(memory))
        .question("Does that fit what you've been noticing?");
  }

  static Reply exerciseStep(Knowledge.Exercise ex, int step, boolean starting) {
    int n = ex.steps().size();
    String head = starting ? "Let's try " + ex.name() + " together. Go at your own pace, and stop any time." : "";
    Reply r = head.isEmpty() ? Reply.of("Step " + step + " of " + n + ": " + ex.steps().get(step - 1))
        : Reply.of(head).core("Step " + step + " of " + n + ": " + ex.steps().get(step - 1));
    return step < n ? r.extra("Tell me when you're ready for the next step.") : r.question("That was the last step. How do you feel now?");
  }

  static Reply closing(List<MemoryEntry> memory) {
    return Reply.of("Thank you for talking with me today; it took something to share all of that.").recall(recall(memory))
        .extra("Take good care of yourself, and come back whenever you'd like to talk.");
  }

  /** The answer to a question about what the user told us, from working memory only. */
  static Reply answer(String message, List<MemoryEntry> memory) {
    List<MemoryEntry> facts = WorkingMemory.ofType(memory, "semantic");
    Matcher about = ASKED_ABOUT.matcher(message);
    if (about.find()) {
      String subject = about.group(1).toLowerCase(Locale.ROOT);
      if (subject.equals("name")) {
        for (MemoryEntry f : facts) {
          if ("name".equals(f.category())) {
            return Reply.of("Your name is " + nameIn(String.valueOf(f.text())) + ".").question("What's on your mind today?");
          }
        }
        for (MemoryEntry rule : WorkingMemory.ofType(memory, "procedural")) {
          Matcher call = CALL.matcher(String.valueOf(rule.text()));
          if (call.matches()) {
            return Reply.of("You asked me to call you " + call.group(1) + ".").question("What's on your mind today?");
          }
        }
        return Reply.of("I don't think you've told me your name yet.").question("What would you like me to call you?");
      }
      for (MemoryEntry f : facts) {
        if (String.valueOf(f.text()).toLowerCase(Locale.ROOT).contains(subject)) {
          return Reply.of("I remember that " + secondPerson(String.valueOf(f.text())) + ".")
              .question("What's on your mind about them today?");
        }
      }
      return Reply.of("I don't think you've told me about your " + subject + " yet.").question("Would you like to tell me?");
    }
    if (facts.isEmpty()) {
      return Reply.of("I don't have anything saved about you yet; I only keep what you choose to tell me.")
          .question("What would you like me to know?");
    }
    List<String> known = facts.stream().limit(3).map(f -> secondPerson(String.valueOf(f.text()))).toList();
    return Reply.of("Here's what I remember: " + String.join("; ", known) + ".").question("Is any of that out of date?");
  }

  /** What {@code text} says after introducing {@code name} ("I'm Sam, and work…" → "work…"), or null when nothing. */
  private static String afterName(String text, String name) {
    Matcher m = Pattern.compile("(?i)\\b" + Pattern.quote(name) + "\\b").matcher(text);
    if (!m.find()) {
      return null;
    }
    String rest = text.substring(m.end()).replaceFirst("(?i)^[\\s,.;:!–-]*((and|but|so)\\b[\\s,]*)?", "").strip();
    return rest.split("\\s+").length < 3 ? null : rest;
  }

  private static String nameIn(String fact) {
    return stripEnd(fact).replaceFirst("^The user's name is ", "");
  }

  /**
   * The message's first sentence in the second person ("I've been feeling lonely since I moved"
   * → "you've been feeling lonely since you moved"), or null when it cannot be reflected well
   * (a question, a message addressed to us, or one too long to repeat).
   */
  static String reflect(String message) {
    // "honestly I'm exhausted" is said back as "you're exhausted": a leading filler is no part of what was said
    String first = message.split("(?<=[.!?])\\s+|\\n")[0].strip()
        .replaceFirst("(?i)^(honestly|and|but|also|so|oh|well|tbh|ngl|like|um+|uh+)\\b[\\s,]*", "");
    if (first.endsWith("?") || first.matches("(?is).*\\b(you|your|you're)\\b.*")) {
      return null;
    }
    first = first.replaceAll("[.!]+$", "");
    String[] words = first.split("\\s+");
    if (words.length > 16) {
      Matcher cut = Pattern.compile(",| but | and | because ").matcher(first);
      first = cut.find() && cut.start() > 10 ? first.substring(0, cut.start()) : null;
      if (first == null || first.split("\\s+").length > 16) {
        return null;
      }
      words = first.split("\\s+");
    }
    if (words.length < 3) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    String previous = "";
    for (String w : words) {
      String low = w.toLowerCase(Locale.ROOT).replace('’', '\'');
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
    String out = b.toString();
    return out.length() > 1 && !out.startsWith("I ") ? Character.toLowerCase(out.charAt(0)) + out.substring(1) : out;
  }

  /** A remembered fact or the last session's summary, as one sentence in the second person ("" when none). */
  static String recall(List<MemoryEntry> memory) {
    for (MemoryEntry e : WorkingMemory.ofType(memory, "semantic")) {
      return "I remember that " + secondPerson(String.valueOf(e.text())) + ".";
    }
    for (MemoryEntry e : WorkingMemory.ofType(memory, "episodic")) {
      String recalled = SessionEnd.recalled(String.valueOf(e.text()));
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
