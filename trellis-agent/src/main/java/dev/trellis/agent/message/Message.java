package dev.trellis.agent.message;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A chat message. Every message has an id (assigned by {@link Messages#add} when missing),
 * which is how a later update replaces or removes it.
 */
public sealed interface Message {
  String id();

  /** The text content ("" for an AI message that only calls tools). */
  String text();

  /** Instructions for the model. */
  record System(String id, String text) implements Message {
    public System {
      Objects.requireNonNull(text, "text");
    }
  }

  /** What the user said. */
  record Human(String id, String text) implements Message {
    public Human {
      Objects.requireNonNull(text, "text");
    }
  }

  /** What the model said, with the tools it asked to call and the tokens it used. */
  record Ai(String id, String text, List<ToolCall> toolCalls, Usage usage) implements Message {
    public Ai {
      text = text == null ? "" : text;
      toolCalls = List.copyOf(toolCalls == null ? List.of() : toolCalls);
      usage = usage == null ? Usage.NONE : usage;
    }

    /** This message under another id. */
    public Ai withId(String newId) {
      return new Ai(newId, text, toolCalls, usage);
    }
  }

  /** A tool's answer to one call; {@code error} when the tool failed and this is the error text. */
  record Tool(String id, String text, String toolCallId, String name, boolean error) implements Message {
    public Tool {
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(toolCallId, "toolCallId");
    }
  }

  /** An update that removes the message with {@code id}; {@link Messages#REMOVE_ALL} clears the list. */
  record Remove(String id) implements Message {
    public Remove {
      Objects.requireNonNull(id, "id");
    }

    @Override
    public String text() {
      return "";
    }
  }

  /** One tool call the model asked for: its id, the tool's name and JSON-like arguments. */
  record ToolCall(String id, String name, Map<String, Object> args) {
    public ToolCall {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(name, "name");
      args = args == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(args));
    }
  }

  /** Tokens a model call used. */
  record Usage(long inputTokens, long outputTokens) {
    public static final Usage NONE = new Usage(0, 0);

    public long total() {
      return inputTokens + outputTokens;
    }
  }

  static Human human(String text) {
    return new Human(null, text);
  }

  static System system(String text) {
    return new System(null, text);
  }

  static Ai ai(String text) {
    return new Ai(null, text, List.of(), Usage.NONE);
  }
}
