package dev.trellis.apps.rrc;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The approval service: durable approval records and their verdicts. Ids are made here, random
 * and unguessable. The pipeline treats any exception from it as "service unavailable" — a gate
 * that cannot read its verdict re-pauses (fail-closed); a checkpoint that cannot be created
 * continues with a {@code HITL_WARNING}.
 */
public interface ApprovalService {
  /**
   * The pending approval of {@code subject}: the existing record when one with exactly this
   * subject exists (a node re-run after a crash asks once), else a new one under a random id.
   */
  Approval request(Approval.Subject subject, Map<String, Object> payload);

  /** A new pending approval under a random id (a client's {@code POST /approvals}). */
  Approval create(Approval.Subject subject, Map<String, Object> payload);

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

  /**
   * Closes a pending approval its requester no longer wants (the change was cancelled, or replaced
   * by a changed one): true when the record is pending and its subject is exactly {@code expected}
   * — its status becomes {@code withdrawn}, with {@code reason} as its comment, so no reviewer can
   * decide it any more and nothing it named can run — false for any other record.
   */
  boolean withdraw(String approvalId, Approval.Subject expected, String reason);

  /** Pending approvals, oldest first. */
  List<Approval> pending();

  /**
   * Claims the single execution of an approved action: true the first time for an approved
   * record whose subject is exactly {@code expected} (its execution count becomes 1), false
   * ever after, and false for any other record.
   */
  boolean claimExecution(String approvalId, Approval.Subject expected);
}
