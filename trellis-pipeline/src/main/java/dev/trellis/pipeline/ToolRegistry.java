package dev.trellis.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A tool registry (seed 000's {@code PIPELINE_CONFIG}): every tool's {@link PipelineToolSpec} by
 * name, and per-agent tool subsets. Read from YAML:
 *
 * <pre>
 * tools:
 *   - {name: client_signal}
 *   - name: therapeutic_fit
 *     dependencies: [client_signal, provider_genome]
 *     inject_inputs: [signal_summary, genome_summary]   # output keys of earlier phases
 *     max_retries: 2          # defaults as the seed: max_retries 1, retry_backoff 0.5 s,
 *     retry_backoff: 0.5      # timeout 30 s, optional false, no defaults
 *     defaults: {top_k: 3}
 * agents:
 *   lite: [client_signal, therapeutic_fit]
 * </pre>
 *
 * <p>The boot checks happen on construction and fail naming the culprit: an unknown field,
 * a tool listed twice, a dependency on an unregistered tool, an agent listing an
 * unregistered tool, and a dependency cycle (named, {@code a → b → a}). A tool depending on
 * a tool its agent excludes is legal — {@link #forAgent} drops that dependency at run time —
 * but usually a mistake, so {@link #warnings} reports it for the boot log. Immutable.
 */
public record ToolRegistry(Map<String, PipelineToolSpec> tools, Map<String, List<String>> agents) {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Set<String> FIELDS = Set.of("name", "dependencies", "inject_inputs", "defaults", "max_retries",
      "retry_backoff", "timeout", "optional");

  public ToolRegistry {
    tools = Collections.unmodifiableMap(new LinkedHashMap<>(tools));
    Map<String, List<String>> a = new LinkedHashMap<>();
    agents.forEach((k, v) -> a.put(k, List.copyOf(v)));
    agents = Collections.unmodifiableMap(a);
    for (var e : agents.entrySet()) {
      for (String n : e.getValue()) {
        if (!tools.containsKey(n)) {
          throw invalid("agent \"" + e.getKey() + "\" lists tool \"" + n + "\", which is not registered (tools: "
              + String.join(", ", tools.keySet()) + ")");
        }
      }
    }
    Phases.of(tools); // unknown dependencies and cycles fail here, at startup
  }

  /** Reads a registry from YAML text. */
  public static ToolRegistry fromYaml(String yaml) {
    JsonNode root;
    try {
      root = YAML.readTree(yaml);
    } catch (IOException e) {
      throw invalid("the tool registry is not valid YAML: " + e.getMessage());
    }
    if (root == null || !root.path("tools").isArray()) {
      throw invalid("the tool registry needs a \"tools\" list");
    }
    Map<String, PipelineToolSpec> tools = new LinkedHashMap<>();
    for (JsonNode t : root.path("tools")) {
      PipelineToolSpec spec = tool(t);
      if (tools.putIfAbsent(spec.name(), spec) != null) {
        throw invalid("tool \"" + spec.name() + "\" is registered twice");
      }
    }
    Map<String, List<String>> agents = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.path("agents").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      agents.put(e.getKey(), strings(e.getValue(), "agent \"" + e.getKey() + "\""));
    }
    return new ToolRegistry(tools, agents);
  }

  private static PipelineToolSpec tool(JsonNode t) {
    String name = t.path("name").isTextual() ? t.path("name").asText() : null;
    if (name == null) {
      throw invalid("tool registry entry without a name: " + t);
    }
    for (Iterator<String> f = t.fieldNames(); f.hasNext(); ) {
      String field = f.next();
      if (!FIELDS.contains(field)) {
        throw invalid("tool \"" + name + "\": unknown field \"" + field + "\" (fields: " + String.join(", ",
            new java.util.TreeSet<>(FIELDS)) + ")");
      }
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> defaults = t.has("defaults") ? YAML.convertValue(t.get("defaults"), Map.class) : Map.of();
    return new PipelineToolSpec(name, new LinkedHashSet<>(strings(t.path("dependencies"), "tool \"" + name + "\" dependencies")),
        strings(t.path("inject_inputs"), "tool \"" + name + "\" inject_inputs"), defaults,
        t.path("max_retries").asInt(1), seconds(t.path("retry_backoff"), 0.5), seconds(t.path("timeout"), 30.0),
        t.path("optional").asBoolean(false));
  }

  private static List<String> strings(JsonNode n, String where) {
    if (n.isMissingNode() || n.isNull()) {
      return List.of();
    }
    if (!n.isArray()) {
      throw invalid(where + " must be a list of names, got " + n);
    }
    List<String> out = new ArrayList<>();
    n.forEach(x -> out.add(x.asText()));
    return out;
  }

  private static Duration seconds(JsonNode n, double otherwise) {
    return Duration.ofNanos((long) (n.asDouble(otherwise) * 1e9));
  }

  private static InvalidGraphException invalid(String message) {
    return new InvalidGraphException(ErrorCode.INVALID_TOOL_REGISTRY, message);
  }

  /**
   * The agent's tools in registry order, with dependencies on tools the agent excludes
   * dropped (the seed's per-request filter); their injected keys are simply absent.
   */
  public List<PipelineToolSpec> forAgent(String agent) {
    List<String> names = agents.get(agent);
    if (names == null) {
      throw invalid("no agent \"" + agent + "\" in the tool registry (agents: " + String.join(", ", agents.keySet()) + ")");
    }
    List<PipelineToolSpec> out = new ArrayList<>();
    for (PipelineToolSpec s : tools.values()) {
      if (names.contains(s.name())) {
        Set<String> deps = new LinkedHashSet<>(s.dependsOn());
        deps.retainAll(names);
        out.add(new PipelineToolSpec(s.name(), deps, s.injectInputs(), s.defaults(), s.maxRetries(), s.backoff(), s.timeout(),
            s.optional()));
      }
    }
    return out;
  }

  /** A pipeline builder with the agent's tools bound to {@code implementations} (each tool needs one). */
  public ToolPipeline.Builder pipeline(String agent, Map<String, PipelineTool> implementations) {
    ToolPipeline.Builder b = ToolPipeline.builder();
    for (PipelineToolSpec spec : forAgent(agent)) {
      PipelineTool tool = implementations.get(spec.name());
      if (tool == null) {
        throw invalid("tool \"" + spec.name() + "\" of agent \"" + agent + "\" has no implementation (implemented: "
            + String.join(", ", new java.util.TreeSet<>(implementations.keySet())) + ")");
      }
      b.tool(spec, tool);
    }
    return b;
  }

  /** Boot-time warnings: per agent, each tool depending on a tool the same agent excludes. */
  public List<String> warnings() {
    List<String> out = new ArrayList<>();
    agents.forEach((agent, names) -> names.forEach(n -> tools.get(n).dependsOn().stream().filter(d -> !names.contains(d))
        .sorted().forEach(d -> out.add("agent \"" + agent + "\": tool \"" + n + "\" depends on \"" + d
            + "\", which the agent excludes; it runs without it"))));
    return out;
  }
}
