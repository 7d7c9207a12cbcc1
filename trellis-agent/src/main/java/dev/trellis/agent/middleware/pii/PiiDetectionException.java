package dev.trellis.agent.middleware.pii;

import java.util.List;

/**
 * Personal data was found where the {@link PiiStrategy#BLOCK} strategy forbids it (LangChain's
 * {@code PIIDetectionError}); the run fails with it and its state up to that step is kept.
 */
public final class PiiDetectionException extends RuntimeException {
  private final String type;
  private final transient List<PiiMatch> matches;

  public PiiDetectionException(String type, List<PiiMatch> matches) {
    super("Detected " + matches.size() + " instance(s) of " + type + " in text content");
    this.type = type;
    this.matches = List.copyOf(matches);
  }

  /** The type of the data found. */
  public String type() {
    return type;
  }

  /** Every match of that type in the text. */
  public List<PiiMatch> matches() {
    return matches;
  }
}
