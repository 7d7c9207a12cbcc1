package dev.trellis.apps.rrc;

import dev.trellis.agent.model.ToolSpec;
import java.util.List;
import java.util.Map;

/**
 * A gated knowledge-graph change while it awaits its reviewer, as the conversation speaks of it:
 * the note resume_guard adds when the user writes meanwhile (what waits, and what the model may
 * do about it), the {@code cancel_pending_change} tool the model is then offered, and how the
 * change reads to a user.
 */
final class PendingChange {
  private PendingChange() {}

  /** The start of the note resume_guard adds to a turn the user wrote while the change waits. */
  static final String NOTE = "HITL_PENDING: ";
  /**
   * The start of the note resume_guard adds when the waiting change's approval was withdrawn (cancelled or replaced,
   * the thread's checkpoint not knowing it yet): the change is forgotten and never runs.
   */
  static final String WITHDRAWN_NOTE = "HITL_WITHDRAWN: ";
  /**
   * The start of the note resume_guard adds when the user wrote after the waiting change was approved: the approval was
   * recorded first, so the change runs this turn and can no longer be withdrawn.
   */
  static final String APPROVED_NOTE = "HITL_APPROVED: ";
  /**
   * The start of the note resume_guard adds when the reviewer rejected the waiting change: it was not run, and the model
   * is told not to retry it. {@link #rejectedNote} writes it; the offline planner reads it back.
   */
  static final String REJECTED_NOTE = "HITL: reviewer ";
  /** What follows the reviewer's comment in {@link #rejectedNote}: the change was not run. */
  static final String REJECTED_NOT_RUN = ". It was not run";
  /** The tool that withdraws the pending change and closes its approval. */
  static final String CANCEL = "cancel_pending_change";
  static final ToolSpec CANCEL_SPEC = new ToolSpec(CANCEL,
      "Withdraw the knowledge-graph change that awaits a reviewer's approval: it will not run, and its approval is "
          + "closed so no reviewer can approve it any more. Call it only when the user cancels or withdraws the change.",
      Map.of("type", "object", "properties", Map.of(), "required", List.of()));

  /** The note for a turn the user wrote while {@code tool} with {@code args} awaits approval {@code approvalId}. */
  static String note(String tool, Map<String, Object> args, String approvalId) {
    return NOTE + tool + " " + Msgs.json(args) + " (approval " + approvalId + ") still awaits a reviewer's approval; "
        + "nothing has run. Answer the user's message. If they cancel or withdraw the change, call " + CANCEL
        + ". If they want it changed, call " + tool + " with the changed arguments: the pending approval is then closed "
        + "and a new one asked. Otherwise leave it pending: only a reviewer approves it.";
  }

  /** The note for a waiting {@code tool} call whose approval {@code approvalId} was withdrawn before a reviewer decided. */
  static String withdrawnNote(String tool, Map<String, Object> args, String approvalId, String comment) {
    return WITHDRAWN_NOTE + tool + " " + Msgs.json(args) + " (approval " + approvalId + ") was withdrawn by its requester"
        + (comment == null || comment.isBlank() ? "" : " (\"" + comment + "\")") + " before a reviewer decided. It was "
        + "not run and can no longer be approved; nothing waits any more. Answer the user's message, and tell them the "
        + "earlier request was withdrawn and nothing ran. Do not retry it unless they ask for it again.";
  }

  /** The note for a waiting {@code tool} call that {@code reviewer} rejected (approval {@code approvalId}): not run. */
  static String rejectedNote(String tool, Object args, String approvalId, String reviewer, String comment) {
    return REJECTED_NOTE + reviewer + " rejected " + tool + " " + Msgs.json(args) + " (approval " + approvalId + "): \""
        + (comment == null ? "" : comment) + "\"" + REJECTED_NOT_RUN + ". Do not retry it; acknowledge the rejection to the "
        + "user.";
  }

  /** The note for a turn the user wrote after {@code reviewer} approved the waiting {@code tool} call: it runs now. */
  static String approvedNote(String tool, Map<String, Object> args, String approvalId, String reviewer) {
    return APPROVED_NOTE + tool + " " + Msgs.json(args) + " (approval " + approvalId + ") was approved by " + reviewer
        + " before the user's message arrived, so it runs now and can no longer be withdrawn. Answer the user's message; "
        + "if they cancel or withdraw it, tell them it was already approved and what the run did.";
  }

  /** The user's cancel that came after the approval: "Too late to withdraw it: carol had already approved … so it ran." */
  static String tooLate(String tool, Map<String, Object> args, String reviewer) {
    String what = ToolStep.change(tool, args);
    return "Too late to withdraw it: " + reviewer + " had already approved " + Character.toLowerCase(what.charAt(0))
        + what.substring(1) + " before your cancel arrived, so it ran.";
  }

  /**
   * What a cancel that came after the reviewer's rejection learns: "carol had already rejected creating operator "X"
   * ("duplicate"), so it was not run and nothing waits any more".
   */
  static String rejectedFirst(String tool, Map<String, Object> args, String reviewer, String comment) {
    String what = ToolStep.change(tool, args);
    return reviewer + " had already rejected " + Character.toLowerCase(what.charAt(0)) + what.substring(1)
        + (comment == null || comment.isBlank() ? "" : " (\"" + comment + "\")") + ", so it was not run and nothing waits "
        + "any more";
  }

  /** The withdrawn change as the user reads it: "The earlier request (creating operator "X") was withdrawn …". */
  static String withdrawn(String tool, Map<String, Object> args) {
    String what = ToolStep.change(tool, args);
    return "The earlier request (" + Character.toLowerCase(what.charAt(0)) + what.substring(1) + ") was withdrawn "
        + "before a reviewer decided, so it was not run and nothing has changed.";
  }

  /** What the change would do, as a sentence: "It would add a new operator, "Lone Star Flaring LLC", to the knowledge graph." */
  static String effect(String tool, Map<String, Object> args) {
    return switch (tool) {
      case "create_entity" -> "It would add a new " + args.get("entity_type") + ", \"" + args.get("name")
          + "\", to the knowledge graph.";
      case "update_entity" -> "It would change " + args.get("entity_id")
          + (args.get("name") != null ? ": its name becomes \"" + args.get("name") + "\"" : "")
          + (args.get("attributes") != null ? (args.get("name") != null ? " and its" : ": its") + " attributes become "
              + Msgs.json(args.get("attributes")) : "") + ".";
      case "link_entities" -> "It would record that " + args.get("from_id") + " " + args.get("relation") + " "
          + args.get("to_id") + ".";
      default -> "It would run " + tool + ".";
    };
  }
}
