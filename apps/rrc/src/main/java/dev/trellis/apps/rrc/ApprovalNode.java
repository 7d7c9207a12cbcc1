package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.MessageWire;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code approval_node}: pauses for a human when {@code require_hitl} rules fired this execution
 * (or the request's metadata names a {@code hitl_checkpoint_type}): creates one approval covering
 * every checkpoint type that fired, with the seed's state snapshot (messages, skills, entities,
 * token usage, metadata) and the filing content each type covers, bound to this conversation,
 * this execution and the digest of that content; sets {@code awaiting_hitl}. An approval asked
 * for in an earlier execution is read fresh and must still cover exactly the filing content in
 * the state: approved or rejected, a system note carries the verdict on to synthesis; pending,
 * unreadable or not matching, the execution pauses again (fail-closed) — unless this execution
 * loaded a skill to answer the user's message (a question while the filing awaits review): then
 * the synthesis call answers it, the approval untouched, and {@code output_format} ends the
 * execution {@code awaiting_hitl} still. When the approval
 * service cannot create a record the execution continues with a {@code HITL_WARNING} message.
 */
final class ApprovalNode {
  private final RrcDeps deps;

  ApprovalNode(RrcDeps deps) {
    this.deps = deps;
  }

  Update apply(State s, Runtime rt) {
    Map<String, Object> metadata = Turn.metadata(s);
    Update u = Update.of(GraphState.CURRENT_NODE, Routing.APPROVAL_NODE);
    boolean required = Boolean.TRUE.equals(s.get(GraphState.HITL_REQUIRED));
    List<String> types = new ArrayList<>(s.getOrDefault(GraphState.HITL_CHECKPOINT_TYPES, List.of()));
    String type = s.get(GraphState.HITL_CHECKPOINT_TYPE);
    if (type != null && !types.contains(type)) {
      types.add(type);
    }
    if (metadata.get("hitl_checkpoint_type") instanceof String override && !override.isBlank()) {
      required = true;
      types.remove(override);
      types.add(override);
    }
    String reviewer = Turn.namedReviewer(s);
    String strategy = reviewer != null ? "named_individual" : "role_based";
    if (required && !types.isEmpty()) {
      String executionId = s.get(GraphState.EXECUTION_ID);
      Map<String, String> content = coveredContent(s, types);
      Map<String, Object> snapshot = new LinkedHashMap<>();
      snapshot.put("checkpoint_type", types.getLast());
      snapshot.put("checkpoint_types", types);
      snapshot.put("execution_id", executionId);
      snapshot.put("agent_type", Turn.agentType(s));
      snapshot.put("messages", Turn.messages(s).stream().map(MessageWire::toMap).toList());
      snapshot.put("filing_content", content);
      snapshot.put("skills", Map.of("injected", s.getOrDefault(GraphState.INJECTED_SKILL_IDS, List.of()),
          "active", s.getOrDefault(GraphState.ACTIVE_SKILLS, Map.of())));
      snapshot.put("entities", s.getOrDefault(GraphState.RECENT_ENTITY_CONTEXT, List.of()));
      snapshot.put("token_usage", Map.of("tokens_used", Turn.integer(s, "tokens_used", 0),
          "cost_usd", Turn.decimal(s, "cost_usd", 0.0)));
      snapshot.put("metadata", metadata);
      snapshot.put("reviewer_id", reviewer);
      snapshot.put("reviewer_strategy", strategy);
      String approvalId;
      try {
        approvalId = deps.approvals().request(subject(s, rt, executionId, types, content), snapshot).approvalId();
      } catch (RuntimeException e) {
        return u.and(GraphState.MESSAGES, List.of(Message.system("HITL_WARNING: the approval service is "
                + "unavailable, so the " + String.join(" and ", types) + " checkpoint could not be requested ("
                + e.getMessage() + "). Mark the result as not reviewed by a human.")))
            .and(GraphState.HITL_REQUIRED, false);
      }
      return u.and(GraphState.STATUS, GraphState.AWAITING_HITL).and(GraphState.HITL_APPROVAL_ID, approvalId)
          .and(GraphState.HITL_CHECKPOINT_TYPE, types.getLast()).and(GraphState.HITL_CHECKPOINT_TYPES, (List<String>) types)
          .and(GraphState.HITL_EXECUTION_ID, executionId)
          .and(GraphState.HITL_REVIEWER_ID, reviewer).and(GraphState.HITL_REVIEWER_STRATEGY, strategy);
    }
    String earlier = s.get(GraphState.HITL_APPROVAL_ID);
    if (earlier == null || s.get(GraphState.PENDING_MUTATION) != null) {
      return u;
    }
    Approval v = ResumeGuard.verdict(deps.approvals(), earlier);
    List<String> asked = s.getOrDefault(GraphState.HITL_CHECKPOINT_TYPES, List.of());
    String mismatch = v == null ? "approval" : asked.isEmpty() ? "checkpoint_types"
        : subject(s, rt, s.get(GraphState.HITL_EXECUTION_ID), asked, coveredContent(s, asked)).mismatch(v.subject());
    if (mismatch == null && Approval.PENDING.equals(v.status()) && skillLoadedForTheMessage(s)) {
      return u;   // the synthesis call answers with the skill's tools; the approval stays pending (output_format)
    }
    if (mismatch != null || Approval.PENDING.equals(v.status())) {
      return u.and(GraphState.STATUS, GraphState.AWAITING_HITL).and(GraphState.ERROR, mismatch == null || v == null ? null
          : "approval " + earlier + " does not cover this filing (" + mismatch + " differs): it was not used");
    }
    String note = "HITL: the " + String.join(" and ", v.subject().checkpointTypes()) + " checkpoint was " + v.status()
        + " by " + v.reviewer() + (v.comment() == null || v.comment().isBlank() ? "" : ": \"" + v.comment() + "\"") + ".";
    return u.and(GraphState.MESSAGES, List.of(Message.system(note)))
        .and(GraphState.HITL_APPROVAL_ID, null).and(GraphState.HITL_CHECKPOINT_TYPE, null)
        .and(GraphState.HITL_CHECKPOINT_TYPES, List.of()).and(GraphState.HITL_EXECUTION_ID, null)
        .and(GraphState.HITL_REVIEWER_ID, v.reviewer());
  }

