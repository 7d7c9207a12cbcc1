package dev.trellis.apps.rrc;

import dev.trellis.agent.model.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Java implementations tool declarations may bind to, by name — the only code a skill can
 * reach (a declaration naming an unknown binding is refused when the tool is called) — and the
 * core capabilities every agent sees.
 */
public final class ToolBindings {
  /** Visible to every agent regardless of its skills. */
  public static final List<ToolSpec> CORE = List.of(EntityTools.RESOLVE, EntityTools.CONTEXT);

  private final Map<String, RrcTool> byName;

  private ToolBindings(Map<String, RrcTool> byName) {
    this.byName = Map.copyOf(byName);
  }

  /** Every bundled implementation. */
  public static ToolBindings bundled() {
    Map<String, RrcTool> m = new LinkedHashMap<>();
    m.put("entity_resolve", EntityTools::resolve);
    m.put("context_assemble", EntityTools::context);
    m.put("create_entity", EntityTools::create);
    m.put("update_entity", EntityTools::update);
    m.put("link_entities", EntityTools::link);
    m.putAll(Rule37Tools.bindings());
    m.putAll(Rule32Tools.bindings());
    return new ToolBindings(m);
  }

  /** These bindings with {@code name} bound to {@code tool} (tests count or fail calls this way). */
  public ToolBindings with(String name, RrcTool tool) {
    Map<String, RrcTool> m = new LinkedHashMap<>(byName);
    m.put(name, tool);
    return new ToolBindings(m);
  }

  /** The implementation bound to {@code binding}, or an error naming the known ones. */
  public RrcTool get(String binding) {
    RrcTool t = byName.get(binding);
    if (t == null) {
      throw new IllegalArgumentException("no tool implementation bound to \"" + binding + "\" (bound: "
          + new java.util.TreeSet<>(byName.keySet()) + ")");
    }
    return t;
  }
}
