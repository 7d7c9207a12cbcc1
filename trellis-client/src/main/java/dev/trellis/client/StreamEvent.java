package dev.trellis.client;

import java.util.List;

/**
 * One Server-Sent Event of a run's stream, as the server sent it: {@code event} is the stream
 * mode ({@code values}, {@code updates}, {@code messages}, {@code custom}, ...), followed by
 * {@code |}-separated namespace segments for events from inside subgraphs; {@code metadata}
 * (the run id) and {@code error} (the run failed) are the other events. {@code data} is the
 * decoded JSON (maps, lists, strings, numbers, booleans or null); {@code id} is what to pass as
 * Last-Event-ID to resume after it (null when the server sent none).
 */
public record StreamEvent(String event, Object data, String id) {

  /** The stream mode (or {@code metadata}, {@code error}): the event name without its namespace. */
  public String mode() {
    int bar = event.indexOf('|');
    return bar < 0 ? event : event.substring(0, bar);
  }

  /** The subgraph namespace ({@code node:task} segments); empty for the root graph. */
  public List<String> namespace() {
    int bar = event.indexOf('|');
    return bar < 0 ? List.of() : List.of(event.substring(bar + 1).split("\\|"));
  }

  /** The data as a JSON object; an {@link IllegalStateException} when it is not one. */
  @SuppressWarnings("unchecked")
  public java.util.Map<String, Object> dataMap() {
    if (data instanceof java.util.Map<?, ?> m) {
      return (java.util.Map<String, Object>) m;
    }
    throw new IllegalStateException("event " + event + " carries " + (data == null ? "null" : data.getClass().getSimpleName())
        + ", not an object");
  }
}
