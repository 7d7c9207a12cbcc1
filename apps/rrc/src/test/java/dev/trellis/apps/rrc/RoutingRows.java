package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ScriptedChatModel;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each of the seed's 18 routing rows, taken by a real execution: in-process through the compiled
 * pipeline ({@link PipelineRoutingTest}) and over HTTP on a served {@code rrc} ({@link HttpRoutingTest}).
 */
abstract class RoutingRows {
  static final String R37 = "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H";
  static final String CREATE = "Create operator Lone Star Flaring LLC.";
  /** Runs one execution on {@code thread} with {@code model} (null: the offline planner); the nodes it ran, in order. */
  abstract List<String> run(ChatModel model, String thread, Map<String, Object> input);

  /** The thread's current values. */
  abstract Map<String, Object> state(String thread);

  /** Records a reviewer's decision on an approval. */
  abstract void decide(String approvalId, String decision);

  static void assertStep(List<String> path, String from, String to) {
    assertTrue(Collections.indexOfSubList(path, List.of(from, to)) >= 0, from + " → " + to + " not in " + path);
  }

  static Message.Ai text(String t, long tokens) {
    return new Message.Ai(null, t, List.of(), new Message.Usage(tokens, 0));
  }

  static Message.Ai calls(String name, Map<String, Object> args) {
    return new Message.Ai(null, "", List.of(new Message.ToolCall("c-" + name, name, args)), new Message.Usage(10, 10));
  }

  /** Turn 1 of an entity creation: the gate pauses; returns the approval id. */
  String gated(String thread) {
    run(null, thread, Fixture.input("rule_37", CREATE));
    return (String) state(thread).get("hitl_approval_id");
  }

  @Test
  void resumeGuardStillPendingGoesToOutputFormat() {
    gated("r1");
    // a resume turn (no message); a message meanwhile is the model's to answer (PendingChangeTest)
    List<String> path = run(null, "r1", Fixture.input("rule_37", null));
    assertStep(path, "resume_guard", "output_format");
    assertEquals("awaiting_hitl", state("r1").get("status"));
  }

  @Test
  void resumeGuardApprovedReplayGoesToToolNode() {
    decide(gated("r2"), "approved");
    assertStep(run(null, "r2", Fixture.input("rule_37", null)), "resume_guard", "tool_node");
  }

  @Test
  void resumeGuardWithoutMutationGoesToInitialCall() {
    assertStep(run(null, "r3", Fixture.input("general", "hello")), "resume_guard", "initial_llm_call");
  }

  @Test
  void initialCallErrorGoesToOutputFormat() {
    List<String> path = run(null, "r4", Fixture.input("rule_37", R37, "max_tokens", 300));
    assertStep(path, "initial_llm_call", "output_format");
    assertEquals("failed", state("r4").get("status"));
  }

  @Test
  void initialCallWithToolCallsGoesToToolNode() {
    assertStep(run(null, "r5", Fixture.input("rule_37", R37)), "initial_llm_call", "tool_node");
  }

  @Test
  void initialCallWithoutToolCallsGoesToSkillSelect() {
    assertStep(run(null, "r6", Fixture.input("general", "hello")), "initial_llm_call", "skill_select_node");
  }

  @Test
  void toolNodeGateGoesToOutputFormat() {
    List<String> path = run(null, "r7", Fixture.input("rule_37", CREATE));
    assertStep(path, "tool_node", "output_format");
    assertEquals("awaiting_hitl", state("r7").get("status"));
  }

  @Test
  void toolNodeAtTheIterationLimitGoesToOutputFormat() {
    ChatModel forever = r -> calls("entity_resolve", Map.of("query", "Mitchell Ranch " + r.messages().size()));
    List<String> path = run(forever, "r8", Fixture.input("rule_37", "loop"));
    assertStep(path, "tool_node", "output_format");
    assertEquals(20, Collections.frequency(path, "tool_node"));
    assertEquals(Routing.ITERATION_LIMIT + 1, state("r8").get("iteration"), "20 rounds, then output_format counts one");
  }

  @Test
  void toolNodeInSynthesisReturnsToSynthesisCall() {
    ScriptedChatModel m = ScriptedChatModel.replies(text("SKILL_SELECT:rrc_rule37", 10),
        calls("spacing_assessment", Map.of("api", "42-329-12345")), text("done", 10));
    assertStep(run(m, "r9", Fixture.input("rule_37", "hi")),
        "tool_node", "synthesis_llm_call");
  }

  @Test
  void toolNodeInInitialPhaseReturnsToInitialCall() {
    assertStep(run(null, "r10", Fixture.input("rule_37", R37)), "tool_node", "initial_llm_call");
  }

  @Test
  void skillSelectWithSkillsGoesToInject() {
    assertStep(run(null, "r11", Fixture.input("rule_37", R37)), "skill_select_node", "skill_inject_node");
  }

  @Test
  void skillSelectWithoutSkillsGoesToApproval() {
    assertStep(run(null, "r12", Fixture.input("general", "hello")), "skill_select_node", "approval_node");
  }

  @Test
  void skillInjectGoesToApproval() {
    assertStep(run(null, "r13", Fixture.input("rule_37", R37)), "skill_inject_node", "approval_node");
  }

  @Test
  void approvalAwaitingHitlGoesToOutputFormat() {
    List<String> path = run(null, "r14", Fixture.input("rule_37", R37));
    assertStep(path, "approval_node", "output_format");
    assertEquals("awaiting_hitl", state("r14").get("status"));
    assertEquals("pre_filing", state("r14").get("hitl_checkpoint_type"));
  }

  @Test
  void approvalNotNeededGoesToSynthesis() {
    assertStep(run(null, "r15", Fixture.input("general", "hello")), "approval_node", "synthesis_llm_call");
  }

  @Test
  void synthesisErrorGoesToOutputFormat() {
    ScriptedChatModel m = ScriptedChatModel.replies(text("SKILL_SELECT:rrc_rule37", 5_000), text("never", 1));
    List<String> path = run(m, "r16", Fixture.input("rule_37", "hi", "max_tokens", 4_000));
    assertStep(path, "synthesis_llm_call", "output_format");
    assertEquals("failed", state("r16").get("status"));
    assertEquals(1, m.requests().size(), "the synthesis call was refused before reaching the model");
  }

  @Test
  void synthesisWithToolCallsGoesToToolNode() {
    ScriptedChatModel m = ScriptedChatModel.replies(text("SKILL_SELECT:rrc_rule37", 10),
        calls("spacing_assessment", Map.of("api", "42-329-12345")), text("done", 10));
    assertStep(run(m, "r17", Fixture.input("rule_37", "hi")), "synthesis_llm_call", "tool_node");
  }

  @Test
  void synthesisWithoutToolCallsGoesToOutputFormat() {
    ScriptedChatModel m = ScriptedChatModel.replies(text("SKILL_SELECT:rrc_rule37", 10), text("done", 10));
    List<String> path = run(m, "r18", Fixture.input("rule_37", "hi"));
    assertStep(path, "synthesis_llm_call", "output_format");
    assertEquals("completed", state("r18").get("status"));
  }
}
