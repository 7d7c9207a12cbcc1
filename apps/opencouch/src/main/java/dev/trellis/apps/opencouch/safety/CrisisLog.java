package dev.trellis.apps.opencouch.safety;

import java.util.List;

/**
 * The always-on crisis audit log. Written for every crisis turn whatever the memory mode,
 * never skipped, never rate-limited. {@link #append} is idempotent per record id.
 * Implementations are thread-safe.
 */
public interface CrisisLog {
  /** Writes {@code record} unless a record with its id exists; returns whether it was new. */
  boolean append(CrisisRecord record);

  /** The records of a user, oldest first. */
  List<CrisisRecord> forUser(String userId);

  /** The records of a thread, oldest first. */
  List<CrisisRecord> forThread(String threadId);
}
