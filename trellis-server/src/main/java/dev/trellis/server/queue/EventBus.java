package dev.trellis.server.queue;

/**
 * Carries run events from the worker executing a run to every client streaming or joining
 * it, in order, numbered from 1; keeps them so a client can resume after the last id it saw.
 */
public interface EventBus extends AutoCloseable {
  /** How long events of a resumable run stay replayable after it ends (LangGraph's RESUMABLE_STREAM_TTL_SECONDS). */
  long RESUMABLE_KEEP_MILLIS = 120_000;

  /** Appends an event to the run's stream (after {@code seq - 1}); returns nothing, numbering is the publisher's. */
  void publish(String runId, RunEvent event);

  /** The greatest sequence number published for the run so far (0 when none). */
  long last(String runId);

  /** Events after {@code afterSeq}, then each new one as it comes, up to and including the done marker. */
  Subscription subscribe(String runId, long afterSeq);

  /** Keeps this run's events for replay after it ends (its stream is resumable); others may go sooner. */
  default void resumable(String runId) {}

  /** Forgets a run's events (its thread was deleted). */
  void drop(String runId);

  /**
   * Forgets the events of ended runs kept past {@link #RESUMABLE_KEEP_MILLIS}; the worker's
   * heartbeat calls it now and then. A bus that forgets as runs end has nothing left to do here.
   */
  void expire();

  @Override
  void close();

  /** A reader of one run's events. */
  interface Subscription extends AutoCloseable {
    /** The next event, waiting at most {@code millis}; null when none came in time. */
    RunEvent next(long millis) throws InterruptedException;

    /**
     * The next event if it is already at hand (published, or read with an earlier one), without
     * waiting or asking anyone; null otherwise. A writer drains these before flushing once.
     */
    default RunEvent poll() {
      return null;
    }

    /**
     * The run's done marker, passing over the events before it, waiting at most {@code millis};
     * null when it did not come in time. A reader that wants only the end (a {@code wait} or
     * {@code join}) is then not woken by every event.
     */
    default RunEvent nextDone(long millis) throws InterruptedException {
      long deadline = System.currentTimeMillis() + millis;
      for (long left = millis; left > 0; left = deadline - System.currentTimeMillis()) {
        RunEvent e = next(left);
        if (e == null || e.done()) {
          return e;
        }
      }
      return null;
    }

    @Override
    void close();
  }
}
