package dev.trellis.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * W10's scripted chat model: answers every call with the same {@code count} tokens
 * ({@code "t0 "}, {@code "t1 "}, ...), handed to the consumer as fast as it takes them —
 * the model costs nothing, so what a client measures is the path the tokens travel.
 */
final class ScriptedTokens {
  private final List<String> tokens;

  ScriptedTokens(int count) {
    List<String> t = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      t.add("t" + i + " ");
    }
    this.tokens = List.copyOf(t);
  }

  /** Streams every token to {@code out}; returns the whole answer's text. */
  String stream(Consumer<String> out) {
    StringBuilder text = new StringBuilder();
    for (String t : tokens) {
      out.accept(t);
      text.append(t);
    }
    return text.toString();
  }

  int count() {
    return tokens.size();
  }
}
