package dev.trellis.apps.opencouch.memory;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.Arrays;

/** The content words of a message, for keyword recall (stop words would match every memory). */
final class KeywordQuery {
  private static final Set<String> STOP = Set.of("i", "me", "my", "a", "an", "the", "and", "or", "but", "to", "of", "in",
      "on", "at", "for", "with", "is", "am", "are", "was", "were", "be", "been", "it", "its", "this", "that", "so", "do",
      "does", "did", "have", "has", "had", "you", "your", "we", "our", "they", "them", "he", "she", "him", "her", "what",
      "how", "why", "when", "just", "really", "very", "about", "again", "not", "no", "can", "could", "would", "should",
      "im", "dont", "feel", "feeling", "like", "get", "got", "there", "here", "some", "any", "all", "more", "much");

  private KeywordQuery() {
  }

  /** The message's content words joined by spaces (empty when none). */
  static String terms(String message) {
    return Arrays.stream(message.toLowerCase(Locale.ROOT).replace("'", "").split("[^\\p{L}\\p{N}]+"))
        .filter(t -> t.length() > 1 && !STOP.contains(t)).distinct().collect(Collectors.joining(" "));
  }
}
