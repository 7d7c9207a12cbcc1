package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.TokenCounter;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code system_prompt_node}: resolves the agent definition and its persona (an explicit persona
 * key, else the root skill's persona, else the platform default), assembles the base system
 * message — persona, the {@code === User ===} identity block, the skill-selection instruction —
 * at index 0 as the stable cacheable prefix (a caller-supplied {@code system_prompt} overrides
 * it), appends the turn's user message and initialises the execution's control fields. Each
 * execution gets its own budget: {@code tokens_used} and {@code cost_usd} start at zero, the
 * limits come from the request (else the agent's defaults); the conversation's totals add up in
 * {@code thread_tokens} / {@code thread_cost}. A conversation switched to the general agent is
 * domain-empty: the skills earlier agents loaded — their context messages, their tools, the
 * ledger — are unloaded.
 */
final class SystemPromptNode {
  static final String SKILL_SELECT_INSTRUCTION = "When you need a skill's full instructions, reference documents and "
      + "entity context, write SKILL_SELECT:{skill_id} on its own line before using its tools; it is loaded "
      + "before your next step. Never create, update or link entities without saying so: those changes wait for a human's approval.";
  static final String GENERAL_HARD_STOP = "You have no domain skills. If asked to prepare or advise on a regulatory "
      + "filing (Railroad Commission rules, spacing, flaring permits), say you cannot help with that here.";

  private final RrcDeps deps;

  SystemPromptNode(RrcDeps deps) {
    this.deps = deps;
  }

  /** The skills a model may select (tier 1): {@code Skills: id (name); …}. The same each turn, so the prefix stays cacheable. */
  private String catalog() {
    StringBuilder b = new StringBuilder("Skills:");
    deps.skills().catalog().forEach((id, name) -> b.append(' ').append(id).append(" (").append(name).append(");"));
    return b.substring(0, b.length() - 1) + ".";
  }

  Update apply(State s, Runtime rt) {
    AgentConfigs.Agent agent = deps.agents().agent(Turn.agentType(s));
    String agentType = agent.agentType();
    Map<String, Object> metadata = Turn.metadata(s);
    Skill root = agent.rootSkill() == null ? null : deps.skills().find(agent.rootSkill())
        .orElseThrow(() -> new IllegalStateException("agent " + agentType + " names root skill " + agent.rootSkill()
            + ", which is not in the skills table"));
    String personaKey;
    String personaSource;
    ExecuteRequest.checkMetadata(metadata, deps.agents());
    if (metadata.get("persona_key") instanceof String p) {
      personaKey = p;
      personaSource = "explicit";
    } else if (agent.personaKey() != null) {
      personaKey = agent.personaKey();
      personaSource = "explicit";
    } else if (root != null && root.personaKey() != null) {
      personaKey = root.personaKey();
      personaSource = "root_skill";
    } else {
      personaKey = AgentConfigs.PLATFORM_DEFAULT;
      personaSource = "platform_default";
    }
    String persona = deps.agents().personas().get(personaKey);
    if (persona == null) {
      throw new IllegalArgumentException("unknown persona_key \"" + personaKey + "\" (known: "
          + new java.util.TreeSet<>(deps.agents().personas().keySet()) + ")");
    }
    deps.tracing().record("agent.resolve_definition", Map.of("agent_type", agentType,
        "root_skill_key", root == null ? "" : root.skillId(), "persona", personaKey, "persona_source", personaSource));

    String name = metadata.get("display_name") instanceof String n ? n
        : metadata.get("user_id") instanceof String u ? u : "user";
    String role = metadata.get("role") instanceof String r ? r : "user";
    String identity = "=== User ===\nName: " + name + "\nRole: " + role;
    String override = s.get(GraphState.SYSTEM_PROMPT);
    boolean overridden = override != null && !override.isBlank();
    String base = overridden ? override
        : persona + "\n\n" + identity + "\n\n" + (root == null ? GENERAL_HARD_STOP : SKILL_SELECT_INSTRUCTION
            + "\n" + catalog());

    List<Message> messages = new ArrayList<>(Turn.messages(s));
    Map<String, Integer> loaded = s.getOrDefault(GraphState.ACTIVE_SKILLS, Map.of());
    boolean switched = root == null && !loaded.isEmpty();
    if (switched) {
      // general mode is domain-empty: the skills an earlier agent loaded, their context and their tools are unloaded
      messages.removeIf(m -> Msgs.system(m, SkillNodes.ACTIVATED));
      deps.skills().forget(Turn.thread(s, rt));
    }
    if (!messages.isEmpty() && messages.getFirst() instanceof Message.System first) {
      messages.set(0, new Message.System(first.id(), base));
    } else {
      messages.addFirst(Message.system(base));
    }
    long maxTokens = ExecuteRequest.positive(metadata, "max_tokens", agent.maxTokens()).longValue();
    double maxCost = ExecuteRequest.positive(metadata, "max_cost_usd", agent.maxCostUsd()).doubleValue();
    String input = s.get(GraphState.INPUT);
    String refused = null;
    if (input != null && !input.isBlank()) {
      long size = TokenCounter.APPROXIMATE.count(List.of(Message.human(input)));
      if (size > maxTokens) {
        // refused before it is sent, and not kept: it would fail every later execution of the conversation too
        refused = "the \"message\" of about " + size + " tokens is larger than the execution's budget of " + maxTokens
            + " tokens: it was not sent";
      } else {
        messages.add(Message.human(input));
      }
    }
    long templates = messages.stream().filter(m -> Msgs.system(m, SkillNodes.ACTIVATED)).count();
    deps.tracing().record("prompt.assemble", Map.of("persona_key", personaKey, "persona_source", personaSource,
        "context_template_count", templates, "user_identity_injected", !overridden, "token_estimate", (long) base.length() / 4));

    Map<String, Integer> active = new LinkedHashMap<>();
    if (root != null) {
      active.put(root.skillId(), 1);
    }
    Map<String, Integer> before = switched ? null : s.get(GraphState.ACTIVE_SKILLS);
    if (before != null) {
      before.forEach((k, v) -> active.merge(k, v, Math::max));
    }
    String executionId = s.get(GraphState.EXECUTION_ID) != null ? s.get(GraphState.EXECUTION_ID)
        : rt.threadId() + ":" + rt.step();
    return Update.of(GraphState.MESSAGES, Msgs.replace(messages))
        .and(GraphState.INPUT, null)
        .and(GraphState.STATUS, refused == null ? GraphState.RUNNING : GraphState.FAILED)
        .and(GraphState.CURRENT_NODE, Routing.SYSTEM_PROMPT_NODE)
        .and(GraphState.LLM_PHASE, "initial")
        .and(GraphState.SKILL_INJECTION_DONE, false)
        .and(GraphState.SELECTED_SKILL_IDS, List.of())
        .and(GraphState.PENDING_TOOL_CALLS, List.of())
        .and(GraphState.ITERATION, 0)
        .and(GraphState.ERROR, refused)
        .and(GraphState.HITL_REQUIRED, false)
        // each execution gets its own budget; the conversation's totals add up in TokenBudget.THREAD_TOKENS / THREAD_COST
        .and(GraphState.TOKENS_USED, 0)
        .and(GraphState.COST_USD, 0.0)
        .and(GraphState.MAX_TOKENS, (int) Math.min(Integer.MAX_VALUE, maxTokens))
        .and(GraphState.MAX_COST_USD, maxCost)
        // the model the request names, else the agent's, else the deployment's: the one called and priced
        .and(GraphState.MODEL, metadata.get("model") instanceof String m ? m : agent.model() != null ? agent.model()
            : deps.model().name())
        .and(GraphState.ACTIVE_SKILLS, active)
        .and(GraphState.INJECTED_SKILL_IDS, switched ? List.of() : s.getOrDefault(GraphState.INJECTED_SKILL_IDS, List.of()))
        .and(GraphState.AGENT_TYPE, agentType)
        .and(GraphState.AGENT_ID, s.get(GraphState.AGENT_ID) != null ? s.get(GraphState.AGENT_ID) : agentType)
        .and(GraphState.TENANT_ID, Turn.tenant(s))
        .and(GraphState.CONVERSATION_ID, Turn.conversation(s, rt))
        .and(GraphState.EXECUTION_ID, executionId)
        .and(GraphState.CONSECUTIVE_FAILED_RESOLVES, Turn.integer(s, "consecutive_failed_resolves", 0));
  }
}
