package dev.trellis.apps.rrc;

import dev.trellis.graph.State;
import java.util.List;

/**
 * The seed's routing table: one router per node with a conditional edge, each returning the
 * next node's name. Rows are checked in the table's order, so the first matching row wins
 * (a paused turn beats an iteration limit, an error beats pending tool calls).
 */
public final class Routing {
  private Routing() {}

  public static final String SYSTEM_PROMPT_NODE = "system_prompt_node";
  public static final String MEMORY_NODE = "memory_node";
  public static final String RESUME_GUARD = "resume_guard";
  public static final String INITIAL_LLM_CALL = "initial_llm_call";
  public static final String TOOL_NODE = "tool_node";
  public static final String SKILL_SELECT_NODE = "skill_select_node";
  public static final String SKILL_INJECT_NODE = "skill_inject_node";
  public static final String APPROVAL_NODE = "approval_node";
  public static final String SYNTHESIS_LLM_CALL = "synthesis_llm_call";
  public static final String OUTPUT_FORMAT = "output_format";

  /** Tool-call rounds allowed per execution, independent of the budget. */
  public static final int ITERATION_LIMIT = 20;

  /** Still pending or unreadable verdict → re-pause; approved replay → tool_node; else the model. */
  public static String afterResumeGuard(State state) {
    if (awaitingHitl(state)) return OUTPUT_FORMAT;
    if (hasPendingToolCalls(state)) return TOOL_NODE;
    return INITIAL_LLM_CALL;
  }

  /** Error → output_format; tool calls → tool_node; otherwise skill selection. */
  public static String afterInitialLlmCall(State state) {
    if (state.get(GraphState.ERROR) != null) return OUTPUT_FORMAT;
    if (hasPendingToolCalls(state)) return TOOL_NODE;
    return SKILL_SELECT_NODE;
  }

  /** Gate fired or iteration limit → output_format; otherwise back to the phase's LLM call. */
  public static String afterToolNode(State state) {
    if (awaitingHitl(state)) return OUTPUT_FORMAT;
    if (state.getOrDefault(GraphState.ITERATION, 0) >= ITERATION_LIMIT) return OUTPUT_FORMAT;
    if (GraphState.SYNTHESIS.equals(state.get(GraphState.LLM_PHASE))) return SYNTHESIS_LLM_CALL;
    return INITIAL_LLM_CALL;
  }

  /** Skills selected → skill_inject_node; none → approval_node. */
  public static String afterSkillSelect(State state) {
    List<String> selected = state.get(GraphState.SELECTED_SKILL_IDS);
    return selected != null && !selected.isEmpty() ? SKILL_INJECT_NODE : APPROVAL_NODE;
  }

  /** Always approval_node. */
  public static String afterSkillInject(State state) {
    return APPROVAL_NODE;
  }

  /** Awaiting HITL → output_format; approved or not needed → synthesis_llm_call. */
  public static String afterApproval(State state) {
    return awaitingHitl(state) ? OUTPUT_FORMAT : SYNTHESIS_LLM_CALL;
  }

  /** Error → output_format; tool calls → tool_node; none → output_format. */
  public static String afterSynthesisLlmCall(State state) {
    if (state.get(GraphState.ERROR) != null) return OUTPUT_FORMAT;
    if (hasPendingToolCalls(state)) return TOOL_NODE;
    return OUTPUT_FORMAT;
  }

  private static boolean awaitingHitl(State state) {
    return GraphState.AWAITING_HITL.equals(state.get(GraphState.STATUS));
  }

  private static boolean hasPendingToolCalls(State state) {
    List<?> calls = state.get(GraphState.PENDING_TOOL_CALLS);
    return calls != null && !calls.isEmpty();
  }
}
