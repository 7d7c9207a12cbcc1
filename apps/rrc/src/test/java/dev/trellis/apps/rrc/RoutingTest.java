package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per row of the seed's routing table (18 rows). */
class RoutingTest {
  private static final List<Map<String, Object>> ONE_CALL =
      List.of(Map.of("id", "call_1", "name", "entity_resolve", "args", Map.of()));

  private static State state(Object... kv) {
    java.util.Map<String, Object> m = new java.util.HashMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
    return State.of(m);
  }

  @Test void resumeGuardStillPendingRepausesToOutputFormat() {
    assertEquals("output_format", Routing.afterResumeGuard(state("status", "awaiting_hitl", "pending_tool_calls", ONE_CALL)));
  }
  @Test void resumeGuardApprovedReplaysThroughToolNode() {
    assertEquals("tool_node", Routing.afterResumeGuard(state("status", "running", "pending_tool_calls", ONE_CALL)));
  }
  @Test void resumeGuardWithoutMutationOrRejectedGoesToInitialCall() {
    assertEquals("initial_llm_call", Routing.afterResumeGuard(state("status", "running")));
  }
  @Test void initialCallErrorGoesToOutputFormat() {
    assertEquals("output_format", Routing.afterInitialLlmCall(state("error", "budget exceeded", "pending_tool_calls", ONE_CALL)));
  }
  @Test void initialCallToolCallsGoToToolNode() {
    assertEquals("tool_node", Routing.afterInitialLlmCall(state("pending_tool_calls", ONE_CALL)));
  }
  @Test void initialCallWithoutToolCallsGoesToSkillSelect() {
    assertEquals("skill_select_node", Routing.afterInitialLlmCall(state("pending_tool_calls", List.of())));
  }
  @Test void toolNodeGateFiredGoesToOutputFormat() {
    assertEquals("output_format", Routing.afterToolNode(state("status", "awaiting_hitl", "llm_phase", "initial")));
  }
  @Test void toolNodeIterationLimitGoesToOutputFormat() {
    assertEquals("output_format", Routing.afterToolNode(state("iteration", 20, "llm_phase", "synthesis")));
  }
  @Test void toolNodeSynthesisPhaseReturnsToSynthesisCall() {
    assertEquals("synthesis_llm_call", Routing.afterToolNode(state("iteration", 19, "llm_phase", "synthesis")));
  }
  @Test void toolNodeInitialPhaseReturnsToInitialCall() {
    assertEquals("initial_llm_call", Routing.afterToolNode(state("iteration", 1, "llm_phase", "initial")));
  }
  @Test void skillSelectWithSkillsGoesToInject() {
    assertEquals("skill_inject_node", Routing.afterSkillSelect(state("selected_skill_ids", List.of("rrc_rule37"))));
  }
  @Test void skillSelectWithoutSkillsGoesToApproval() {
    assertEquals("approval_node", Routing.afterSkillSelect(state("selected_skill_ids", List.of())));
  }
  @Test void skillInjectAlwaysGoesToApproval() {
    assertEquals("approval_node", Routing.afterSkillInject(state()));
  }
  @Test void approvalAwaitingHitlGoesToOutputFormat() {
    assertEquals("output_format", Routing.afterApproval(state("status", "awaiting_hitl")));
  }
  @Test void approvalNotNeededGoesToSynthesis() {
    assertEquals("synthesis_llm_call", Routing.afterApproval(state("status", "running")));
  }
  @Test void synthesisErrorGoesToOutputFormat() {
    assertEquals("output_format", Routing.afterSynthesisLlmCall(state("error", "model failed", "pending_tool_calls", ONE_CALL)));
  }
  @Test void synthesisToolCallsGoToToolNode() {
    assertEquals("tool_node", Routing.afterSynthesisLlmCall(state("pending_tool_calls", ONE_CALL)));
  }
  @Test void synthesisWithoutToolCallsGoesToOutputFormat() {
    assertEquals("output_format", Routing.afterSynthesisLlmCall(state()));
  }
}
