package dev.trellis.apps.opencouch.therapeutic;

import java.util.Locale;

/** The six therapeutic modes; each is a node of the therapeutic subgraph, named by {@link #node()}. */
public enum Mode {
  SUPPORTIVE, REFLECTIVE, CLARIFYING, PSYCHOEDUCATION, GUIDED_EXERCISE, CLOSING;

  /** The node (and wire) name: {@code supportive}, ..., {@code guided_exercise}. */
  public String node() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The mode named {@code s}, or null. */
  public static Mode parse(String s) {
    if (s == null) {
      return null;
    }
    for (Mode m : values()) {
      if (m.node().equals(s.strip().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    return null;
  }
}
