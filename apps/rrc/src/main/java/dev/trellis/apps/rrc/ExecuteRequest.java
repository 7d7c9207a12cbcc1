package dev.trellis.apps.rrc;

import dev.trellis.server.error.ApiException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The body of {@code POST /execute} (and the query of {@code GET /conversations/{id}/stream}),
 * checked once at the edge, every bad value a 422 naming its field: {@code agent_type} must be
 * known (default {@code rule_37}), {@code message} a non-empty string (absent: a resume turn of
 * the given {@code conversation_id}, a UUID; new when absent), {@code metadata} an object of
 * known value types. The budget limits ({@code max_tokens}, {@code max_cost_usd}: positive
 * numbers) and {@code model} may be given at the top level or in metadata (the top level wins).
 */
record ExecuteRequest(String conversationId, String executionId, String agentType, String message, String tenantId,
                      String systemPrompt, Map<String, Object> metadata) {
  /** The top-level fields a request may carry. */
  static final Set<String> FIELDS = Set.of("conversation_id", "agent_type", "message", "tenant_id", "system_prompt",
      "metadata", "max_tokens", "max_cost_usd", "model");
  /** Request fields that may also sit in metadata, where the nodes read them. */
  static final List<String> LIFTED = List.of("max_tokens", "max_cost_usd", "model");
  private static final Set<String> METADATA_STRINGS = Set.of("display_name", "role", "user_id", "persona_key", "model",
      "hitl_checkpoint_type", "reviewer_id", "force_clarify_action");

  @SuppressWarnings("unchecked")
  static ExecuteRequest parse(Map<String, Object> body, AgentConfigs agents) {
    if (body.isEmpty()) {
      throw new ApiException(422, "the request is empty: send \"message\" (a new turn) and, to continue a conversation, "
          + "\"conversation_id\"");
    }
    for (String key : body.keySet()) {
      if (!FIELDS.contains(key)) {
        throw new ApiException(422, "unknown field " + ApiException.echo(key) + " (known: " + new java.util.TreeSet<>(FIELDS) + ")");
      }
    }
    String agentType = string(body, "agent_type", Turn.DEFAULT_AGENT);
    if (!agents.known(agentType)) {
      throw new ApiException(422, "unknown \"agent_type\" " + ApiException.echo(agentType) + " (known: "
          + new java.util.TreeSet<>(agents.agents().keySet()) + ")");
    }
    Object md = body.getOrDefault("metadata", Map.of());
    if (!(md instanceof Map<?, ?>)) {
      throw new ApiException(422, "\"metadata\" must be an object");
    }
    Map<String, Object> metadata = new LinkedHashMap<>((Map<String, Object>) md);
    for (String key : LIFTED) {
      if (body.containsKey(key)) {
        metadata.put(key, body.get(key));
      }
    }
    try {
      checkMetadata(metadata, agents);
    } catch (IllegalArgumentException e) {
      throw new ApiException(422, e.getMessage());
    }
    String message = string(body, "message", null);
    if (message != null && message.isBlank()) {
      throw new ApiException(422, "\"message\" must not be empty (leave it out for a resume turn)");
    }
    if (message == null && body.get("conversation_id") == null) {
      throw new ApiException(422, "\"message\" is required to start a conversation (a resume turn needs its \"conversation_id\")");
    }
    String conv = string(body, "conversation_id", UUID.randomUUID().toString());
    try {
      UUID.fromString(conv);
    } catch (IllegalArgumentException e) {
      throw new ApiException(422, "\"conversation_id\" must be a UUID (it is the conversation's thread), got "
          + ApiException.echo(conv));
    }
    return new ExecuteRequest(conv, UUID.randomUUID().toString(), agents.agent(agentType).agentType(), message,
        string(body, "tenant_id", "default"), string(body, "system_prompt", null), metadata);
  }

  /**
   * Checks the metadata values the pipeline reads: strings where it reads text, a known
   * {@code persona_key}, positive limits.
   *
   * @throws IllegalArgumentException naming the first bad field
   */
  static void checkMetadata(Map<String, Object> metadata, AgentConfigs agents) {
    for (String key : METADATA_STRINGS) {
      Object v = metadata.get(key);
      if (v != null && (!(v instanceof String str) || str.isBlank())) {
        throw new IllegalArgumentException("\"metadata." + key + "\" must be a non-empty string, got " + Msgs.json(v));
      }
    }
    if (metadata.get("persona_key") instanceof String p && !agents.personas().containsKey(p)) {
      throw new IllegalArgumentException("unknown \"metadata.persona_key\" " + Msgs.json(p) + " (known: "
          + new java.util.TreeSet<>(agents.personas().keySet()) + ")");
    }
    positive(metadata, "max_tokens", 1);
    positive(metadata, "max_cost_usd", 1.0);
  }

  /**
   * The positive limit {@code key} of {@code metadata}, or {@code fallback} when absent; tokens
   * must be whole. A limit of zero or less is refused: the budget check trips at {@code >=}, so
   * such a limit would refuse every call.
   *
   * @throws IllegalArgumentException naming the field when the value is not a positive number
   */
  static Number positive(Map<String, Object> metadata, String key, Number fallback) {
    Object v = metadata.get(key);
    if (v == null) {
      return fallback;
    }
    boolean tokens = key.equals("max_tokens");
    if (!(v instanceof Number n) || n.doubleValue() <= 0 || Double.isNaN(n.doubleValue()) || Double.isInfinite(n.doubleValue())
        || (tokens && n.doubleValue() != Math.rint(n.doubleValue()))) {
      throw new IllegalArgumentException("\"" + key + "\" must be a positive " + (tokens ? "whole number of tokens" : "number of USD")
          + ", got " + Msgs.json(v));
    }
    return n;
  }

  private static String string(Map<String, Object> body, String key, String fallback) {
    Object v = body.get(key);
    if (v == null) {
      return fallback;
    }
    if (!(v instanceof String s)) {
      throw new ApiException(422, "\"" + key + "\" must be a string, got " + Msgs.json(v));
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
    // resumable: the run's events outlive it, so a stream attaching just after it ended still reads it whole
    return Map.of("assistant_id", RrcGraph.ASSISTANT, "input", input, "stream_mode", List.of("updates", "values"),
        "config", Map.of("recursion_limit", RrcGraph.RECURSION_LIMIT), "multitask_strategy", "enqueue",
        "stream_resumable", true);
  }
}
