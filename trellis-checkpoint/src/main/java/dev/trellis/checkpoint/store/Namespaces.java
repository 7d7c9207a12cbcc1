package dev.trellis.checkpoint.store;

import java.util.List;

/** Namespace paths: non-empty labels without the separator used to store them. */
public final class Namespaces {
  /** Separates namespace labels in stored form; not allowed inside a label. */
  static final char SEP = '\u001f';

  private Namespaces() {}

  static List<String> check(List<String> ns) {
    if (ns.isEmpty()) {
      throw new IllegalArgumentException("a namespace needs at least one label");
    }
    for (String label : ns) {
      if (label == null || label.isEmpty() || label.indexOf(SEP) >= 0) {
        throw new IllegalArgumentException("namespace label must be non-empty text without U+001F: " + ns);
      }
    }
    return List.copyOf(ns);
  }

  static String join(List<String> ns) {
    return String.join(String.valueOf(SEP), ns);
  }

  static List<String> split(String stored) {
    return List.of(stored.split(String.valueOf(SEP), -1));
  }

  static boolean startsWith(List<String> ns, List<String> prefix) {
    return ns.size() >= prefix.size() && ns.subList(0, prefix.size()).equals(prefix);
  }

  /** Whether {@code value} has every top-level entry of {@code filter} (numbers compare by value). */
  public static boolean matches(java.util.Map<String, Object> value, java.util.Map<String, Object> filter) {
    for (var e : filter.entrySet()) {
      Object actual = value.get(e.getKey());
      Object want = e.getValue();
      boolean same = actual instanceof Number a && want instanceof Number w
          ? new java.math.BigDecimal(a.toString()).compareTo(new java.math.BigDecimal(w.toString())) == 0
          : java.util.Objects.equals(actual, want);
      if (!same) {
        return false;
      }
    }
    return true;
  }
}
