package dev.trellis.agent.message;

import dev.trellis.wire.WireCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Messages in LangChain's wire shape, which LangGraph clients and UIs read and send:
 * {@code {type: human|ai|system|tool|remove, content, id, tool_calls, tool_call_id, ...}}.
 * {@link #from} also accepts OpenAI-style {@code {role, content, tool_calls}} dicts (tool calls
 * as {@code {id, function: {name, arguments}}}, arguments a JSON string) and content blocks.
 */
public final class MessageWire implements WireCodec {
  @Override
  public boolean handles(Object value) {
    return value instanceof Message;
  }

  @Override
  public Object toWire(Object value) {
    return toMap((Message) value);
  }

  /** A message as a LangChain message dict. */
  public static Map<String, Object> toMap(Message m) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", switch (m) {
      case Message.System s -> "system";
      case Message.Human h -> "human";
      case Message.Ai a -> "ai";
      case Message.Tool t -> "tool";
      case Message.Remove r -> "remove";
    });
    out.put("content", m.text());
    out.put("id", m.id());
    out.put("name", m instanceof Message.Tool t ? t.name() : null);
    out.put("additional_kwargs", Map.of());
    out.put("response_metadata", Map.of());
    if (m instanceof Message.Ai a) {
      List<Map<String, Object>> calls = new ArrayList<>();
      for (Message.ToolCall c : a.toolCalls()) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("name", c.name());
        call.put("args", c.args());
        call.put("id", c.id());
        call.put("type", "tool_call");
        calls.add(call);
      }
      out.put("tool_calls", calls);
      out.put("invalid_tool_calls", List.of());
      out.put("usage_metadata", Map.of("input_tokens", a.usage().inputTokens(), "output_tokens",
          a.usage().outputTokens(), "total_tokens", a.usage().inputTokens() + a.usage().outputTokens()));
    }
    if (m instanceof Message.Tool t) {
      out.put("tool_call_id", t.toolCallId());
      out.put("status", t.error() ? "error" : "success");
    }
    return out;
  }

  /**
   * A message from a wire value: a {@link Message} as is, a LangChain dict ({@code type}) or
   * an OpenAI-style dict ({@code role}: user, assistant, system, tool), or a plain string (a
   * human message). Throws IllegalArgumentException naming what is wrong.
   */
  @SuppressWarnings("unchecked")
  public static Message from(Object value) {
    if (value instanceof Message m) {
      return m;
    }
    if (value instanceof String s) {
      return new Message.Human(null, s);
    }
    if (!(value instanceof Map<?, ?> raw)) {
      throw new IllegalArgumentException("a message must be an object with type (or role) and content, got " + value);
    }
    Map<String, Object> d = (Map<String, Object>) raw;
    String kind = String.valueOf(d.getOrDefault("type", d.get("role")));
    String id = d.get("id") instanceof String s ? s : null;
    String text = content(d.get("content"));
    return switch (kind) {
      case "human", "user" -> new Message.Human(id, text);
      case "system", "developer" -> new Message.System(id, text);
      case "ai", "assistant", "AIMessageChunk" -> new Message.Ai(id, text, toolCalls(d.get("tool_calls")), null);
      case "tool" -> new Message.Tool(id, text, String.valueOf(d.get("tool_call_id")),
          d.get("name") instanceof String n ? n : null, "error".equals(d.get("status")));
      case "remove" -> new Message.Remove(id);
      default -> throw new IllegalArgumentException("unknown message type \"" + kind + "\" (use human, ai, system, tool)");
    };
  }

  private static String content(Object c) {
    if (c == null) {
      return "";
    }
    if (c instanceof String s) {
      return s;
    }
    if (c instanceof List<?> blocks) {
      StringBuilder sb = new StringBuilder();
      for (Object b : blocks) {
        if (b instanceof String s) {
          sb.append(s);
        } else if (b instanceof Map<?, ?> m && m.get("text") instanceof String t) {
          sb.append(t);
        }
      }
      return sb.toString();
    }
    return String.valueOf(c);
  }

  /** OpenAI's {@code arguments}: a JSON object as a string (or already an object). */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> arguments(Object a) {
    if (a instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    if (a == null || a.toString().isBlank()) {
      return Map.of();
    }
    try {
      return ARGS.readValue(a.toString(), Map.class);
    } catch (Exception e) {
      throw new IllegalArgumentException("tool call arguments are not a JSON object: " + a);
    }
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper ARGS = new com.fasterxml.jackson.databind.ObjectMapper();

  @SuppressWarnings("unchecked")
  private static List<Message.ToolCall> toolCalls(Object v) {
    List<Message.ToolCall> out = new ArrayList<>();
    if (v instanceof List<?> list) {
      for (Object o : list) {
        if (o instanceof Map<?, ?> m) {
          String id = m.get("id") instanceof String s ? s : null;
          if (m.get("function") instanceof Map<?, ?> fn) {   // OpenAI's {id, type: function, function: {name, arguments}}
            out.add(new Message.ToolCall(id, String.valueOf(fn.get("name")), arguments(fn.get("arguments"))));
            continue;
          }
          Object args = m.get("args");
          out.add(new Message.ToolCall(id, String.valueOf(m.get("name")),
              args instanceof Map<?, ?> a ? (Map<String, Object>) a : Map.of()));
        }
      }
    }
    return out;
  }
}
