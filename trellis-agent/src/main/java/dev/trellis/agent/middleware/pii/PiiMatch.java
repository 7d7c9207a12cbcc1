package dev.trellis.agent.middleware.pii;

import java.util.Objects;

/** One piece of personal data found in a text: its type, the matched text and where it sits ({@code end} exclusive). */
public record PiiMatch(String type, String value, int start, int end) {
  public PiiMatch {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(value, "value");
    if (start < 0 || end < start) {
      throw new IllegalArgumentException("a match spans [start, end) with 0 <= start <= end, not [" + start + ", "
          + end + ")");
    }
  }
}
