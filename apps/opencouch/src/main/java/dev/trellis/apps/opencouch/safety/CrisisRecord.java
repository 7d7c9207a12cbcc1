package dev.trellis.apps.opencouch.safety;

/**
 * One audit record of a crisis turn. {@code recordId} is {@code thread:turn}, so writing the
 * same turn twice (a node re-run after a crash) keeps one record.
 */
public record CrisisRecord(String recordId, String threadId, String userId, String sessionId, int turn, String severity,
                           String category, String layer, String matched, String message, String responseStatus,
                           String memoryMode, long createdAtMillis) {
  public CrisisRecord {
    java.util.Objects.requireNonNull(recordId, "recordId");
  }
}
