package dev.trellis.apps.rrc;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import java.util.ArrayList;
import java.util.List;

/**
 * The pipeline's messages are the agent layer's {@link Message}s under its {@code messages} key
 * ({@link Messages#KEY}: LangGraph's {@code add_messages}, so a node returns the messages it
 * adds, and a client's LangChain- or OpenAI-shaped dicts read as messages). A node that reorders
 * or drops messages writes the whole list with {@link #replace}.
 */
final class Msgs {
  static final ObjectMapper JSON = new ObjectMapper();

  private Msgs() {}

  /** The update that makes {@code messages} the whole list (a remove-all marker, then them). */
  static List<Message> replace(List<Message> messages) {
    List<Message> out = new ArrayList<>(messages.size() + 1);
    out.add(new Message.Remove(Messages.REMOVE_ALL));
    out.addAll(messages);
    return out;
  }

  /** A tool's answer to call {@code toolCallId}. */
  static Message.Tool tool(String toolCallId, String name, String content) {
    return new Message.Tool(null, content, toolCallId, name, false);
  }

  /** Whether {@code m} is a system message whose text starts with {@code marker}. */
  static boolean system(Message m, String marker) {
    return m instanceof Message.System && m.text().startsWith(marker);
  }

  static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (Exception e) {
      throw new IllegalArgumentException("not JSON-serialisable: " + value, e);
    }
  }
}
