package dev.trellis.apps.opencouch;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.structured.StructuredOutput;
import dev.trellis.runtime.MessageStream;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.List;

/**
 * The three shapes of LLM call OpenCouch makes: a structured answer read into a record
 * (classifiers, extractors), a streamed reply whose tokens go to one message of the
 * {@code messages} stream mode, and the offline stand-in for that stream (a prepared reply
 * emitted word by word, so a chat shows it arriving the same way). Either way the reply is
 * stored under the stream's message id, so clients folding chunks see one message.
 */
public final class ModelCalls {
  private ModelCalls() {
  }

  /** A structured answer of type {@code R} to {@code user} under {@code system}. */
  public static <R extends Record> R structured(ChatModel model, String system, String user, Class<R> type) throws Exception {
    return StructuredOutput.of(type).call(model, List.of(Message.system(system), Message.human(user)), 1);
  }

  /**
   * Streams a reply to {@code user} after {@code history}
   * under {@code system}: its tokens go to {@code out}, one message on the {@code messages}
   * stream mode (the caller ends it and stores the reply under {@code out.messageId()}).
   */
  public static String stream(ChatModel model, MessageStream out, String system, List<HistoryEntry> history,
                              String user) throws Exception {
    List<Message> messages = new ArrayList<>();
    messages.add(Message.system(system));
    for (HistoryEntry h : history) {
      messages.add("assistant".equals(h.role()) ? Message.ai(h.content()) : Message.human(h.content()));
    }
    messages.add(Message.human(user));
    return model.stream(new ChatRequest(messages, List.of()), out::write).text();
  }

  /** Emits a prepared reply on {@code out} word by word (as a model would stream it); returns it. */
  public static String emit(MessageStream out, String reply) {
    for (String w : reply.split("(?<= )")) {
      out.write(w);
    }
    return reply;
  }

  /** One reply's message stream: a model call's (reported on the events mode) or, offline, a plain one. */
  public static MessageStream open(Runtime rt, ChatModel model, String user) {
    return model != null ? rt.chatModel(model.name(), user) : rt.messages();
  }

  /** Ends {@code out} with the finished reply, as the {@code ai} message stored under the stream's id. */
  public static Message.Ai end(MessageStream out, String text) {
    Message.Ai ai = new Message.Ai(out.messageId(), text, List.of(), null);
    out.end(ai);
    return ai;
  }
}
