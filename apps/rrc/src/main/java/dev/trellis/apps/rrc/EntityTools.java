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
 * capabilities every agent sees) and the mutating {@code create_entity}, {@code update_entity}
 * and {@code link_entities} (each runs only after a human approved that very call). Each returns
 * a declarative {@link ToolResult}.
 */
final class EntityTools {
  /** Tools that change the knowledge graph and so pass the before_tool_call approval gate. */
  static final List<String> MUTATING = List.of("create_entity", "update_entity", "link_entities");

  static final ToolSpec RESOLVE = new ToolSpec("entity_resolve",
      "Resolve a well, lease or operator by name, API number or alias to its entity id. An empty query lists the "
          + "registry: every entity of entity_type (well, lease or operator; all when absent).",
      Map.of("type", "object", "properties", Map.of("query", Map.of("type", "string"),
          "entity_type", Map.of("type", "string", "enum", List.of("well", "lease", "operator"))), "required", List.of("query")));
  static final ToolSpec CONTEXT = new ToolSpec("context_assemble",
      "Assemble an entity's context: the entity and its lease, operator and wells.",
      Map.of("type", "object", "properties", Map.of("entity_id", Map.of("type", "string")), "required", List.of("entity_id")));

  private EntityTools() {}

  @SuppressWarnings("unchecked")
  static ToolResult resolve(Map<String, Object> args, RrcTool.Call call) {
    String query = String.valueOf(args.getOrDefault("query", ""));
    if (query.isBlank() || query.equals("*")) {
      // a listing, not a resolve: it neither selects an entity nor counts as a failed resolve
      String type = args.get("entity_type") instanceof String t && !t.isBlank() ? t : null;
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("query", query);
      out.put("entity_type", type);
      out.put("decisive", false);
      out.put("listing", true);
      out.put("candidates", call.kg().list(type));
      return ToolResult.of(out);
    }
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
    return new ToolResult(Map.of("status", "created", "entity_id", id, "entity_type", type, "name", row.get("name")),
        Map.of(GraphState.RECENT_ENTITY_CONTEXT.name(), recent(call, id)),
        Map.of("entity", Map.of("type", type, "id", id, "name", name, "ref", id)));
  }

  /** Renames an entity and/or replaces its attributes; the same change applied again leaves the same row. */
  static ToolResult update(Map<String, Object> args, RrcTool.Call call) {
    String id = required(args, "update_entity", "entity_id");
    Object name = args.get("name");
    Object attrs = args.get("attributes");
    if (name == null && attrs == null) {
      throw new IllegalArgumentException("update_entity needs a \"name\" or \"attributes\" to change");
    }
    if (attrs != null && !(attrs instanceof Map<?, ?>)) {
      throw new IllegalArgumentException("update_entity: \"attributes\" must be an object");
    }
    Map<String, Object> row = call.kg().updateEntity(id, name == null ? null : String.valueOf(name),
        attrs == null ? null : Msgs.json(attrs));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("status", "updated");
    out.put("entity_id", id);
    out.put("entity_type", row.get("entity_type"));
    out.put("name", row.get("name"));
    out.put("attributes", row.get("attributes"));
    return new ToolResult(out, Map.of(GraphState.RECENT_ENTITY_CONTEXT.name(), recent(call, id)),
        Map.of("entity", Map.of("type", row.get("entity_type"), "id", id, "name", row.get("name"), "ref", String.valueOf(row.get("ref")))));
  }

  /** Links two existing entities with a named relation; the same link again changes nothing. */
  static ToolResult link(Map<String, Object> args, RrcTool.Call call) {
    String from = required(args, "link_entities", "from_id");
    String to = required(args, "link_entities", "to_id");
    String relation = String.valueOf(args.getOrDefault("relation", "related_to"));
    Map<String, Object> row = call.kg().link(from, relation, to, call.toolCallId());
    return new ToolResult(Map.of("status", "linked", "from_id", from, "relation", row.get("relation"), "to_id", to),
        Map.of(GraphState.RECENT_ENTITY_CONTEXT.name(), recent(call, from)), Map.of());
  }

  private static String required(Map<String, Object> args, String tool, String key) {
    Object v = args.get(key);
    if (!(v instanceof String s) || s.isBlank()) {
      throw new IllegalArgumentException(tool + " needs \"" + key + "\"");
    }
    return s;
  }

  /** The recent-entity list with {@code id} last (FIFO of ten). */
  private static List<String> recent(RrcTool.Call call, String id) {
    List<String> recent = new ArrayList<>(call.state().getOrDefault(GraphState.RECENT_ENTITY_CONTEXT, List.of()));
    recent.remove(id);
    recent.add(id);
    while (recent.size() > 10) {
      recent.removeFirst();
    }
    return recent;
  }
}
