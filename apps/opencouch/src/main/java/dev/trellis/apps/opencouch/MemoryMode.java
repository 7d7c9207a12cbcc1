package dev.trellis.apps.opencouch;

import java.util.Locale;

/**
 * How much OpenCouch remembers. Honoured by every memory node; the crisis log ignores it on
 * purpose (the audit record is always written).
 */
public enum MemoryMode {
  /** Nothing is read or written. */
  OFF,
  /** Memories live for the session only and are discarded at session end. */
  SESSION,
  /** Memories are kept across sessions. */
  PERSISTENT;

  /** {@code off}, {@code session} (or {@code session_only}), {@code persistent}; fails naming the value otherwise. */
  public static MemoryMode parse(String s) {
    return switch (s.strip().toLowerCase(Locale.ROOT).replace('-', '_')) {
      case "off" -> OFF;
      case "session", "session_only" -> SESSION;
      case "persistent" -> PERSISTENT;
      default -> throw new IllegalArgumentException("memory_mode must be off, session or persistent, got \"" + s + "\"");
    };
  }

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
