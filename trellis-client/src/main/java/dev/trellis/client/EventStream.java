package dev.trellis.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A run's events as they arrive: iterate it (once) or take {@link #stream()}; close it to
 * disconnect (what the run does then is the request's {@code on_disconnect}, or the join's
 * {@code cancelOnDisconnect}). The run and thread ids come from the response's
 * {@code Content-Location} when the server names the run there, else from the {@code metadata}
 * event once it was read. {@link #lastEventId()} is the id of the last event read: pass it to
 * {@code runs().joinStream} to pick up after it. An {@code error} event is delivered like any
 * other; {@link #throwOnError()} turns it into a {@link RemoteRunException} instead. Not
 * thread-safe: one reader.
 */
public final class EventStream implements Iterable<StreamEvent>, AutoCloseable {
  private final BufferedReader reader;
  private final InputStream body;
  private String runId;
  private String threadId;
  private String lastEventId;
  private boolean iterated;
  private boolean raise;

  EventStream(HttpResponse<InputStream> response) {
    this.body = response.body();
    this.reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
    response.headers().firstValue("Content-Location").ifPresent(this::location);
  }

  private void location(String loc) {
    // /threads/{tid}/runs/{rid} or /runs/{rid}
    String[] parts = loc.split("/");
    for (int i = 0; i + 1 < parts.length; i++) {
      if (parts[i].equals("threads")) {
        threadId = parts[i + 1];
      } else if (parts[i].equals("runs")) {
        runId = parts[i + 1];
      }
    }
  }

  /** The run streamed, or null until known. */
  public String runId() {
    return runId;
  }

  /** The run's thread, or null (a stateless run, or not known yet). */
  public String threadId() {
    return threadId;
  }

  /** The id of the last event read, or null before any. */
  public String lastEventId() {
    return lastEventId;
  }

  /** Makes an {@code error} event end the iteration by throwing {@link RemoteRunException}; returns this. */
  public EventStream throwOnError() {
    raise = true;
    return this;
  }

  /** The events as a sequential {@link Stream}; closing it closes this. */
  public Stream<StreamEvent> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL),
        false).onClose(this::close);
  }

  @Override
  public Iterator<StreamEvent> iterator() {
    if (iterated) {
      throw new IllegalStateException("an event stream can be read once");
    }
    iterated = true;
    return new Iterator<>() {
      private StreamEvent next;
      private boolean done;

      @Override
      public boolean hasNext() {
        if (next == null && !done) {
          next = read();
          done = next == null;
        }
        return next != null;
      }

      @Override
      public StreamEvent next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        StreamEvent e = next;
        next = null;
        return e;
      }
    };
  }

  /** Reads lines up to the next complete event; null at the end of the body. */
  private StreamEvent read() {
    String event = null;
    StringBuilder data = null;
    String id = null;
    try {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.isEmpty()) {
          if (event != null || data != null) {
            return deliver(event == null ? "message" : event, data, id);
          }
          continue;
        }
        if (line.startsWith(":")) {
          continue; // a keep-alive comment
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        String value = colon < 0 ? "" : line.substring(colon + 1);
        if (value.startsWith(" ")) {
          value = value.substring(1);
        }
        switch (field) {
          case "event" -> event = value;
          case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
          case "id" -> id = value;
          default -> { } // retry and unknown fields
        }
      }
      return event != null || data != null ? deliver(event == null ? "message" : event, data, id) : null;
    } catch (IOException e) {
      throw new UncheckedIOException("reading the event stream of run " + runId + ": " + e.getMessage(), e);
    }
  }

  private StreamEvent deliver(String event, StringBuilder data, String id) {
    Object value;
    try {
      value = data == null ? null : Json.MAPPER.readValue(data.toString(), Object.class);
    } catch (JsonProcessingException e) {
      value = data.toString();
    }
    if (id != null) {
      lastEventId = id;
    }
    StreamEvent e = new StreamEvent(event, value, id);
    if (event.equals("metadata") && value instanceof java.util.Map<?, ?> m && runId == null && m.get("run_id") != null) {
      runId = String.valueOf(m.get("run_id"));
    }
    if (raise && e.mode().equals("error")) {
      throw RemoteRunException.of(value);
    }
    return e;
  }

  @Override
  public void close() {
    try {
      body.close();
    } catch (IOException e) {
      // already gone: nothing to release
    }
  }
}
