package dev.trellis.checkpoint.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What keyword search sees of an item and of a query. An item's text is its indexed fields
 * (the put's override, else the {@link IndexConfig}'s fields, else the whole value) joined by
 * spaces; empty when the put's override is empty (the item is then not searchable). Query
 * terms are lower-cased runs of letters and digits, so they are safe to embed in any
 * full-text query syntax.
 */
public final class KeywordText {
  private KeywordText() {}

  /** The text to keyword-index for {@code value}; {@code index} is the store's config (may be null). */
  public static String of(Map<String, Object> value, List<String> override, IndexConfig index) {
    List<String> paths = override != null ? override : index != null ? index.fields() : List.of("$");
    List<String> texts = new ArrayList<>();
    for (String path : paths) {
      texts.addAll(FieldPaths.texts(value, path));
    }
    return String.join(" ", texts);
  }

  /** The distinct terms of {@code text}, in order of first appearance. */
  public static List<String> terms(String text) {
    List<String> out = new ArrayList<>();
    for (String t : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (!t.isEmpty() && !out.contains(t)) {
        out.add(t);
      }
    }
    return out;
  }

  /** Every term of {@code text} with repeats (for term frequencies). */
  static List<String> tokens(String text) {
    List<String> out = new ArrayList<>();
    for (String t : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (!t.isEmpty()) {
        out.add(t);
      }
    }
    return out;
  }
}
