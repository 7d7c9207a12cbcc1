package dev.trellis.apps.opencouch.memory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a message is about, in neutral words ("work", "family", "sleep"): what a turn note and
 * the offline session summary keep instead of the user's own sentences, so memory never
 * quotes a statement back. Health words map to "health", never to the diagnosis.
 */
public final class Topics {
  private static final Map<String, Pattern> TOPICS = new LinkedHashMap<>();

  static {
    topic("work", "work|job|boss|manager|office|colleagues?|coworkers?|shifts?|promotion|promoted|career|interview");
    topic("school", "school|exams?|university|college|class(es)?|homework|grades|teachers?|studying");
    topic("family", "family|mom|mum|mother|dad|father|parents?|sister|brother|siblings?|son|daughter|kids|children|"
        + "grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin");
    topic("relationships", "partner|boyfriend|girlfriend|wife|husband|relationship|break ?up|broke up|dating|divorce|marriage");
    topic("friends", "friends?|friendship");
    topic("sleep", "sleep|sleeping|insomnia|nightmares?|awake at night");
    topic("health", "adhd|anxiety|depression|diagnosed|diagnosis|doctor|medication|illness|ill|sick|therapy|therapist|"
        + "migraines?|chronic pain|panic attacks?");
    topic("stress", "stress|stressed|stressful|overwhelmed|pressure|burn(ed|t)? out|burnout");
    topic("loneliness", "lonely|loneliness|alone|isolated");
    topic("money", "money|rent|debt|bills|finances|paycheck");
    topic("a move", "moved|moving|new city|new country|relocat\\w*");
    topic("pets", "dog|cat|puppy|kitten|pet|rabbit|hamster");
    topic("good news", "good news|great news|got the job|got engaged|passed (my|the) (exam|test|driving test)");
  }

  private static void topic(String name, String words) {
    TOPICS.put(name, Pattern.compile("\\b(" + words + ")\\b", Pattern.CASE_INSENSITIVE));
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

  /** "a", "a and b", "a, b and c". */
  public static String join(List<String> items) {
    if (items.size() <= 1) {
      return items.isEmpty() ? "" : items.getFirst();
    }
    return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
  }
}
