package dev.trellis.apps.opencouch;

import java.util.regex.Pattern;

/** How OpenCouch compiles the patterns it reads messages with, in English, German and French. */
public final class Patterns {
  private Patterns() {
  }

  /** {@code regex} compiled case-insensitively in any script, with {@code \w} and {@code \b} over every letter (ü, é). */
  public static Pattern unicode(String regex) {
    return Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS);
  }
}
