package dev.trellis.apps.rrc;

import dev.trellis.server.api.ApiException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The body of {@code POST /execute} (and the query of {@code GET /conversations/{id}/stream}),
 * checked once at the edge: {@code agent_type} must be known, {@code message} a string (absent:
 * a resume turn), {@code metadata} an object; {@code conversation_id} defaults to a new one.
 * Budget and persona overrides ride in metadata ({@code max_tokens}, {@code max_cost_usd},
 * {@code persona_key}, {@code model}).
 */
record ExecuteRequest(String conversationId, String executionId, String agentType, String message, String tenantId,
                      String systemPrompt, Map<String, Object> metadata) {
  @SuppressWarnings("unchecked")
  static ExecuteRequest parse(Map<String, Object> body, AgentConfigs agents) {
    String agentType = string(body, "agent_type", "rule_37");
    if (!agents.agents().containsKey(agentType)) {
      throw new ApiException(422, "unknown agent_type \"" + agentType + "\" (known: "
          + new java.util.TreeSet<>(agents.agents().keySet()) + ")");
    }
    Object md = body.getOrDefault("metadata", Map.of());
    if (!(md instanceof Map<?, ?>)) {
      throw new ApiException(422, "\"metadata\" must be an object");
    }
    String conv = string(body, "conversation_id", UUID.randomUUID().toString());
    try {
      UUID.fromString(conv);
    } catch (IllegalArgumentException e) {
      throw new ApiException(422, "\"conversation_id\" must be a UUID (it is the conversation's thread), got "
          + ApiException.echo(conv));
    }
    return new ExecuteRequest(conv, UUID.randomUUID().toString(), agentType, string(body, "message", null),
        string(body, "tenant_id", "default"), string(body, "system_prompt", null), (Map<String, Object>) md);
  }

  private static String string(Map<String, Object> body, String key, String fallback) {
    Object v = body.get(key);
    if (v == null) {
      return fallback;
    }
    if (!(v instanceof String s)) {
      throw new ApiException(422, "\"" + key + "\" must be a string");
    }
    return s;
  }

  /** The run-create body queuing this execution on the conversation's thread. */
  Map<String, Object> runBody() {
    Map<String, Object> input = new LinkedHashMap<>();
    input.put("execution_id", executionId);
    input.put("conversation_id", conversationId);
    input.put("agent_type", agentType);
    input.put("tenant_id", tenantId);
    input.put("metadata", metadata);
    if (message != null) {
      input.put("input", message);
    }
    if (systemPrompt != null) {
      input.put("system_prompt", systemPrompt);
    }
    return Map.of("assistant_id", RrcGraph.ASSISTANT, "input", input, "stream_mode", java.util.List.of("updates", "values"),
        "config", Map.of("recursion_limit", RrcGraph.RECURSION_LIMIT), "multitask_strategy", "enqueue");
  }
}
