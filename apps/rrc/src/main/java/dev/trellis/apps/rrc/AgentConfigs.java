package dev.trellis.apps.rrc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.trellis.agent.budget.Prices;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The agent definitions of {@code agents.yaml}: per agent type its budget defaults (tokens and
 * USD), root skill, persona key, model and fence tools (a deferred agent with no skills yet sees
 * these directly); older names of agents ({@code aliases}); the per-model prices; the persona
 * texts. Immutable.
 */
public record AgentConfigs(Map<String, Agent> agents, Map<String, String> aliases, Prices prices, Map<String, String> personas) {
  /** The persona of an agent with no persona of its own or of its root skill. */
  public static final String PLATFORM_DEFAULT = "platform_default";

  /**
   * One agent type. {@code rootSkill} null: a general agent (no domain skill). {@code model} null:
   * the deployment's model (the chat model's own name).
   */
  public record Agent(String agentType, String rootSkill, String personaKey, long maxTokens, double maxCostUsd,
                      String model, List<String> fenceTools) {
    public Agent {
      fenceTools = List.copyOf(fenceTools);
    }
  }

  public AgentConfigs {
    agents = Map.copyOf(agents);
    aliases = Map.copyOf(aliases);
    personas = Map.copyOf(personas);
  }

  /** The bundled {@code agents.yaml}. */
  public static AgentConfigs bundled() {
    try (InputStream in = AgentConfigs.class.getResourceAsStream("agents.yaml")) {
      return parse(new ObjectMapper(new YAMLFactory()).readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static AgentConfigs parse(JsonNode root) {
    Map<String, Agent> agents = new LinkedHashMap<>();
    root.path("agents").properties().forEach(e -> {
      JsonNode a = e.getValue();
      List<String> fence = new java.util.ArrayList<>();
      a.path("fence_tools").forEach(t -> fence.add(t.asText()));
      long maxTokens = a.path("max_tokens").asLong(100_000);
      double maxCost = a.path("max_cost_usd").asDouble(5.0);
      if (maxTokens <= 0 || maxCost <= 0) {
        throw new IllegalArgumentException("agents.yaml: " + e.getKey() + "'s max_tokens and max_cost_usd must be positive");
      }
      agents.put(e.getKey(), new Agent(e.getKey(), text(a, "root_skill"), text(a, "persona_key"), maxTokens, maxCost,
          text(a, "model"), fence));
    });
    Prices prices = Prices.NONE;
    for (var e : root.path("prices").properties()) {
      double in = e.getValue().get(0).asDouble();
      double out = e.getValue().get(1).asDouble();
      prices = e.getKey().equals("fallback") ? prices.fallback(in, out) : prices.model(e.getKey(), in, out);
    }
    Map<String, String> personas = new LinkedHashMap<>();
    root.path("personas").properties().forEach(e -> personas.put(e.getKey(), e.getValue().asText()));
    if (!personas.containsKey(PLATFORM_DEFAULT)) {
      throw new IllegalArgumentException("agents.yaml: personas must define \"" + PLATFORM_DEFAULT + "\"");
    }
    Map<String, String> aliases = new LinkedHashMap<>();
    root.path("aliases").properties().forEach(e -> aliases.put(e.getKey(), e.getValue().asText()));
    aliases.forEach((alias, target) -> {
      if (!agents.containsKey(target)) {
        throw new IllegalArgumentException("agents.yaml: alias " + alias + " names no agent: " + target);
      }
    });
    return new AgentConfigs(agents, aliases, prices, personas);
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  /** Whether {@code agentType} names an agent (or an alias of one). */
  public boolean known(String agentType) {
    return agents.containsKey(agentType) || aliases.containsKey(agentType);
  }

  /** The agent of {@code agentType} (or of the agent it is an alias of), or an error naming the known ones. */
  public Agent agent(String agentType) {
    Agent a = agents.get(aliases.getOrDefault(agentType, agentType));
    if (a == null) {
      throw new IllegalArgumentException("unknown agent_type \"" + agentType + "\" (known: " + new TreeSet<>(agents.keySet()) + ")");
    }
    return a;
  }
}
