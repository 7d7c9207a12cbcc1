package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.State;
import dev.trellis.runtime.Runtime;
import java.util.List;
import java.util.Map;

/** Reads the pipeline state the way every node needs it: defaults for absent fields, the conversation id. */
final class Turn {
  private Turn() {}

  static List<Message> messages(State s) {
    List<Message> m = s.get(GraphState.MESSAGES);
    return m == null ? List.of() : m;
  }

  static Map<String, Object> metadata(State s) {
    Map<String, Object> m = s.get(GraphState.METADATA);
    return m == null ? Map.of() : m;
  }

  /** The reviewer the request names ({@code metadata.reviewer_id}), or null: any reviewer decides. */
  static String namedReviewer(State s) {
    return metadata(s).get("reviewer_id") instanceof String r && !r.isBlank() ? r : null;
  }

  static String conversation(State s, Runtime rt) {
    String c = s.get(GraphState.CONVERSATION_ID);
    return c != null ? c : rt.threadId();
  }

  /**
   * The stored thread the execution runs on: the key of the conversation's memory, ledger and
   * approvals. Unlike {@code conversation_id} (the id its owner sent), no other user's
   * conversation shares it, even one sent under the same id.
   */
  static String thread(State s, Runtime rt) {
    return rt.threadId() != null ? rt.threadId() : conversation(s, rt);
  }

  static String tenant(State s) {
    String t = s.get(GraphState.TENANT_ID);
    return t == null ? "default" : t;
  }

  /**
   * The agent of an execution that names none: {@code rule_37}, whether it came through {@code POST /execute} or as a
   * run of LangGraph's API ({@code trellis chat rrc}, a chat UI), which before round seventeen got the general agent
   * and answered "Create operator …" with "I cannot create entities with the tools I have."
   */
  static final String DEFAULT_AGENT = "rule_37";

  static String agentType(State s) {
    String a = s.get(GraphState.AGENT_TYPE);
    return a == null ? DEFAULT_AGENT : a;
  }

  static int integer(State s, String key, int fallback) {
    return s.get(key) instanceof Number n ? n.intValue() : fallback;
  }

  static double decimal(State s, String key, double fallback) {
    return s.get(key) instanceof Number n ? n.doubleValue() : fallback;
  }

  /** The content of the latest user message, or "" when there is none. */
  static String lastUserMessage(List<Message> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Human h) {
        return h.text();
      }
    }
    return "";
  }

  /** The content of the latest assistant message, or "" when there is none. */
  static String lastAssistantText(List<Message> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Ai ai) {
        return ai.text();
      }
    }
    return "";
  }

  /** The skills loaded for this conversation (the root skill and injected ones), in load order. */
  static List<String> loadedSkills(State s) {
    Map<String, Integer> active = s.get(GraphState.ACTIVE_SKILLS);
    return active == null ? List.of() : List.copyOf(active.keySet());
  }
}
