package dev.trellis.apps.opencouch.therapeutic;

import dev.trellis.apps.opencouch.memory.WorkingMemory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The deterministic replies of each mode when no model is configured: a short, warm reply in
 * the mode's shape that uses what working memory holds (a remembered fact, the last
 * session's summary) and follows the user's procedural rules (a name to use, short replies,
 * no questions).
 */
final class OfflineReplies {
  private static final Pattern CALL = Pattern.compile("^Call the user ([^.]+)\\.$");

  private OfflineReplies() {
  }

  static String supportive(String message, List<Map<String, Object>> memory) {
    String low = message.toLowerCase(Locale.ROOT);
    String opening = low.matches("^(hi|hey|hello|hiya|good (morning|evening|afternoon)).*")
        ? "Hi, it's good to hear from you."
        : "That sounds really hard, and it makes sense that it's weighing on you.";
    return opening + recall(memory) + " What feels heaviest about it right now?";
  }

  static String reflective(String message, List<Map<String, Object>> memory) {
    return "It sounds like this is a pattern you've noticed coming back, not a one-off." + recall(memory)
        + " When it starts again, what do you notice just before it happens?";
  }

  static String clarifying() {
    return "I want to make sure I understand you. Is this more about something that happened, about how you've been "
        + "feeling lately, or something else? Whatever you're able to share is okay.";
  }

  static String psychoeducation(String message, List<Map<String, Object>> memory) {
    Knowledge.Topic t = Knowledge.topicFor(message);
    String body = t != null ? t.explanation()
        : "What you're describing is a very human reaction: our minds and bodies respond to stress in ways that can "
            + "feel confusing, and understanding the pattern is often the first step to easing it.";
    return "That's a really good question, and you're far from alone in it. " + body + recall(memory)
        + " Does that fit what you've been noticing?";
  }

  static String exerciseStep(Knowledge.Exercise ex, int step, boolean starting) {
    int n = ex.steps().size();
    String head = starting ? "Let's try " + ex.name() + " together. Go at your own pace, and stop any time. " : "";
    String tail = step < n ? " Tell me when you're ready for the next step." : " That was the last step. How do you feel now?";
    return head + "Step " + step + " of " + n + ": " + ex.steps().get(step - 1) + tail;
  }

  static String closing(List<Map<String, Object>> memory) {
    return "Thank you for talking with me today; it took something to share all of that." + recall(memory)
        + " Take good care of yourself, and come back whenever you'd like to talk.";
  }

  /** A remembered fact or the last session's summary, as one sentence in the second person ("" when none). */
  static String recall(List<Map<String, Object>> memory) {
    for (Map<String, Object> e : WorkingMemory.ofType(memory, "semantic")) {
      return " I remember that " + secondPerson(String.valueOf(e.get("text"))) + ".";
    }
    for (Map<String, Object> e : WorkingMemory.ofType(memory, "episodic")) {
      String t = String.valueOf(e.get("text")).replace("In an earlier session the user talked about: ", "");
      return " Last time we talked about " + stripEnd(t) + ".";
    }
    return "";
  }

  /** Applies the user's procedural rules to a prepared reply. */
  static String follow(String reply, List<Map<String, Object>> memory) {
    String out = reply;
    for (Map<String, Object> rule : WorkingMemory.ofType(memory, "procedural")) {
      String text = String.valueOf(rule.get("text"));
      String low = text.toLowerCase(Locale.ROOT);
      Matcher call = CALL.matcher(text);
      if (call.matches()) {
        out = call.group(1) + ", " + Character.toLowerCase(out.charAt(0)) + out.substring(1);
      } else if (low.matches(".*\\b(short|brief|concise|shorter)\\b.*")) {
        out = shorten(out);
      } else if (low.startsWith("do not ask")) {
        out = out.replaceAll("\\s*[^.!?]*\\?$", "").strip();
      }
    }
    return out;
  }

  private static String shorten(String reply) {
    String[] sentences = reply.split("(?<=[.!?])\\s+");
    if (sentences.length <= 2) {
      return reply;
    }
    return sentences[0] + " " + sentences[sentences.length - 1];
  }

  static String secondPerson(String fact) {
    String t = stripEnd(fact);
    t = t.replaceFirst("^The user's ", "your ").replaceFirst("^The user has ", "you have ")
        .replaceFirst("^The user is ", "you are ").replaceFirst("^The user ", "you ");
    t = t.replaceFirst("^you (works|lives|enjoys|feels|takes)\\b", "you " + "$1").replaceAll("^you works", "you work")
        .replaceAll("^you lives", "you live").replaceAll("^you enjoys", "you enjoy").replaceAll("^you feels", "you feel")
        .replaceAll("^you takes", "you take");
    return t;
  }

  private static String stripEnd(String s) {
    return s.strip().replaceAll("[.!]+$", "");
  }
}
