package dev.trellis.apps.rrc;

import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@code approval_node}: pauses for a human when a {@code require_hitl} rule fired this turn (or
 * the request's metadata names a {@code hitl_checkpoint_type}): creates the approval with a state
 * snapshot and sets {@code awaiting_hitl}. An approval asked for in an earlier turn is read fresh:
 * approved or rejected, a system note carries the verdict on to synthesis; pending or unreadable,
 * the execution pauses again (fail-closed). When the approval service cannot create a record the
 * execution continues with a {@code HITL_WARNING} system message.
 */
final class ApprovalNode {
  private final RrcDeps deps;

  ApprovalNode(RrcDeps deps) {
    this.deps = deps;
  }

  Update apply(State s, Runtime rt) {
    String conv = Turn.conversation(s, rt);
    Map<String, Object> metadata = Turn.metadata(s);
    Update u = Update.of(GraphState.CURRENT_NODE, Routing.APPROVAL_NODE);
    boolean required = Boolean.TRUE.equals(s.get(GraphState.HITL_REQUIRED));
    String type = s.get(GraphState.HITL_CHECKPOINT_TYPE);
    if (metadata.get("hitl_checkpoint_type") instanceof String override && !override.isBlank()) {
      required = true;
      type = override;
    }
    String reviewer = metadata.get("reviewer_id") instanceof String r ? r : null;
    String strategy = reviewer != null ? "named_individual" : "role_based";
    if (required) {
      String approvalId = UUID.nameUUIDFromBytes((conv + ":" + s.get(GraphState.EXECUTION_ID) + ":" + type)
          .getBytes(StandardCharsets.UTF_8)).toString();
      Map<String, Object> snapshot = new LinkedHashMap<>();
      snapshot.put("checkpoint_type", type);
      snapshot.put("execution_id", s.get(GraphState.EXECUTION_ID));
      snapshot.put("agent_type", Turn.agentType(s));
      snapshot.put("message_count", Turn.messages(s).size());
      snapshot.put("last_tool_results", lastToolResults(Turn.messages(s)));
      snapshot.put("skills", s.getOrDefault(GraphState.INJECTED_SKILL_IDS, List.of()));
      snapshot.put("entities", s.getOrDefault(GraphState.RECENT_ENTITY_CONTEXT, List.of()));
      snapshot.put("tokens_used", Turn.integer(s, "tokens_used", 0));
      snapshot.put("metadata", metadata);
      snapshot.put("reviewer_id", reviewer);
      snapshot.put("reviewer_strategy", strategy);
      try {
        deps.approvals().create(approvalId, conv, type, snapshot);
      } catch (RuntimeException e) {
        return u.and(GraphState.MESSAGES, Msgs.plus(Turn.messages(s), Msgs.system("HITL_WARNING: the approval service is "
                + "unavailable, so the " + type + " checkpoint could not be requested (" + e.getMessage() + "). "
                + "Mark the result as not reviewed by a human.")))
            .and(GraphState.HITL_REQUIRED, false);
      }
      return u.and(GraphState.STATUS, GraphState.AWAITING_HITL).and(GraphState.HITL_APPROVAL_ID, approvalId)
          .and(GraphState.HITL_CHECKPOINT_TYPE, type).and(GraphState.HITL_REVIEWER_ID, reviewer)
          .and(GraphState.HITL_REVIEWER_STRATEGY, strategy);
    }
    String earlier = s.get(GraphState.HITL_APPROVAL_ID);
    if (earlier == null || s.get(GraphState.PENDING_MUTATION) != null) {
      return u;
    }
    Approval v = ResumeGuard.verdict(deps.approvals(), earlier);
    if (v == null || Approval.PENDING.equals(v.status())) {
      return u.and(GraphState.STATUS, GraphState.AWAITING_HITL);
    }
    String note = "HITL: the " + v.checkpointType() + " checkpoint was " + v.status() + " by " + v.reviewer()
        + (v.comment() == null || v.comment().isBlank() ? "" : ": \"" + v.comment() + "\"") + ".";
    return u.and(GraphState.MESSAGES, Msgs.plus(Turn.messages(s), Msgs.system(note)))
        .and(GraphState.HITL_APPROVAL_ID, null).and(GraphState.HITL_CHECKPOINT_TYPE, null)
        .and(GraphState.HITL_REVIEWER_ID, v.reviewer());
  }

  private static List<String> lastToolResults(List<Map<String, Object>> messages) {
    return messages.stream().filter(m -> "tool".equals(Msgs.role(m))).map(m -> String.valueOf(m.get("name")))
        .toList();
  }
}
