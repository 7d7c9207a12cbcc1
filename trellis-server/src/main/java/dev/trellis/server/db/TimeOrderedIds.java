package dev.trellis.server.db;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * Ids the server makes for new threads and runs: UUIDs of version 7 (RFC 9562), whose first 48
 * bits are the creation time in milliseconds and the other 74 random. Rows keyed by them (and
 * by the checkpoints and writes of a new thread) go to the end of their tables' indexes instead
 * of a random page each, so a commit of several new runs writes a few pages, not one per row.
 * They are ordinary UUIDs to clients; ids clients choose are kept as they are.
 */
public final class TimeOrderedIds {
  private static final SecureRandom RANDOM = new SecureRandom();

  private TimeOrderedIds() {}

  /** A new version-7 UUID as text. */
  public static String next() {
    long millis = System.currentTimeMillis();
    long randA = RANDOM.nextLong();
    long randB = RANDOM.nextLong();
    long msb = (millis << 16) | 0x7000L | (randA & 0x0FFFL);
    long lsb = (randB & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(msb, lsb).toString();
  }
}
