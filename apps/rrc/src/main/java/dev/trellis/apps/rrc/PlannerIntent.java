package dev.trellis.apps.rrc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one user message asks the offline planner for: a knowledge-graph change (create, rename,
 * link), a resolve, a filing (Rule 37, Rule 32), a question, thanks, or going ahead with what is
 * under way; with the well it names, if any.
 *
 * @param kind    create, rename, link, resolve, rule37, rule32, question, thanks, proceed or other
 * @param subject the entity or well the message names, or null
 * @param entityType for a creation the type, for a link the relation
 * @param target  for a rename the new name, for a link the target
 */
record PlannerIntent(String kind, String subject, String entityType, String target) {
  private static final Pattern CREATE = Pattern.compile(
      "(?i)create (?:a |an |the )?(?:new )?(operator|lease|well)\\s+(?:named |called )?\"?([^\".]+?)\"?(?:\\s+instead)?\\s*(?:\\.|$)");
  private static final Pattern RENAME = Pattern.compile(
      "(?i)rename (?:the )?(?:operator |lease |well )?\"?([^\"]+?)\"? to \"?([^\".]+?)\"?\\s*(?:\\.|$)");
  private static final Pattern LINK = Pattern.compile(
      "(?i)link (?:the )?\"?([^\"]+?)\"? to (?:the )?\"?([^\".]+?)\"?(?: as (\\w+))?\\s*(?:\\.|$)");
  private static final Pattern RESOLVE = Pattern.compile("(?i)(?:resolve|identify) (?:the )?(?:wells?|entities|operators?) (.+)");
  private static final Pattern API = Pattern.compile("\\b\\d{2}-\\d{3}-\\d{5}\\b");
  private static final Pattern NUMBER = Pattern.compile("(?i)(?<=^|\\s)#?(\\d{1,3}h)\\b");
  private static final Pattern QUESTION = Pattern.compile("(?i)^\\s*(?:and\\s+|so\\s+|ok,?\\s+)?(?:what|what's|whats|which|who|"
      + "who's|whose|when|where|why|how|is|are|was|were|do|does|did|has|have|had|will|would|should|could|any|tell me|list|show)\\b");
  private static final Pattern THANKS = Pattern.compile("(?i)^\\s*(?:thanks|thank you|thx|cheers|great|perfect|got it|ok|okay)\\b[^?]*$");
  private static final Pattern PROCEED = Pattern.compile("(?i)^\\s*(?:go ahead|proceed|continue|yes|do it|finali[sz]e|submit)\\b");
  private static final Set<String> STOP = Set.of("the", "a", "an", "for", "of", "on", "at", "to", "in", "is", "and", "or",
      "about", "well", "wells", "distance", "line", "from", "with", "near", "nearest", "by", "what", "whats", "what's",
      "how", "far", "spacing", "exception", "prepare", "filing", "me", "tell", "show", "do", "it", "same", "instead",
      "then", "its", "it's", "our", "my", "this", "that", "operates", "operator", "who", "flaring", "permit", "need",
      "file", "draft", "w-1", "r-32", "37", "32", "rule", "i", "we", "please", "now", "one", "lease", "offsets", "offset",
      "will", "would", "does", "did", "was", "were", "are", "can", "could", "should", "has", "have", "had", "when", "where",
      "which", "why", "if", "so", "as", "be", "much", "many", "gas", "ok", "okay", "check", "get", "give");

  static PlannerIntent of(String text) {
    String t = text.toLowerCase(Locale.ROOT).strip();
    Matcher rn = RENAME.matcher(text);
    if (rn.find()) {
      return new PlannerIntent("rename", rn.group(1).strip(), null, rn.group(2).strip());
    }
    Matcher ln = LINK.matcher(text);
    if (ln.find()) {
      return new PlannerIntent("link", ln.group(1).strip(), ln.group(3) == null ? "related_to" : ln.group(3), ln.group(2).strip());
    }
    Matcher c = CREATE.matcher(text);
    if (c.find()) {
      return new PlannerIntent("create", c.group(2).strip(), c.group(1).toLowerCase(Locale.ROOT), null);
    }
    Matcher r = RESOLVE.matcher(text);
    if (r.find()) {
      return new PlannerIntent("resolve", r.group(1).strip(), null, null);
    }
    String well = well(text);
    boolean question = QUESTION.matcher(t).find();
    if (!question && rule32(t)) {
      return new PlannerIntent("rule32", well, null, null);
    }
    if (!question && rule37(t)) {
      return new PlannerIntent("rule37", well, null, null);
    }
    if (PROCEED.matcher(t).find() || (well != null && t.matches(".*\\b(?:instead|same)\\b.*"))) {
      return new PlannerIntent("proceed", well, null, null);
    }
    if (THANKS.matcher(t).find()) {
      return new PlannerIntent("thanks", well, null, null);
    }
    return new PlannerIntent(question || t.endsWith("?") || well != null ? "question" : "other", well, null, null);
  }

  static boolean rule37(String t) {
    return t.contains("rule 37") || t.contains("spacing exception") || t.contains("w-1");
  }

  static boolean rule32(String t) {
    return t.contains("rule 32") || t.contains("r-32") || t.matches("(?s).*\\bflar(?:ing|e) (?:exception|authority|permit|filing)\\b.*");
  }

  /** Whether this intent changes the knowledge graph (and so waits for a reviewer). */
  boolean change() {
    return kind.equals("create") || kind.equals("rename") || kind.equals("link");
  }

  /**
   * The well {@code text} names: an API number, else the words before a well number ("1H",
   * "#4h") back to the first common word, capitalised ("mitchell ranch #1h" → "Mitchell Ranch 1H").
   */
  static String well(String text) {
    Matcher api = API.matcher(text);
    if (api.find()) {
      return api.group();
    }
    Matcher n = NUMBER.matcher(text);
    if (!n.find()) {
      return null;
    }
    String[] before = text.substring(0, n.start()).strip().split("\\s+");
    List<String> words = new ArrayList<>();
    for (int i = before.length - 1; i >= 0 && words.size() < 3; i--) {
      String w = before[i].replaceAll("^[\"'(]+|[\"',;:)]+$", "");
      if (w.isEmpty() || !w.matches("[A-Za-z][A-Za-z'-]*") || STOP.contains(w.toLowerCase(Locale.ROOT))) {
        break;
      }
      words.addFirst(Character.toUpperCase(w.charAt(0)) + w.substring(1).toLowerCase(Locale.ROOT));
    }
    if (words.isEmpty()) {
      return null;
    }
    return String.join(" ", words) + " " + n.group(1).toUpperCase(Locale.ROOT);
  }
}
