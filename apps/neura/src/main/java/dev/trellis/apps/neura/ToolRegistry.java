package dev.trellis.apps.neura;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.trellis.pipeline.ToolSpec;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The context-assembly tool registry read from YAML (seed 000's {@code PipelineToolConfig}:
 * name, dependencies, inject_inputs, defaults, max_retries, retry_backoff, timeout,
 * optional) with per-agent tool subsets. {@code inject_inputs} names output keys; a tool
 * declares the keys it produces in {@code outputs}, and the registry injects the section of
 * the producing tool (read by the consumer under the key). {@link #forAgent} filters dependencies on tools
 * the agent excludes; {@link #warnings} reports them at boot.
 */
public record ToolRegistry(Map<String, ToolSpec> tools, Map<String, List<String>> agents) {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  public ToolRegistry {
    tools = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tools));
    agents = Map.copyOf(agents);
    for (var e : agents.entrySet()) {
      for (String n : e.getValue()) {
        if (!tools.containsKey(n)) {
          throw new IllegalArgumentException("agent \"" + e.getKey() + "\" lists tool \"" + n
              + "\", which is not registered (tools: " + String.join(", ", tools.keySet()) + ")");
        }
      }
    }
    for (ToolSpec t : tools.values()) {
      for (String d : t.dependsOn()) {
        if (!tools.containsKey(d)) {
          throw new IllegalArgumentException("tool \"" + t.name() + "\" depends on unknown tool \"" + d + "\"");
        }
      }
    }
  }

  /** The bundled registry ({@code tools.yaml}). */
  public static ToolRegistry bundled() {
    try (var in = ToolRegistry.class.getResourceAsStream("tools.yaml")) {
      return fromYaml(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Reads a registry from YAML text. */
  public static ToolRegistry fromYaml(String yaml) {
    JsonNode root;
    try {
      root = YAML.readTree(yaml);
    } catch (IOException e) {
      throw new IllegalArgumentException("tool registry is not valid YAML: " + e.getMessage(), e);
    }
    Map<String, String> producer = new LinkedHashMap<>();
    for (JsonNode t : root.path("tools")) {
      t.path("outputs").forEach(o -> producer.put(o.asText(), t.path("name").asText()));
    }
    Map<String, ToolSpec> tools = new LinkedHashMap<>();
    for (JsonNode t : root.path("tools")) {
      String name = t.path("name").asText(null);
      if (name == null) {
        throw new IllegalArgumentException("tool registry entry without a name: " + t);
      }
      Set<String> deps = new LinkedHashSet<>();
      t.path("dependencies").forEach(d -> deps.add(d.asText()));
      List<String> inject = new ArrayList<>();
      for (JsonNode key : t.path("inject_inputs")) {
        String from = producer.get(key.asText());
        if (from == null) {
          throw new IllegalArgumentException("tool \"" + name + "\" injects key \"" + key.asText()
              + "\", which no tool lists in its outputs (outputs: " + String.join(", ", producer.keySet()) + ")");
        }
        if (!inject.contains(from)) {
          inject.add(from);
        }
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> defaults = t.has("defaults") ? YAML.convertValue(t.get("defaults"), Map.class) : Map.of();
      Duration timeout = Duration.ofMillis((long) (t.path("timeout").asDouble(30.0) * 1000));
      Duration backoff = Duration.ofMillis((long) (t.path("retry_backoff").asDouble(0.5) * 1000));
      tools.put(name, new ToolSpec(name, deps, inject, defaults, t.path("max_retries").asInt(1), backoff, timeout,
          t.path("optional").asBoolean(false)));
    }
    Map<String, List<String>> agents = new LinkedHashMap<>();
    root.path("agents").fields().forEachRemaining(e -> {
      List<String> names = new ArrayList<>();
      e.getValue().forEach(n -> names.add(n.asText()));
      agents.put(e.getKey(), names);
    });
    return new ToolRegistry(tools, agents);
  }

  /** The agent's tools, with dependencies (and injections) on tools it excludes filtered out. */
  public List<ToolSpec> forAgent(String agent) {
    List<String> names = agents.get(agent);
    if (names == null) {
      throw new IllegalArgumentException("no agent \"" + agent + "\" in the tool registry (agents: "
          + String.join(", ", agents.keySet()) + ")");
    }
    List<ToolSpec> out = new ArrayList<>();
    for (String n : names) {
      ToolSpec s = tools.get(n);
      Set<String> deps = new LinkedHashSet<>(s.dependsOn());
      deps.retainAll(names);
      List<String> inject = s.injectInputs().stream().filter(names::contains).toList();
      out.add(new ToolSpec(s.name(), deps, inject, s.defaults(), s.maxRetries(), s.backoff(), s.timeout(),
          s.optional()));
    }
    return out;
  }

  /** Boot-time warnings: for each agent, each tool depending on a tool the same agent excludes. */
  public List<String> warnings() {
    List<String> out = new ArrayList<>();
    agents.forEach((agent, names) -> names.forEach(n -> tools.get(n).dependsOn().stream().filter(d -> !names.contains(d))
        .sorted().forEach(d -> out.add("agent \"" + agent + "\": tool \"" + n + "\" depends on \"" + d
            + "\", which the agent excludes; it runs without it"))));
    return out;
  }
}
