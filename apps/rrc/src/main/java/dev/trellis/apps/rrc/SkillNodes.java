package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code skill_select_node} (the skills the model asked for with {@code SKILL_SELECT:{id}} this
 * execution — the LLM call took the markers out of its answer into {@code selected_skill_ids} —
 * skipping skills already injected, unknown ones, and domain skills for a general agent) and
 * {@code skill_inject_node} (per selected skill: ledger check, tier 2 definition, tier 3
 * artifacts, tier 3.5 entity context from the knowledge graph, one system message in the seed's
 * format, ledger mark). A skill the ledger marks but whose message the state lacks (a run resumed
 * from a checkpoint taken before a killed worker's inject, a fork) is rendered again.
 */
final class SkillNodes {
  static final String ACTIVATED = "=== Skill Activated: ";
  private final RrcDeps deps;

  SkillNodes(RrcDeps deps) {
    this.deps = deps;
  }

  Update select(State s, Runtime rt) {
    List<String> injected = s.getOrDefault(GraphState.INJECTED_SKILL_IDS, List.of());
    boolean general = deps.agents().agent(Turn.agentType(s)).rootSkill() == null;
    List<String> selected = new ArrayList<>();
    for (String id : s.getOrDefault(GraphState.SELECTED_SKILL_IDS, List.<String>of())) {
      if (!injected.contains(id) && !selected.contains(id) && !general && deps.skills().find(id).isPresent()) {
        selected.add(id);
      }
    }
    return Update.of(GraphState.SELECTED_SKILL_IDS, (List<String>) selected)
        .and(GraphState.CURRENT_NODE, Routing.SKILL_SELECT_NODE);
  }

  Update inject(State s, Runtime rt) {
    String conv = Turn.thread(s, rt);
    List<Message> added = new ArrayList<>();
    List<String> injected = new ArrayList<>(s.getOrDefault(GraphState.INJECTED_SKILL_IDS, List.of()));
    Map<String, Integer> active = new LinkedHashMap<>(s.getOrDefault(GraphState.ACTIVE_SKILLS, Map.of()));
    List<Message> history = Turn.messages(s);
    for (String id : s.getOrDefault(GraphState.SELECTED_SKILL_IDS, List.<String>of())) {
      Skill skill = deps.skills().find(id).orElseThrow();
      boolean inState = history.stream().anyMatch(m -> m instanceof Message.System sys
          && sys.text().startsWith(ACTIVATED + skill.name() + " ==="));
      if (deps.skills().injected(conv, id) && inState) {
        if (!injected.contains(id)) {
          injected.add(id);
        }
        continue;
      }
      // the ledger alone is not enough: a run resumed from a checkpoint before this node's (a worker killed after
      // marking the ledger) or a fork of an earlier state has no skill context, so it is rendered again
      List<Skill.Artifact> artifacts = deps.skills().artifacts(id);
      added.add(Message.system(render(skill, artifacts, entityContext(s))));
      deps.skills().markInjected(conv, id);   // once: a later mark changes nothing
      injected.add(id);
      active.put(id, artifacts.isEmpty() ? 2 : 3);
    }
    return Update.of(GraphState.MESSAGES, (List<Message>) added)
        .and(GraphState.INJECTED_SKILL_IDS, (List<String>) injected)
        .and(GraphState.ACTIVE_SKILLS, (Map<String, Integer>) active)
        .and(GraphState.SKILL_INJECTION_DONE, true)
        .and(GraphState.CURRENT_NODE, Routing.SKILL_INJECT_NODE);
  }

  /** Tier 3.5: the knowledge-graph context of the most recent well (or lease) the conversation resolved. */
  private String entityContext(State s) {
    List<String> recent = s.getOrDefault(GraphState.RECENT_ENTITY_CONTEXT, List.of());
    for (int i = recent.size() - 1; i >= 0; i--) {
      String id = recent.get(i);
      if (!id.startsWith("well-") && !id.startsWith("lease-")) {
        continue;
      }
      Map<String, Object> ctx = deps.kg().context(id);
      StringBuilder b = new StringBuilder();
      if (ctx.get("well") instanceof Map<?, ?> w) {
        b.append("Well: ").append(w.get("name")).append(" (API: ").append(w.get("api")).append(")\n");
      }
      if (ctx.get("lease") instanceof Map<?, ?> l) {
        b.append("Lease: ").append(l.get("name")).append(" (").append(l.get("county")).append(" County, District ")
            .append(l.get("district")).append(", ").append(l.get("field")).append(")\n");
      }
      if (ctx.get("operator") instanceof Map<?, ?> o) {
        b.append("Operator: ").append(o.get("name")).append(" (RRC #").append(o.get("rrc_operator_no")).append(")\n");
      }
      return b.toString().stripTrailing();
    }
    return null;
  }

  static String render(Skill skill, List<Skill.Artifact> artifacts, String entityContext) {
    StringBuilder b = new StringBuilder(ACTIVATED).append(skill.name()).append(" ===\n");
    b.append("## Description\n").append(skill.description().strip()).append("\n## Steps\n");
    for (int i = 0; i < skill.steps().size(); i++) {
      b.append(i + 1).append(". ").append(skill.steps().get(i)).append('\n');
    }
    b.append("## Requirements\n");
    skill.requirements().forEach(r -> b.append("- ").append(r).append('\n'));
    b.append("## Output Format\n").append(skill.outputFormat().strip()).append('\n');
    if (!artifacts.isEmpty()) {
      b.append("## Reference Documents\n");
      artifacts.forEach(a -> b.append("### ").append(a.title()).append(" (").append(a.kind()).append(")\n")
          .append(a.content().strip()).append('\n'));
    }
    if (entityContext != null) {
      b.append("## Entity Context\n").append(entityContext).append('\n');
    }
    return b.toString().stripTrailing();
  }
}
