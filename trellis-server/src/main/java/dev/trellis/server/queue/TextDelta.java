package dev.trellis.server.queue;

import java.util.Arrays;

/**
 * A text stored as the part that differs from an earlier text (its base): the length of the
 * prefix and suffix they share, and the middle in between, as
 * {@code "\u0001BASE_SEQ:PREFIX:SUFFIX:MIDDLE"}. JSON text never starts with a control
 * character, so a stored event's data is a delta exactly when it starts with {@code \u0001}.
 * Used by {@link PgEventBus} for the events that carry a run's whole state.
 */
final class TextDelta {
  private static final char MARK = '\u0001';
  /** Deltas in a row before a text is stored whole again, so a reader resolves a bounded chain. */
  static final int MAX_CHAIN = 32;
  /** Shared characters below which a text is stored whole. */
  static final int MIN_SHARED = 256;

  private TextDelta() {}

  /** A stored text, its event's sequence number and how many deltas lead to it from a whole text. */
  record Base(long seq, String text, int chain) {
    Base(long seq, String text) {
      this(seq, text, 0);
    }
  }

  /** Whether events named {@code event} carry a run's whole state: its root {@code values} events and its done marker. */
  static boolean isState(String event) {
    return "values".equals(event) || RunEvent.DONE.equals(event);
  }

  static boolean is(String stored) {
    return stored != null && !stored.isEmpty() && stored.charAt(0) == MARK;
  }

  /** What to store for {@code text} after {@code base}: a delta, or the text itself when little is shared. */
  static String of(Base base, String text) {
    if (base.chain() >= MAX_CHAIN) {
      return text;
    }
    char[] a = base.text().toCharArray();
    char[] b = text.toCharArray();
    int max = Math.min(a.length, b.length);
    int prefix = Arrays.mismatch(a, 0, max, b, 0, max);
    if (prefix < 0) {
      prefix = max;
    }
    int suffix = 0;
    while (suffix < max - prefix && a[a.length - 1 - suffix] == b[b.length - 1 - suffix]) {
      suffix++;
    }
    if (prefix + suffix < MIN_SHARED) {
      return text;
    }
    return MARK + Long.toString(base.seq()) + ':' + prefix + ':' + suffix + ':'
        + text.substring(prefix, text.length() - suffix);
  }

  /** The sequence number of the event a delta is based on. */
  static long baseSeq(String delta) {
    return Long.parseLong(delta, 1, delta.indexOf(':'), 10);
  }

  /** The text a delta stands for, given its base's text. */
  static String apply(Base base, String delta) {
    int c1 = delta.indexOf(':');
    int c2 = delta.indexOf(':', c1 + 1);
    int c3 = delta.indexOf(':', c2 + 1);
    int prefix = Integer.parseInt(delta, c1 + 1, c2, 10);
    int suffix = Integer.parseInt(delta, c2 + 1, c3, 10);
    String t = base.text();
    return new StringBuilder(prefix + (delta.length() - c3 - 1) + suffix).append(t, 0, prefix)
        .append(delta, c3 + 1, delta.length()).append(t, t.length() - suffix, t.length()).toString();
  }
}
