package dev.trellis.safety;

import java.util.Locale;

/** What the application should do with a message, the policy's output (a router's label is {@link #wireName()}). */
public enum Action {
  /** The crisis branch: acknowledge, give the locale's resources, ask if they are safe. */
  CRISIS,
  /** The third-party path: how to help someone else, with the locale's resources. */
  THIRD_PARTY,
  /** A short safety check-in with the locale's resources (a message the classifier cannot read, or, with a check-in threshold set, one it is uncertain about). */
  CHECK_IN,
  /** Carry on as usual. */
  NONE;

  /** {@code crisis}, {@code third_party}, {@code check_in} or {@code none}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
