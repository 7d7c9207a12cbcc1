package dev.trellis.apps.rrc;

import static dev.trellis.apps.rrc.Routing.APPROVAL_NODE;
import static dev.trellis.apps.rrc.Routing.INITIAL_LLM_CALL;
import static dev.trellis.apps.rrc.Routing.MEMORY_NODE;
import static dev.trellis.apps.rrc.Routing.OUTPUT_FORMAT;
import static dev.trellis.apps.rrc.Routing.RESUME_GUARD;
import static dev.trellis.apps.rrc.Routing.SKILL_INJECT_NODE;
import static dev.trellis.apps.rrc.Routing.SKILL_SELECT_NODE;
import static dev.trellis.apps.rrc.Routing.SYNTHESIS_LLM_CALL;
import static dev.trellis.apps.rrc.Routing.SYSTEM_PROMPT_NODE;
import static dev.trellis.apps.rrc.Routing.TOOL_NODE;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import java.util.List;

/**
 * The RRC pipeline: the seed's ten nodes, {@code system_prompt_node → memory_node →
 * resume_guard}, then every row of the routing table ({@link Routing}) as a conditional edge,
 * ending in {@code output_format → END}. One compiled graph serves every execution; each
 * conversation is a thread, each execution a run on it.
 */
public final class RrcGraph {
  /** The graph id and assistant id the server registers. */
  public static final String ASSISTANT = "rrc";
  /** Supersteps an execution may take: 20 tool rounds, each two steps, plus the fixed nodes. */
  public static final int RECURSION_LIMIT = 2 * Routing.ITERATION_LIMIT + 12;

  private RrcGraph() {}

  /** The pipeline builder over {@code deps} (compile it with a checkpointer and a store). */
  public static StateGraph builder(RrcDeps deps) {
    SkillNodes skills = new SkillNodes(deps);
    return StateGraph.of(GraphState.SCHEMA)
        .addNode(SYSTEM_PROMPT_NODE, new SystemPromptNode(deps)::apply)
        .addNode(MEMORY_NODE, new MemoryNode(deps)::apply)
        .addNode(RESUME_GUARD, new ResumeGuard(deps)::apply)
        .addNode(INITIAL_LLM_CALL, new LlmCall(deps, "initial")::apply)
        .addNode(TOOL_NODE, new ToolStep(deps)::apply)
        .addNode(SKILL_SELECT_NODE, skills::select)
        .addNode(SKILL_INJECT_NODE, skills::inject)
        .addNode(APPROVAL_NODE, new ApprovalNode(deps)::apply)
        .addNode(SYNTHESIS_LLM_CALL, new LlmCall(deps, GraphState.SYNTHESIS)::apply)
        .addNode(OUTPUT_FORMAT, new OutputFormat()::apply)
        .addEdge(StateGraph.START, SYSTEM_PROMPT_NODE)
        .addEdge(SYSTEM_PROMPT_NODE, MEMORY_NODE)
        .addEdge(MEMORY_NODE, RESUME_GUARD)
        .addConditionalEdges(RESUME_GUARD, Routing::afterResumeGuard, List.of(OUTPUT_FORMAT, TOOL_NODE, INITIAL_LLM_CALL))
        .addConditionalEdges(INITIAL_LLM_CALL, Routing::afterInitialLlmCall, List.of(OUTPUT_FORMAT, TOOL_NODE, SKILL_SELECT_NODE))
        .addConditionalEdges(TOOL_NODE, Routing::afterToolNode, List.of(OUTPUT_FORMAT, SYNTHESIS_LLM_CALL, INITIAL_LLM_CALL))
        .addConditionalEdges(SKILL_SELECT_NODE, Routing::afterSkillSelect, List.of(SKILL_INJECT_NODE, APPROVAL_NODE))
        .addConditionalEdges(SKILL_INJECT_NODE, Routing::afterSkillInject, List.of(APPROVAL_NODE))
        .addConditionalEdges(APPROVAL_NODE, Routing::afterApproval, List.of(OUTPUT_FORMAT, SYNTHESIS_LLM_CALL))
        .addConditionalEdges(SYNTHESIS_LLM_CALL, Routing::afterSynthesisLlmCall, List.of(OUTPUT_FORMAT, TOOL_NODE))
        .addEdge(OUTPUT_FORMAT, StateGraph.END);
  }

  /** The compiled pipeline. */
  public static CompiledGraph graph(RrcDeps deps, CompileOptions options) {
    return builder(deps).compile(options.withName(ASSISTANT));
  }
}
