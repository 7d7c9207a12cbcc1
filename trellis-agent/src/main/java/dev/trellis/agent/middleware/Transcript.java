package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.PythonRepr;
import java.util.ArrayList;
import java.util.List;

/**
 * Messages as one text for a model to read, in LangChain's XML form ({@code get_buffer_string}
 * with {@code format="xml"}): {@code <message type="human">…</message>} per message, one per
 * line; an AI message with tool calls nests its {@code <content>} and a {@code <tool_call id name>}
 * per call holding the arguments as JSON.
 */
final class Transcript {
  private Transcript() {}

  static String xml(List<Message> messages) {
    List<String> out = new ArrayList<>();
    for (Message m : messages) {
      String type = switch (m) {
        case Message.Human h -> "human";
        case Message.Ai a -> "ai";
        case Message.System s -> "system";
        case Message.Tool t -> "tool";
        case Message.Remove r -> "remove";
      };
      if (m instanceof Message.Ai ai && !ai.toolCalls().isEmpty()) {
        List<String> parts = new ArrayList<>();
        parts.add("<message type=" + attribute(type) + ">");
        if (!ai.text().isEmpty()) {
          parts.add("  <content>" + escape(ai.text()) + "</content>");
        }
        for (Message.ToolCall c : ai.toolCalls()) {
          parts.add("  <tool_call id=" + attribute(c.id()) + " name=" + attribute(c.name()) + ">"
              + escape(PythonRepr.json(c.args(), false)) + "</tool_call>");
        }
        parts.add("</message>");
        out.add(String.join("\n", parts));
      } else {
        out.add("<message type=" + attribute(type) + ">" + escape(m.text()) + "</message>");
      }
    }
    return String.join("\n", out);
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /** A quoted XML attribute value, as Python's {@code quoteattr} writes it. */
  static String attribute(String s) {
    String v = escape(s).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;");
    if (!v.contains("\"")) {
      return "\"" + v + "\"";
    }
    return v.contains("'") ? "\"" + v.replace("\"", "&quot;") + "\"" : "'" + v + "'";
  }
}
