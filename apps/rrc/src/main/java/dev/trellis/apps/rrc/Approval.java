package dev.trellis.apps.rrc;

import java.util.Map;

/**
 * A durable approval record: what waits for a human ({@code checkpointType}: a gated mutation,
 * {@code pre_filing}, {@code good_cause_review}, {@code force_clarify}...), its verdict
 * ({@code pending}, {@code approved}, {@code rejected}), who decided and why, and how many times
 * the approved action was executed (a gated mutation: at most once).
 */
public record Approval(String approvalId, String conversationId, String checkpointType, String status, String reviewer,
                       String comment, Map<String, Object> payload, String createdAt, String decidedAt, int executions) {
  public static final String PENDING = "pending";
  public static final String APPROVED = "approved";
  public static final String REJECTED = "rejected";

  public Approval {
    payload = payload == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(payload));
  }

  /** The record as the HTTP API shows it. */
  public Map<String, Object> wire() {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("approval_id", approvalId);
    m.put("conversation_id", conversationId);
    m.put("checkpoint_type", checkpointType);
    m.put("status", status);
    m.put("reviewer", reviewer);
    m.put("comment", comment);
    m.put("payload", payload);
    m.put("created_at", createdAt);
    m.put("decided_at", decidedAt);
    m.put("executions", executions);
    return m;
  }
}
