package dev.trellis.apps.rrc;

import dev.trellis.agent.model.ToolSpec;
import dev.trellis.graph.State;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools one model call sees: the core capabilities, then the tools the loaded skills expose
 * (de-duplicated by name, first wins), then an agent's fence tools, and {@code cancel_pending_change}
 * while a gated change awaits its reviewer; with the implementation each name is bound to. tool_node dispatches only names in this set.
 */
record VisibleTools(List<ToolSpec> specs, Map<String, String> bindings, int coreCount, int skillExposedCount,
                    List<String> skills) {
  static VisibleTools of(State s, RrcDeps deps) {
    Map<String, ToolSpec> specs = new LinkedHashMap<>();
    Map<String, String> bindings = new LinkedHashMap<>();
    for (ToolSpec core : ToolBindings.CORE) {
      specs.put(core.name(), core);
      bindings.put(core.name(), core.name());
    }
    List<String> skills = Turn.loadedSkills(s);
    int exposed = 0;
    for (String id : skills) {
      Skill skill = deps.skills().find(id).orElse(null);
      if (skill == null) {
        continue;
      }
      for (Skill.ToolDecl t : skill.tools()) {
        if (!specs.containsKey(t.name())) {
          specs.put(t.name(), new ToolSpec(t.name(), t.description(), t.parameters()));
          bindings.put(t.name(), t.binding());
          exposed++;
        }
      }
    }
    for (String fence : deps.agents().agent(Turn.agentType(s)).fenceTools()) {
      if (!specs.containsKey(fence)) {
        Skill.ToolDecl t = deps.skills().declaration(fence)
            .orElseThrow(() -> new IllegalStateException("fence tool \"" + fence + "\" is declared by no skill"));
        specs.put(fence, new ToolSpec(t.name(), t.description(), t.parameters()));
        bindings.put(fence, t.binding());
      }
    }
    if (s.get(GraphState.PENDING_MUTATION) != null && !specs.containsKey(PendingChange.CANCEL)) {
      // while a change awaits its reviewer, the user may withdraw it (tool_node runs it, no implementation is bound)
      specs.put(PendingChange.CANCEL, PendingChange.CANCEL_SPEC);
      bindings.put(PendingChange.CANCEL, PendingChange.CANCEL);
    }
    return new VisibleTools(new ArrayList<>(specs.values()), bindings, ToolBindings.CORE.size(), exposed, skills);
  }
}
