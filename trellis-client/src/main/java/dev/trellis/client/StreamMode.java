package dev.trellis.client;

import java.util.Locale;

/** What a run's stream carries; several can be asked for at once. */
public enum StreamMode {
  /** The full state after each superstep. */
  VALUES,
  /** Each node's update as it finishes, and {@code __interrupt__} when the run pauses. */
  UPDATES,
  /** Chat-model message chunks, accumulated ({@code messages/partial}, {@code messages/complete}...). */
  MESSAGES,
  /** Chat-model chunks as {@code [message, metadata]} pairs (event {@code messages}). */
  MESSAGES_TUPLE,
  /** What nodes write to their custom stream. */
  CUSTOM,
  /** Task starts and results. */
  TASKS,
  /** A checkpoint after each save. */
  CHECKPOINTS,
  /** Tasks and checkpoints with step numbers. */
  DEBUG,
  /** Starts and ends of model and tool calls (LangChain's {@code astream_events}). */
  EVENTS;

  /** The name on the wire: {@code values}, {@code messages-tuple}... */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
