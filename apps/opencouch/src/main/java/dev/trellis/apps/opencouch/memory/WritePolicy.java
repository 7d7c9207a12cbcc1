package dev.trellis.apps.opencouch.memory;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The deterministic write policy every candidate passes, whoever proposed it (model or
 * rules): low-risk facts and explicit instructions are committed now; sensitive facts and
 * implied preferences are held for session end; feelings of the moment, anything
 * crisis-related and fragments are dropped. A held candidate stated again in the same
 * session is committed (repetition makes it durable).
 */
public final class WritePolicy {
  /** What becomes of a candidate. */
  public enum Decision { COMMIT, HOLD, DROP }

  private static final Set<String> LOW_RISK = Set.of("name", "occupation", "location", "pet", "relationship", "hobby");
  private static final Set<String> SENSITIVE = Set.of("health", "diagnosis", "medication", "trauma", "substance");
  private static final Pattern CRISIS_WORDS = Pattern.compile("suicid|kill|self[- ]?harm|overdos|die\\b|dead\\b",
      Pattern.CASE_INSENSITIVE);

  private WritePolicy() {
  }

  /** The decision for {@code c}; {@code alreadyHeld} when the same text is held for this session. */
  public static Decision decide(Candidate c, boolean alreadyHeld) {
    String text = c.text() == null ? "" : c.text().strip();
    if (text.length() < 8 || CRISIS_WORDS.matcher(text).find()) {
      return Decision.DROP;
    }
    if (c.kind().equals("procedural")) {
      return c.explicit() || alreadyHeld ? Decision.COMMIT : Decision.HOLD;
    }
    String cat = c.category() == null ? "other" : c.category();
    if (LOW_RISK.contains(cat)) {
      return Decision.COMMIT;
    }
    if (SENSITIVE.contains(cat)) {
      return alreadyHeld ? Decision.COMMIT : Decision.HOLD;
    }
    return cat.equals("other") && alreadyHeld ? Decision.COMMIT : cat.equals("other") ? Decision.HOLD : Decision.DROP;
  }
}
