package dev.trellis.server.queue;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * One event of a run's stream: its sequence number (the SSE id), name and compact JSON data.
 * The data of an event made with {@link #lazy} is serialised the first time someone reads it
 * (a subscriber writing it out, a bus storing it) and then kept: a run whose only reader waits
 * for its end never serialises its steps' states.
 */
public final class RunEvent {
  /** The name of the marker that ends every run's stream (never sent to clients); its data is the run's result JSON. */
  public static final String DONE = "__done__";

  private final long seq;
  private final String event;
  private volatile String data;
  private Supplier<String> pending;

  public RunEvent(long seq, String event, String data) {
    this.seq = seq;
    this.event = event;
    this.data = data;
  }

  private RunEvent(long seq, String event, Supplier<String> data) {
    this.seq = seq;
    this.event = event;
    this.pending = data;
  }

  /** An event whose JSON {@code data} is computed on the first {@link #data()} call, once. */
  public static RunEvent lazy(long seq, String event, Supplier<String> data) {
    return new RunEvent(seq, event, Objects.requireNonNull(data));
  }

  public long seq() {
    return seq;
  }

  public String event() {
    return event;
  }

  /** The event's JSON data (serialised now if it was not yet). */
  public String data() {
    String d = data;
    if (d != null) {
      return d;
    }
    synchronized (this) {
      if (pending != null) {
        data = pending.get();
        pending = null;
      }
      return data;
    }
  }

  public boolean done() {
    return DONE.equals(event);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RunEvent e && seq == e.seq && event.equals(e.event) && Objects.equals(data(), e.data());
  }

  @Override
  public int hashCode() {
    return Objects.hash(seq, event, data());
  }

  @Override
  public String toString() {
    return "RunEvent[seq=" + seq + ", event=" + event + ", data=" + data() + "]";
  }
}
