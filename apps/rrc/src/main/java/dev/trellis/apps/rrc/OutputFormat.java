package dev.trellis.apps.rrc;

import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.Map;

/**
 * {@code output_format}: finalises the execution — {@code awaiting_hitl} stays, an error makes it
 * {@code failed}, an approval the conversation still holds undecided ({@code hitl_approval_id}, which
 * is cleared once its verdict is carried) keeps it {@code awaiting_hitl} after a question answered
 * meanwhile, anything else {@code completed} — and increments the iteration counter. A
 * completed execution's answer is saved as an episode (found by later conversations' memory),
 * without the skill markers an answer stored before the LLM call took them out still carries
 * ({@link SkillMarkers#strip}).
 */
final class OutputFormat {
  Update apply(State s, Runtime rt) {
    String status = s.get(GraphState.STATUS);
    String end = GraphState.AWAITING_HITL.equals(status) ? status
        : s.get(GraphState.ERROR) != null || GraphState.FAILED.equals(status) ? GraphState.FAILED
        : s.get(GraphState.HITL_APPROVAL_ID) != null ? GraphState.AWAITING_HITL : GraphState.COMPLETED;
    if (end.equals(GraphState.COMPLETED) && rt.store() != null) {
      String answer = SkillMarkers.strip(Turn.lastAssistantText(Turn.messages(s)));
      if (!answer.isEmpty()) {
        String summary = Turn.agentType(s) + ": " + (answer.length() > 300 ? answer.substring(0, 300) + "…" : answer);
        Memory memory = new Memory(rt.store());
        memory.saveEpisode(Turn.tenant(s), String.valueOf(s.get(GraphState.EXECUTION_ID)),
            Map.of("summary", summary, "conversation_id", Turn.conversation(s, rt)));
        memory.setScratchpad(Turn.thread(s, rt), summary);
      }
    }
    return Update.of(GraphState.STATUS, end).and(GraphState.ITERATION, Turn.integer(s, "iteration", 0) + 1)
        .and(GraphState.CURRENT_NODE, Routing.OUTPUT_FORMAT);
  }
}
