package dev.trellis.apps.neura;

import dev.trellis.pipeline.SkipStore;
import dev.trellis.pipeline.Tool;
import java.util.Map;

/**
 * Per-turn dependencies passed in the run context ({@code RunConfig.withContext}), never in
 * state: the tool registry, the tools, the skip store (null: the graph's Store, so server
 * processes sharing a database share the skip state; no skipping when the graph has no
 * Store), the agent whose tool subset runs, and the dataset the booking subgraph writes to.
 */
public record NeuraDeps(ToolRegistry registry, Map<String, Tool> tools, SkipStore skipStore, String agent, Dataset data) {
  public NeuraDeps {
    tools = Map.copyOf(tools);
  }

  /** The bundled registry and dataset; skip state in the graph's Store. */
  public static NeuraDeps bundled() {
    Dataset data = Dataset.bundled();
    return new NeuraDeps(ToolRegistry.bundled(), AssemblyTools.over(data), null, "neura", data);
  }

  /** The same dependencies with {@code tool} replaced (for failure drills). */
  public NeuraDeps withTool(String name, Tool tool) {
    Map<String, Tool> t = new java.util.LinkedHashMap<>(tools);
    t.put(name, tool);
    return new NeuraDeps(registry, t, skipStore, agent, data);
  }

  public NeuraDeps withSkipStore(SkipStore s) {
    return new NeuraDeps(registry, tools, s, agent, data);
  }
}
