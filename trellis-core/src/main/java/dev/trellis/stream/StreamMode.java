package dev.trellis.stream;

/** What a stream carries; several modes can be combined in one run. */
public enum StreamMode {
  /** The full state after every superstep. */
  VALUES,
  /** Each node's update as it finishes (and interrupts). */
  UPDATES,
  /** Whatever nodes write with their {@code StreamWriter}. */
  CUSTOM,
  /** LLM tokens with metadata (emitted by chat models). */
  MESSAGES,
  /** Task start and result events. */
  TASKS,
  /** A checkpoint event after every save. */
  CHECKPOINTS,
  /** Tasks and checkpoints wrapped with step numbers. */
  DEBUG,
  /** Starts and ends of the chat-model and tool calls nodes make (LangChain's callbacks, for {@code astream_events}). */
  EVENTS;

  /** The LangGraph wire name: lower case. */
  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
