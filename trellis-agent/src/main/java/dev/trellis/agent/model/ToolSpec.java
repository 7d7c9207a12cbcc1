package dev.trellis.agent.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a model is told about a tool: name, description, a JSON-schema of its arguments, and
 * provider-specific extras (LangChain's {@code BaseTool.extras}, e.g. {@code defer_loading}),
 * which adapters pass to providers that understand them. A {@linkplain #provider provider tool}
 * is one the provider runs itself (e.g. server-side tool search); the agent never calls it.
 */
public record ToolSpec(String name, String description, Map<String, Object> parameters, Map<String, Object> extras) {
  /** The {@link #extras} key holding a provider tool's definition as the provider expects it. */
  public static final String PROVIDER_TOOL = "provider_tool";

  public ToolSpec {
    Objects.requireNonNull(name, "name");
    description = description == null ? "" : description;
    parameters = parameters == null ? Map.of("type", "object", "properties", Map.of()) : Map.copyOf(parameters);
    extras = extras == null ? Map.of() : Map.copyOf(extras);
  }

  public ToolSpec(String name, String description, Map<String, Object> parameters) {
    this(name, description, parameters, Map.of());
  }

  /** A tool the provider runs, defined by {@code definition} (its {@code type}, and {@code name} when it has one). */
  public static ToolSpec provider(Map<String, Object> definition) {
    Object name = definition.containsKey("name") ? definition.get("name") : definition.get("type");
    if (name == null) {
      throw new IllegalArgumentException("a provider tool's definition needs a type: " + definition);
    }
    return new ToolSpec(String.valueOf(name), "", null, Map.of(PROVIDER_TOOL, Map.copyOf(definition)));
  }

  /** Whether the provider runs this tool itself. */
  public boolean isProviderTool() {
    return extras.containsKey(PROVIDER_TOOL);
  }

  /** This spec with {@code key} set in its extras. */
  public ToolSpec withExtra(String key, Object value) {
    Map<String, Object> e = new LinkedHashMap<>(extras);
    e.put(key, value);
    return new ToolSpec(name, description, parameters, e);
  }
}
