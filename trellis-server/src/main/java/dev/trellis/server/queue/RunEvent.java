package dev.trellis.server.queue;

/** One event of a run's stream: its sequence number (the SSE id), name and compact JSON data. */
public record RunEvent(long seq, String event, String data) {
  /** The name of the marker that ends every run's stream (never sent to clients); its data is the run's result JSON. */
  public static final String DONE = "__done__";

  public boolean done() {
    return DONE.equals(event);
  }
}
