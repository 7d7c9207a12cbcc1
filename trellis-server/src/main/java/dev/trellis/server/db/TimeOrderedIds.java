package dev.trellis.server.db;

import java.security.SecureRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Ids the server makes for new threads and runs: UUIDs of version 7 (RFC 9562), whose first 48
 * bits are the creation time in milliseconds, the next 12 a counter and the last 62 random. Rows keyed
 * by them (and by the checkpoints and writes of a new thread) go to the end of their tables' indexes
 * instead of a random page each, so a commit of several new runs writes a few pages, not one per row.
 * Within one process they increase strictly, also within a millisecond (the counter starts at a random
 * value each millisecond and counts up; past 4,095 it borrows the next millisecond, RFC 9562's method 1), so
 * sorting by id is sorting by creation. They are ordinary UUIDs to clients; ids clients choose are kept as
 * they are.
 */
public final class TimeOrderedIds {
  private static final SecureRandom RANDOM = new SecureRandom();
  /** The last id's time and counter: milliseconds shifted left by 12, or'ed with the counter. */
  private static final AtomicLong LAST = new AtomicLong();

  private TimeOrderedIds() {}

  /** A new version-7 UUID as text, after every id this process made before. */
  public static String next() {
    long fresh = (System.currentTimeMillis() << 12) | (RANDOM.nextInt() & 0x7FFL); // counter from 0..2,047
    long stamp = LAST.updateAndGet(last -> Math.max(fresh, last + 1));
    long msb = ((stamp >>> 12) << 16) | 0x7000L | (stamp & 0x0FFFL);
    long lsb = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(msb, lsb).toString();
  }
}
