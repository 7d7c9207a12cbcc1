package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import java.util.List;
import java.util.Map;

/**
 * The RRC pipeline's state: the seed's {@code GraphState} fields as typed keys (identity,
 * execution control, messages (the agent layer's), budget, pending tool calls, skills, LLM phase,
 * memory, HITL, pending mutation, resolve counter, metadata). All last-value keys: each node
 * writes the whole new value, as the seed's nodes return whole fields.
 */
public final class GraphState {
  private GraphState() {}

  // Identity
  public static final Key<String> EXECUTION_ID = Key.of("execution_id", String.class);
  public static final Key<String> CONVERSATION_ID = Key.of("conversation_id", String.class);
  public static final Key<String> AGENT_ID = Key.of("agent_id", String.class);
  public static final Key<String> AGENT_TYPE = Key.of("agent_type", String.class);
  public static final Key<String> TENANT_ID = Key.of("tenant_id", String.class);
  // Execution control
  public static final Key<String> STATUS = Key.of("status", String.class);
  public static final Key<String> CURRENT_NODE = Key.of("current_node", String.class);
  public static final Key<Integer> ITERATION = Key.of("iteration", Integer.class);
  public static final Key<String> ERROR = Key.of("error", String.class);
  // Conversation
  /** The agent layer's messages key (LangGraph's {@code add_messages} reducer). */
  public static final Key<List<Message>> MESSAGES = Messages.KEY;
  public static final Key<String> SYSTEM_PROMPT = Key.of("system_prompt", String.class);
  public static final Key<String> MODEL = Key.of("model", String.class);
  // Budget
  public static final Key<Integer> TOKENS_USED = Key.of("tokens_used", Integer.class);
  public static final Key<Double> COST_USD = Key.of("cost_usd", Double.class);
  public static final Key<Integer> MAX_TOKENS = Key.of("max_tokens", Integer.class);
  public static final Key<Double> MAX_COST_USD = Key.of("max_cost_usd", Double.class);
  // Tool execution
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<Message.ToolCall>> PENDING_TOOL_CALLS = (Key) Key.of("pending_tool_calls", List.class);
  // Skills
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<String>> INJECTED_SKILL_IDS = (Key) Key.of("injected_skill_ids", List.class);
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<String>> INJECTED_ENTITY_IDS = (Key) Key.of("injected_entity_ids", List.class);
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<Map<String, Integer>> ACTIVE_SKILLS = (Key) Key.of("active_skills", Map.class);
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<String>> SELECTED_SKILL_IDS = (Key) Key.of("selected_skill_ids", List.class);
  public static final Key<Boolean> SKILL_INJECTION_DONE = Key.of("skill_injection_done", Boolean.class);
  // Two-phase LLM: "initial" or "synthesis"
  public static final Key<String> LLM_PHASE = Key.of("llm_phase", String.class);
  // Memory
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<Map<String, Object>> MEMORY_CONTEXT = (Key) Key.of("memory_context", Map.class);
  // HITL
  public static final Key<Boolean> HITL_REQUIRED = Key.of("hitl_required", Boolean.class);
  public static final Key<String> HITL_CHECKPOINT_TYPE = Key.of("hitl_checkpoint_type", String.class);
  public static final Key<String> HITL_APPROVAL_ID = Key.of("hitl_approval_id", String.class);
  public static final Key<String> HITL_REVIEWER_ID = Key.of("hitl_reviewer_id", String.class);
  public static final Key<String> HITL_REVIEWER_STRATEGY = Key.of("hitl_reviewer_strategy", String.class);
  // Not seed fields: every checkpoint type a rule fired this execution (an approval covers them all), and the
  // execution that asked for the pending checkpoint approval (the approval is bound to it)
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<String>> HITL_CHECKPOINT_TYPES = (Key) Key.of("hitl_checkpoint_types", List.class);
  public static final Key<String> HITL_EXECUTION_ID = Key.of("hitl_execution_id", String.class);
  // Entity resolution / pause-resume
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<String>> RECENT_ENTITY_CONTEXT = (Key) Key.of("recent_entity_context", List.class);
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<Map<String, Object>> PENDING_MUTATION = (Key) Key.of("pending_mutation", Map.class);
  public static final Key<Integer> CONSECUTIVE_FAILED_RESOLVES = Key.of("consecutive_failed_resolves", Integer.class);
  // Metadata
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<Map<String, Object>> METADATA = (Key) Key.of("metadata", Map.class);

  // The turn's input: the user's message, appended to messages by system_prompt_node (not a seed field).
  public static final Key<String> INPUT = Key.of("input", String.class);

  /** Every key, as the graph's schema. */
  public static final Schema SCHEMA = Schema.of(EXECUTION_ID, CONVERSATION_ID, AGENT_ID, AGENT_TYPE, TENANT_ID, STATUS,
      CURRENT_NODE, ITERATION, ERROR, MESSAGES, SYSTEM_PROMPT, MODEL, TOKENS_USED, COST_USD, MAX_TOKENS, MAX_COST_USD,
      PENDING_TOOL_CALLS, INJECTED_SKILL_IDS, INJECTED_ENTITY_IDS, ACTIVE_SKILLS, SELECTED_SKILL_IDS, SKILL_INJECTION_DONE,
      dev.trellis.agent.budget.TokenBudget.THREAD_TOKENS, dev.trellis.agent.budget.TokenBudget.THREAD_COST,
      LLM_PHASE, MEMORY_CONTEXT, HITL_REQUIRED, HITL_CHECKPOINT_TYPE, HITL_APPROVAL_ID, HITL_REVIEWER_ID,
      HITL_REVIEWER_STRATEGY, HITL_CHECKPOINT_TYPES, HITL_EXECUTION_ID, RECENT_ENTITY_CONTEXT, PENDING_MUTATION, CONSECUTIVE_FAILED_RESOLVES, METADATA, INPUT);

  /** Status values the routing reads. */
  public static final String AWAITING_HITL = "awaiting_hitl";
  public static final String RUNNING = "running";
  public static final String COMPLETED = "completed";
  public static final String FAILED = "failed";
  /** The value of {@link #LLM_PHASE} during the first LLM call (and its tool loop). */
  public static final String INITIAL = "initial";
  /** The value of {@link #LLM_PHASE} during the second LLM call. */
  public static final String SYNTHESIS = "synthesis";
}
