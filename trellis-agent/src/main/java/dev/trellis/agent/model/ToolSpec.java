package dev.trellis.agent.model;

import java.util.Map;
import java.util.Objects;

/** What a model is told about a tool: name, description and a JSON-schema of its arguments. */
public record ToolSpec(String name, String description, Map<String, Object> parameters) {
  public ToolSpec {
    Objects.requireNonNull(name, "name");
    description = description == null ? "" : description;
    parameters = parameters == null ? Map.of("type", "object", "properties", Map.of()) : Map.copyOf(parameters);
  }
}
