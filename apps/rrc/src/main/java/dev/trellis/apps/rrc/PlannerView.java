package dev.trellis.apps.rrc;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the offline planner reads from one request, as a model reads its prompt: the messages,
 * the tools offered, every tool result so far by call, the skills activated and selectable, and
 * where the user's latest message is.
 */
final class PlannerView {
  private static final ObjectMapper SORTED = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
  /** The skills the planner knows by name, for their "=== Skill Activated: name ===" message. */
  static final Map<String, String> SKILL_NAMES = Map.of("rrc_rule37", "Rule 37 Spacing Exception",
      "rrc_rule32", "Rule 32 Flaring Authority");

  final List<Message> msgs;
  final Set<String> tools = new HashSet<>();
  /** "name|args" of every answered call → its parsed result. */
  final Map<String, Map<String, Object>> done = new HashMap<>();
  /** "name|args" → the index of the call's answer. */
  final Map<String, Integer> doneAt = new HashMap<>();
  /** Tool call id → the called tool's name. */
  final Map<String, String> callNames = new HashMap<>();
  /** Index of the user's latest message (-1: none) and its text. */
  final int humanAt;
  final String human;
  /** Whether the turn assembles a filing (its skill is then loaded before its tools run), not answers a question. */
  boolean filing;

  PlannerView(ChatRequest request) {
    msgs = request.messages();
    for (ToolSpec t : request.tools()) {
      tools.add(t.name());
    }
    Map<String, Message.ToolCall> calls = new HashMap<>();
    int last = -1;
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      if (m instanceof Message.Ai a) {
        a.toolCalls().forEach(c -> calls.put(c.id(), c));
        a.toolCalls().forEach(c -> callNames.put(c.id(), c.name()));
      } else if (m instanceof Message.Tool t && calls.get(t.toolCallId()) instanceof Message.ToolCall c) {
        done.put(key(c.name(), c.args()), parse(t.text()));
        doneAt.put(key(c.name(), c.args()), i);
      } else if (m instanceof Message.Human) {
        last = i;
      }
    }
    humanAt = last;
    human = last < 0 ? "" : msgs.get(last).text();
  }

  Map<String, Object> result(String tool, Map<String, Object> args) {
    return done.get(key(tool, args));
  }

  /** Whether the skill's context is in the conversation (its "Skill Activated" message). */
  boolean activated(String skillId) {
    String name = SKILL_NAMES.getOrDefault(skillId, skillId);
    return msgs.stream().anyMatch(m -> m instanceof Message.System s && s.text().startsWith(SkillNodes.ACTIVATED + name));
  }

  /** Whether the base prompt offers the skill for selection (its catalog names it). */
  boolean selectable(String skillId) {
    return !msgs.isEmpty() && msgs.getFirst() instanceof Message.System base && base.text().contains("SKILL_SELECT:")
        && base.text().contains(" " + skillId + " (");
  }

  /** Whether the last message other than system messages is an answer (text, no tool calls): this turn is answered. */
  boolean answered() {
    for (int i = msgs.size() - 1; i >= 0; i--) {
      if (!(msgs.get(i) instanceof Message.System)) {
        return msgs.get(i) instanceof Message.Ai a && a.toolCalls().isEmpty();
      }
    }
    return false;
  }

  /** Index of the last answer (text, no tool calls), or -1. */
  int lastAnswerAt() {
    for (int i = msgs.size() - 1; i >= 0; i--) {
      if (msgs.get(i) instanceof Message.Ai a && a.toolCalls().isEmpty() && !a.text().isBlank()) {
        return i;
      }
    }
    return -1;
  }

  /** The text of the answer before the user's latest message, or "". */
  String previousAnswer() {
    for (int i = humanAt - 1; i >= 0; i--) {
      if (msgs.get(i) instanceof Message.Ai a && a.toolCalls().isEmpty() && !a.text().isBlank()) {
        return a.text();
      }
    }
    return "";
  }

  /** Whether a system message after index {@code from} starts with {@code prefix}. */
  boolean noteAfter(int from, String prefix) {
    for (int i = Math.max(0, from + 1); i < msgs.size(); i++) {
      if (msgs.get(i) instanceof Message.System s && s.text().startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  static String key(String name, Map<String, Object> args) {
    try {
      return name + "|" + SORTED.writeValueAsString(args);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  static Map<String, Object> parse(String text) {
    try {
      return SORTED.readValue(text, new TypeReference<Map<String, Object>>() {});
    } catch (Exception e) {
      return Map.of("text", text);
    }
  }
}