  /**
   * Whether this execution loaded a skill for the user's message and nothing answered it since
   * (the last message is the skill's activation): a question asked while a filing awaits review.
   */
  private static boolean skillLoadedForTheMessage(State s) {
    List<Message> messages = Turn.messages(s);
    return !messages.isEmpty() && messages.getLast() instanceof Message.System m && m.text().startsWith(SkillNodes.ACTIVATED);
  }

  /** What a checkpoint approval authorises: this conversation, the asking execution, its types and the digest of the content they cover. */
  static Approval.Subject subject(State s, Runtime rt, String executionId, List<String> types, Map<String, String> content) {
    return new Approval.Subject(Turn.thread(s, rt), Turn.conversation(s, rt), Turn.tenant(s), executionId, types, null,
        null, null, Digests.of(content));
  }

  /**
   * The filing content each checkpoint type covers: the latest result of the tool whose
   * {@code require_hitl} rule names that type (e.g. {@code pre_filing}: the assembled filing
   * package); a type no tool result stands behind (an override, force-clarify) covers none.
   */
  private Map<String, String> coveredContent(State s, List<String> types) {
    Map<String, String> content = new LinkedHashMap<>();
    List<Message> messages = Turn.messages(s);
    for (String skillId : Turn.loadedSkills(s)) {
      for (Skill.Rule rule : deps.skills().find(skillId).map(Skill::rules).orElse(List.of())) {
        if (!types.contains(rule.checkpointType()) || content.containsKey(rule.checkpointType())) {
          continue;
        }
        for (int i = messages.size() - 1; i >= 0; i--) {
          if (messages.get(i) instanceof Message.Tool t && rule.tool().equals(t.name())) {
            content.put(rule.checkpointType(), t.text());
            break;
          }
        }
      }
    }
    Map<String, String> ordered = new LinkedHashMap<>();
    types.stream().filter(content::containsKey).forEach(t -> ordered.put(t, content.get(t)));
    return ordered;
  }
}
