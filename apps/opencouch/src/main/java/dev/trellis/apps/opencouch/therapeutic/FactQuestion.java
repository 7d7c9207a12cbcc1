package dev.trellis.apps.opencouch.therapeutic;

import static dev.trellis.apps.opencouch.Patterns.unicode;

import dev.trellis.apps.opencouch.memory.MemoryEntry;
import dev.trellis.apps.opencouch.memory.WorkingMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A question about someone or something the user told us ("who is Anna?", "I forgot what my sister's name is", "wie
 * heißt meine Schwester?", "comment s'appelle ma sœur ?") and the kept fact that answers it: a fact naming the person or
 * thing asked about answers better than the last session's summary, a generic reply or "you haven't told me in this
 * conversation". A question that only mentions them ("do you think my sister is angry?") is not one.
 */
final class FactQuestion {
  /** Asking for a name or who someone is, or what we know about them. */
  private static final Pattern ASKS = unicode("\\b(name|called|who'?s|who is|who was|what do you know about|"
      + "what did i (tell|say)|i forgot|i can'?t remember|heißt|heisst|hieß|hiess|namen?|wer ist|wer war|was weißt du über|"
      + "vergessen|s'appelle|s'appelait|nom|qui est|qui était|qu'est-ce que tu sais|j'ai oublié)\\b");
  /** A question, or a message saying the user forgot. */
  private static final Pattern QUESTION = unicode("\\?\\s*$|^\\s*(\\p{L}+,\\s*)?(what|who|which|tell me|remind me|wie|wer|was|"
      + "welche\\p{L}*|sag mir|comment|qui|quel\\p{L}*|dis-moi)\\b|\\b(i forgot|i can'?t remember|vergessen|j'ai oublié)\\b");
  /** The people and animals a fact may be about, in English, German and French. */
  private static final Set<String> ABOUT = Set.of("sister", "brother", "mom", "mother", "mum", "dad", "father", "partner",
      "wife", "husband", "girlfriend", "boyfriend", "son", "daughter", "friend", "boss", "therapist", "roommate", "grandma",
      "grandmother", "grandpa", "grandfather", "aunt", "uncle", "cousin", "dog", "cat", "puppy", "kitten", "rabbit",
      "parrot", "hamster", "horse", "schwester", "bruder", "mutter", "mama", "vater", "papa", "partnerin", "frau", "mann",
      "freundin", "freund", "sohn", "tochter", "chef", "chefin", "therapeut", "therapeutin", "mitbewohner",
      "mitbewohnerin", "oma", "opa", "tante", "onkel", "cousine", "hund", "katze", "kater", "dackel", "hase", "kaninchen",
      "sœur", "soeur", "frère", "mère", "père", "maman", "mari", "femme", "copain", "copine", "ami", "amie", "fils",
      "fille", "patron", "patronne", "chien", "chienne", "chat", "chatte", "lapin", "coloc");
  private static final Pattern WORD = unicode("[\\p{L}][\\p{L}'’-]*");

  private FactQuestion() {
  }

  /**
   * The reply from the kept fact that answers {@code message} in {@code lang}, or null when it asks for none or no fact
   * answers it. {@code asked}: the message is already known to be a question about what the user told us.
   */
  static OfflineReplies.Reply reply(String message, List<MemoryEntry> memory, String lang, boolean asked) {
    if (!asked && !(QUESTION.matcher(message).find() && ASKS.matcher(message).find())) {
      return null;
    }
    List<String> named = new ArrayList<>();
    Matcher w = WORD.matcher(message);
    boolean first = true;
    while (w.find()) {
      String word = w.group().replaceFirst("['’]s$", "");
      String low = word.toLowerCase(Locale.ROOT);
      if (ABOUT.contains(low) || (!first && Character.isUpperCase(word.charAt(0)) && word.length() > 1
          && !"I".equals(word) && !ABOUT.contains(low))) {
        named.add(ABOUT.contains(low) ? low : word);
      }
      first = false;
    }
    if (named.isEmpty()) {
      return null;
    }
    for (MemoryEntry fact : WorkingMemory.ofType(memory, "semantic")) {
      if ("name".equals(fact.category())) {
        continue;   // the user's own name: NAME_QUESTION answers it
      }
      String text = String.valueOf(fact.text());
      List<String> words = new ArrayList<>();
      Matcher f = WORD.matcher(text);
      while (f.find()) {
        words.add(f.group().replaceFirst("['’]s$", ""));
      }
      boolean answers = named.stream().anyMatch(n -> words.stream().anyMatch(x -> ABOUT.contains(n)
          ? x.toLowerCase(Locale.ROOT).equals(n) : x.equals(n)));
      String said = answers ? OfflineReplies.said(fact, lang) : null;
      if (said != null) {
        return OfflineReplies.Reply.of(Say.REMEMBER_FACT.in(lang, "de".equals(lang) ? OfflineReplies.capital(said) : said))
            .question(Say.ON_YOUR_MIND_TODAY.in(lang));
      }
    }
    return null;
  }
}
