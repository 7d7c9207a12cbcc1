package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code resume_guard}: reconciles a gated mutation with its approval verdict, read fresh from
 * the approval service. Approved: the frozen call (original tool_call_id, frozen arguments) is
 * rebuilt as an assistant message and handed to tool_node for one replay — also when the user wrote
 * meanwhile, even "cancel that": the decision was recorded first, so it stands, and a note tells the
 * model the change was approved before the message and runs now. The approval must
 * authorise exactly that call — this conversation and tenant, the execution that asked, the
 * mutation checkpoint, the tool, the call id and the digest of the frozen arguments — or the
 * guard denies as for an unreadable verdict. Rejected: the mutation
 * is dropped and a system note carries the reviewer's comment to the model. Withdrawn by its
 * requester (the cancel or changed request committed, this checkpoint not): dropped the same way,
 * a note saying it was withdrawn and never ran, and the turn answered as usual. Pending, and the user
 * wrote: a note says what waits and the model answers — a question, a cancellation
 * ({@code cancel_pending_change}), or a changed call, which tool_node gates anew, closing this
 * approval — while the execution still ends {@code awaiting_hitl}. Pending without a message,
 * missing or unreadable (service down): re-pause — a gate that cannot read its verdict denies.
 */
final class ResumeGuard {
  private final RrcDeps deps;

  ResumeGuard(RrcDeps deps) {
    this.deps = deps;
  }

  /** The verdict, or null when it cannot be read (no record, or the service failed). */
  static Approval verdict(ApprovalService approvals, String approvalId) {
    try {
      return approvals.get(approvalId).orElse(null);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * Why {@code v} does not authorise the frozen call {@code pm} — the first differing field of
   * its subject (conversation, execution, checkpoint type, tool, call id, argument digest) — or
   * null when it does. A missing record or a malformed mutation never authorises.
   */
  @SuppressWarnings("unchecked")
  static String mismatch(State s, Runtime rt, Map<String, Object> pm, Approval v) {
    if (v == null) {
      return "approval";
    }
    if (!(pm.get("tool_name") instanceof String name) || !(pm.get("tool_call_id") instanceof String callId)
        || !(pm.get("args") instanceof Map<?, ?> args) || !(pm.get("execution_id") instanceof String execution)) {
      return "pending_mutation";
    }
    return ToolStep.subject(s, rt, execution, name, callId, (Map<String, Object>) args).mismatch(v.subject());
  }

  /** Whether this execution brought a message from the user (system_prompt_node appended it last). */
  private static boolean userWrote(State s) {
    List<Message> messages = Turn.messages(s);
    return !messages.isEmpty() && messages.getLast() instanceof Message.Human;
  }

  @SuppressWarnings("unchecked")
  Update apply(State s, Runtime rt) {
    Map<String, Object> pm = s.get(GraphState.PENDING_MUTATION);
    Update u = Update.of(GraphState.CURRENT_NODE, Routing.RESUME_GUARD);
    if (pm == null) {
      return u;
    }
    String approvalId = (String) pm.get("approval_id");
    Approval v = verdict(deps.approvals(), approvalId);
    String mismatch = mismatch(s, rt, pm, v);
    String status = mismatch != null ? null : v.status();
    if (Approval.APPROVED.equals(status)) {
      Message.ToolCall call = new Message.ToolCall((String) pm.get("tool_call_id"), (String) pm.get("tool_name"),
          (Map<String, Object>) pm.get("args"));
      Map<String, Object> approved = new LinkedHashMap<>(pm);
      approved.put("status", Approval.APPROVED);
      List<Message> replay = userWrote(s)
          // approved before the user's message (a cancel, say): the decision was recorded first, so the change runs
          ? List.of(Message.system(PendingChange.approvedNote(call.name(), call.args(), approvalId, v.reviewer())),
              new Message.Ai(null, "", List.of(call), null))
          : List.of(new Message.Ai(null, "", List.of(call), null));
      return u.and(GraphState.MESSAGES, replay)
          .and(GraphState.PENDING_TOOL_CALLS, List.of(call))
          .and(GraphState.PENDING_MUTATION, approved)
          .and(GraphState.HITL_REVIEWER_ID, v.reviewer())
          .and(GraphState.STATUS, GraphState.RUNNING);
    }
    if (Approval.REJECTED.equals(status)) {
      new Memory(rt.store()).clearPendingMutation(Turn.thread(s, rt));
      String note = PendingChange.rejectedNote(String.valueOf(pm.get("tool_name")), pm.get("args"), approvalId,
          v.reviewer(), v.comment());
      return u.and(GraphState.MESSAGES, List.of(Message.system(note)))
          .and(GraphState.PENDING_MUTATION, null)
          .and(GraphState.HITL_APPROVAL_ID, null)
          .and(GraphState.HITL_CHECKPOINT_TYPE, null)
          .and(GraphState.HITL_REVIEWER_ID, v.reviewer())
          .and(GraphState.STATUS, GraphState.RUNNING);
    }
    if (Approval.WITHDRAWN.equals(status) && pm.get("args") instanceof Map<?, ?> args) {
      // closed by its requester (a cancellation or a changed request whose checkpoint, or whose new request, was lost):
      // nothing waits any more, so the change is forgotten and the turn carries on, not "still waiting" forever
      new Memory(rt.store()).clearPendingMutation(Turn.thread(s, rt));
      return u.and(GraphState.MESSAGES, List.of(Message.system(PendingChange.withdrawnNote((String) pm.get("tool_name"),
              (Map<String, Object>) args, approvalId, v.comment()))))
          .and(GraphState.PENDING_MUTATION, null)
          .and(GraphState.HITL_APPROVAL_ID, null)
          .and(GraphState.HITL_CHECKPOINT_TYPE, null)
          .and(GraphState.HITL_REQUIRED, false)
          .and(GraphState.STATUS, GraphState.RUNNING);
    }
    if (mismatch == null && pm.get("args") instanceof Map<?, ?> args && userWrote(s)) {
      // the user wrote while it waits: the model answers — a question, a cancellation (cancel_pending_change),
      // a changed request (a new gated call, which closes this approval) — and output_format keeps it awaiting_hitl
      return u.and(GraphState.MESSAGES, List.of(Message.system(PendingChange.note((String) pm.get("tool_name"),
              (Map<String, Object>) args, approvalId))))
          .and(GraphState.STATUS, GraphState.RUNNING)
          .and(GraphState.HITL_APPROVAL_ID, approvalId);
    }
    if (mismatch == null && pm.get("args") instanceof Map<?, ?> args) {
      String what = ToolStep.change((String) pm.get("tool_name"), (Map<String, Object>) args);
      u = u.and(GraphState.MESSAGES, List.of(Message.ai("Still waiting for a reviewer's approval: "
          + Character.toLowerCase(what.charAt(0)) + what.substring(1) + " has not been run, so nothing has changed yet.")));
    }
    return u.and(GraphState.STATUS, GraphState.AWAITING_HITL)
        .and(GraphState.ERROR, mismatch == null || v == null ? null : "approval " + approvalId
            + " does not authorise the pending " + pm.get("tool_name") + " call (" + mismatch + " differs): not run")
        .and(GraphState.HITL_REQUIRED, true)
        .and(GraphState.HITL_APPROVAL_ID, approvalId)
        .and(GraphState.PENDING_TOOL_CALLS, List.of());
  }
}
