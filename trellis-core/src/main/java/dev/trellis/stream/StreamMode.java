package dev.trellis.stream;

import java.util.List;
import java.util.Locale;

/**
 * What a stream carries; several modes can be combined in one run. Each mode knows its
 * LangGraph wire names and the modes it is built from, so a server derives its tables from
 * this enum: a new mode is one constant here.
 */
public enum StreamMode {
  /** The full state after every superstep. */
  VALUES(List.of()),
  /** Each node's update as it finishes (and interrupts). */
  UPDATES(List.of()),
  /** Whatever nodes write with their {@code StreamWriter}. */
  CUSTOM(List.of()),
  /** LLM tokens with metadata (emitted by chat models); also asked for as {@code messages-tuple}. */
  MESSAGES(List.of(), "messages-tuple"),
  /** Task start and result events. */
  TASKS(List.of()),
  /** A checkpoint event after every save. */
  CHECKPOINTS(List.of()),
  /** Tasks and checkpoints wrapped with step numbers. */
  DEBUG(List.of(CHECKPOINTS, TASKS)),
  /** Starts and ends of the chat-model and tool calls nodes make (LangChain's callbacks, for {@code astream_events}). */
  EVENTS(List.of(TASKS, MESSAGES));

  private final List<StreamMode> builtFrom;
  private final List<String> wireNames;

  StreamMode(List<StreamMode> builtFrom, String... aliases) {
    this.builtFrom = builtFrom;
    this.wireNames = java.util.stream.Stream.concat(
        java.util.stream.Stream.of(name().toLowerCase(Locale.ROOT)), java.util.stream.Stream.of(aliases)).toList();
  }

  /** The LangGraph wire name: lower case. */
  public String wireName() {
    return wireNames.getFirst();
  }

  /** Every name a client may ask for this mode by: {@link #wireName()} first, then aliases. */
  public List<String> wireNames() {
    return wireNames;
  }

  /** The other modes the engine must also produce for this one (debug wraps tasks and checkpoints). */
  public List<StreamMode> builtFrom() {
    return builtFrom;
  }
}
