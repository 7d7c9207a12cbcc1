package dev.trellis.otel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.agent.message.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Message content as the GenAI conventions record it when capture is on: the input and output
 * messages as JSON strings of {@code {role, parts}} objects (parts {@code text},
 * {@code tool_call}, {@code tool_call_response}; an output message adds its
 * {@code finish_reason}), tool arguments and results as JSON. Only loaded with trellis-agent.
 */
final class GenAiContent {
  private GenAiContent() {}

  private static final ObjectMapper JSON = new ObjectMapper();

  /** {@code gen_ai.input.messages}: the messages sent, in order (a system prompt as a {@code system} message). */
  static String input(List<Message> messages) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Message m : messages) {
      if (!(m instanceof Message.Remove)) {
        out.add(message(m, null));
      }
    }
    return json(out);
  }

  /** {@code gen_ai.output.messages}: the one answer, with why it stopped. */
  static String output(Message.Ai ai, String finishReason) {
    return json(List.of(message(ai, finishReason)));
  }

  /** A value (tool arguments, a tool's result) as JSON; a tool message as its text. */
  static String value(Object v) {
    return json(v instanceof Message m ? m.text() : v);
  }

  private static Map<String, Object> message(Message m, String finishReason) {
    Map<String, Object> out = new LinkedHashMap<>();
    List<Map<String, Object>> parts = new ArrayList<>();
    out.put("role", switch (m) {
      case Message.System s -> "system";
      case Message.Human h -> "user";
      case Message.Ai a -> "assistant";
      case Message.Tool t -> "tool";
      case Message.Remove r -> "remove";
    });
    if (m instanceof Message.Tool t) {
      parts.add(part("tool_call_response", "id", t.toolCallId(), "response", t.text()));
    } else if (!m.text().isEmpty()) {
      parts.add(part("text", "content", m.text()));
    }
    if (m instanceof Message.Ai a) {
      for (Message.ToolCall c : a.toolCalls()) {
        parts.add(part("tool_call", "id", c.id(), "name", c.name(), "arguments", c.args()));
      }
    }
    out.put("parts", parts);
    if (finishReason != null) {
      out.put("finish_reason", finishReason);
    }
    return out;
  }

  private static Map<String, Object> part(String type, Object... kv) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("type", type);
    for (int i = 0; i < kv.length; i += 2) {
      p.put((String) kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String json(Object v) {
    try {
      return JSON.writeValueAsString(v);
    } catch (JsonProcessingException e) {
      return String.valueOf(v); // a value Jackson cannot write (a tool's own object): its text
    }
  }
}
