package dev.trellis.server.db;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A thread's values stored as a reference to the checkpoint holding them ({@code "GRAPH_ID:CHECKPOINT_ID"},
 * as a run's result is): read from that checkpoint when first written out as JSON, so reading a thread's row
 * (an ownership check, a status) costs nothing for its values and returning them costs what is returned.
 * The values are null when the checkpoint is gone; a graph no longer served here shows its checkpoint's channel values.
 */
public final class ValuesReference {
  private final String threadId;
  private final String reference;
  private final Threads.Resolver resolver;
  private Object values;
  private boolean read;

  ValuesReference(String threadId, String reference, Threads.Resolver resolver) {
    this.threadId = threadId;
    this.reference = reference;
    this.resolver = resolver;
  }

  /** The values (JSON data: maps, lists, scalars), read once. */
  @JsonValue
  public synchronized Object values() {
    if (!read) {
      values = resolver.values(threadId, reference);
      read = true;
    }
    return values;
  }

  /** The stored reference. */
  public String reference() {
    return reference;
  }
}
