package dev.trellis.apps.rrc;

import dev.trellis.agent.model.ToolSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The state-aware tools: {@code entity_resolve} and {@code context_assemble} (the core
 * capabilities every agent sees) and {@code create_entity} (mutating: runs only after a human
 * approved it). Each returns a declarative {@link ToolResult}.
 */
final class EntityTools {
  /** Tools that change the knowledge graph and so pass the before_tool_call approval gate. */
  static final List<String> MUTATING = List.of("create_entity", "update_entity", "link_entities");

  static final ToolSpec RESOLVE = new ToolSpec("entity_resolve",
      "Resolve a well, lease or operator by name, API number or alias to its entity id.",
      Map.of("type", "object", "properties", Map.of("query", Map.of("type", "string")), "required", List.of("query")));
  static final ToolSpec CONTEXT = new ToolSpec("context_assemble",
      "Assemble an entity's context: the entity and its lease, operator and wells.",
      Map.of("type", "object", "properties", Map.of("entity_id", Map.of("type", "string")), "required", List.of("entity_id")));

  private EntityTools() {}

  @SuppressWarnings("unchecked")
  static ToolResult resolve(Map<String, Object> args, RrcTool.Call call) {
    String query = String.valueOf(args.getOrDefault("query", ""));
    KnowledgeGraph.Resolution r = call.kg().resolve(query);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("query", query);
    out.put("decisive", r.decisive());
    out.put("candidates", r.candidates());
    Map<String, Object> updates = new LinkedHashMap<>();
    Map<String, Object> memory = new LinkedHashMap<>();
    int failed = call.state().getOrDefault(GraphState.CONSECUTIVE_FAILED_RESOLVES, 0);
    if (r.decisive()) {
      Map<String, Object> e = r.candidates().getFirst();
      out.put("selected", e);
      updates.put(GraphState.CONSECUTIVE_FAILED_RESOLVES.name(), 0);
      List<String> recent = new ArrayList<>(call.state().getOrDefault(GraphState.RECENT_ENTITY_CONTEXT, List.of()));
      recent.remove((String) e.get("entity_id"));
      recent.add((String) e.get("entity_id"));
      while (recent.size() > 10) {
        recent.removeFirst();
      }
      updates.put(GraphState.RECENT_ENTITY_CONTEXT.name(), recent);
      memory.put("entity", Map.of("type", e.get("entity_type"), "id", e.get("entity_id"), "name", e.get("name"),
          "ref", String.valueOf(e.get("ref"))));
    } else {
      updates.put(GraphState.CONSECUTIVE_FAILED_RESOLVES.name(), failed + 1);
    }
    return new ToolResult(out, updates, memory);
  }

  static ToolResult context(Map<String, Object> args, RrcTool.Call call) {
    String id = String.valueOf(args.get("entity_id"));
    Map<String, Object> ctx = call.kg().context(id);
    List<String> injected = new ArrayList<>(call.state().getOrDefault(GraphState.INJECTED_ENTITY_IDS, List.of()));
    if (!injected.contains(id)) {
      injected.add(id);
    }
    return new ToolResult(ctx, Map.of(GraphState.INJECTED_ENTITY_IDS.name(), injected), Map.of());
  }

  /** Creates the entity under an id derived from the conversation and tool call ids, so a replay of the same call cannot duplicate it. */
  static ToolResult create(Map<String, Object> args, RrcTool.Call call) {
    String type = String.valueOf(args.getOrDefault("entity_type", "operator"));
    String name = String.valueOf(args.get("name"));
    if (name.isBlank() || "null".equals(name)) {
      throw new IllegalArgumentException("create_entity needs a \"name\"");
    }
    // the same call of the same conversation always mints the same id; tool call ids repeat across conversations
    String seed = call.state().get(GraphState.CONVERSATION_ID) + ":" + call.toolCallId();
    String id = type + "-" + UUID.nameUUIDFromBytes(seed.getBytes(StandardCharsets.UTF_8)).toString().substring(0, 8);
    Object attrs = args.getOrDefault("attributes", Map.of());
    Map<String, Object> row = call.kg().createEntity(id, type, name, Msgs.json(attrs), call.toolCallId());
    List<String> recent = new ArrayList<>(call.state().getOrDefault(GraphState.RECENT_ENTITY_CONTEXT, List.of()));
    recent.add(id);
    while (recent.size() > 10) {
      recent.removeFirst();
    }
    return new ToolResult(Map.of("status", "created", "entity_id", id, "entity_type", type, "name", row.get("name")),
        Map.of(GraphState.RECENT_ENTITY_CONTEXT.name(), recent),
        Map.of("entity", Map.of("type", type, "id", id, "name", name, "ref", id)));
  }
}
