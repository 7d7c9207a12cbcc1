package dev.trellis.verify;

import java.util.List;

/** A check that does not hold, with the path (node names from START) that shows it; path may be empty. */
public record Violation(Check check, String message, List<String> path) {
  public Violation {
    path = List.copyOf(path);
  }
}
