package dev.trellis.server.db;

import dev.trellis.server.wire.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An assistant as stored: a graph plus the config, context and metadata its runs start with.
 * {@code owner} is empty for a graph's system assistant (visible to every user).
 */
public record Assistant(String assistantId, String graphId, String owner, String name, String description,
                        Map<String, Object> config, Map<String, Object> context, Map<String, Object> metadata,
                        int version, String createdAt, String updatedAt) {

  static Assistant from(Map<String, Object> row) {
    return new Assistant((String) row.get("assistant_id"), (String) row.get("graph_id"), (String) row.get("owner"),
        (String) row.get("name"), (String) row.get("description"), Json.map(row, "config"), Json.map(row, "context"),
        Json.map(row, "metadata"), row.get("version") instanceof Number n ? n.intValue() : 0,
        (String) row.get("created_at"), (String) row.get("updated_at"));
  }

  /** Whether this is a graph's system assistant (no owner). */
  public boolean system() {
    return owner == null || owner.isEmpty();
  }

  /** LangGraph's Assistant object. */
  public Map<String, Object> wire() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("assistant_id", assistantId);
    m.put("graph_id", graphId);
    m.put("config", new LinkedHashMap<>(config));
    m.put("context", new LinkedHashMap<>(context));
    m.put("metadata", new LinkedHashMap<>(metadata));
    m.put("version", version);
    m.put("name", name);
    m.put("description", description);
    m.put("created_at", createdAt);
    m.put("updated_at", updatedAt);
    return m;
  }
}
