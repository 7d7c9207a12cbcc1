package dev.trellis.checkpoint;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Checkpoint ids that sort by creation time: 32 hex digits, the first 16 a strictly
 * increasing microsecond clock (never repeats within a JVM), the rest random.
 */
public final class CheckpointIds {
  private static final AtomicLong LAST = new AtomicLong();
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private CheckpointIds() {}

  /** A new id greater than every id this JVM made before. */
  public static String next() {
    long now = System.currentTimeMillis() * 1000;
    long t = LAST.updateAndGet(prev -> Math.max(prev + 1, now));
    long r = java.util.concurrent.ThreadLocalRandom.current().nextLong();
    char[] out = new char[32];
    hex(t, out, 0);
    hex(r, out, 16);
    return new String(out);
  }

  private static void hex(long v, char[] out, int at) {
    for (int i = 15; i >= 0; i--) {
      out[at + i] = HEX[(int) (v & 0xf)];
      v >>>= 4;
    }
  }
}
