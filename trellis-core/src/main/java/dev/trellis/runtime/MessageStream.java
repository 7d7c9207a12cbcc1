package dev.trellis.runtime;

/**
 * The tokens of one chat-model answer on the run's {@code messages} stream: every token
 * written here carries {@link #messageId()}, and the node stores the finished message under
 * that same id, so a client folding the streamed chunks and the stored message sees one
 * message. {@link #end} reports the finished answer (the {@code on_chat_model_end} event of
 * the events stream when the stream came from {@link Runtime#chatModel}). Thread-safe;
 * writes are no-ops when nobody streams them.
 */
public interface MessageStream extends StreamWriter {
  /** The id every token of this answer carries; store the finished message under it. */
  String messageId();

  /** Reports the finished answer; call once, after the last token. */
  void end(Object message);
}
