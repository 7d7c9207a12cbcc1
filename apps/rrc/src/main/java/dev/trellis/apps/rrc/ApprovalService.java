package dev.trellis.apps.rrc;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The approval service: durable approval records and their verdicts. The pipeline treats any
 * exception from it as "service unavailable" — a gate that cannot read its verdict re-pauses
 * (fail-closed); a checkpoint that cannot be created continues with a {@code HITL_WARNING}.
 */
public interface ApprovalService {
  /**
   * Creates a pending approval under {@code approvalId}; creating the same id again returns the
   * existing record unchanged (so a node that re-runs after a crash does not ask twice).
   */
  Approval create(String approvalId, String conversationId, String checkpointType, Map<String, Object> payload);

  /** The record, or empty when there is none (404). */
  Optional<Approval> get(String approvalId);

  /**
   * Records a verdict ({@code approved} or {@code rejected}) by {@code reviewer}.
   *
   * @throws java.util.NoSuchElementException when there is no such approval
   * @throws IllegalStateException when it was already decided
   * @throws IllegalArgumentException when the decision is neither verdict
   */
  Approval decide(String approvalId, String decision, String reviewer, String comment);

  /** Pending approvals, oldest first. */
  List<Approval> pending();

  /**
   * Claims the single execution of an approved action: true the first time for an approved
   * record (its execution count becomes 1), false ever after.
   */
  boolean claimExecution(String approvalId);
}
