package dev.trellis.apps.rrc;

import java.util.List;
import java.util.Map;

/**
 * A durable approval record: what it authorises ({@link Subject}), its verdict ({@code pending},
 * {@code approved}, {@code rejected}, or {@code withdrawn} by its requester before a reviewer decided), who decided and why, the snapshot the reviewer reads
 * ({@code payload}), and how many times the approved action was executed (a gated mutation: at
 * most once). Its id is made by the server (random); a client never chooses it.
 */
public record Approval(String approvalId, Subject subject, String status, String reviewer, String comment,
                       Map<String, Object> payload, String createdAt, String decidedAt, int executions) {
  public static final String PENDING = "pending";
  public static final String APPROVED = "approved";
  public static final String REJECTED = "rejected";
  /** Closed by its requester (the change cancelled or replaced) before a reviewer decided: it can no longer be decided. */
  public static final String WITHDRAWN = "withdrawn";

  public Approval {
    payload = payload == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(payload));
  }

  /**
   * Exactly what an approval authorises: the conversation (its stored thread, the id the client
   * knows it by, the tenant), the execution that asked, the checkpoint types it covers (the last
   * is the state's {@code hitl_checkpoint_type}), and either one tool call (name, call id, SHA-256
   * of its exact arguments) or the filing content it covers (SHA-256 per checkpoint type).
   * Fields that do not apply are null.
   */
  public record Subject(String threadId, String conversationId, String tenantId, String executionId,
                        List<String> checkpointTypes, String toolName, String toolCallId, String argsDigest,
                        String contentDigest) {
    public Subject {
      if (checkpointTypes == null || checkpointTypes.isEmpty()) {
        throw new IllegalArgumentException("an approval covers at least one checkpoint type");
      }
      checkpointTypes = List.copyOf(checkpointTypes);
    }

    /** The checkpoint type the state names (the last one that fired). */
    public String checkpointType() {
      return checkpointTypes.getLast();
    }

    /** The first field in which {@code other} differs from this subject, or null when they are equal. */
    public String mismatch(Subject other) {
      if (other == null) {
        return "approval";
      }
      String[][] pairs = {{"thread_id", threadId, other.threadId}, {"conversation_id", conversationId, other.conversationId},
          {"tenant_id", tenantId, other.tenantId}, {"execution_id", executionId, other.executionId},
          {"checkpoint_types", String.join(",", checkpointTypes), String.join(",", other.checkpointTypes)},
          {"tool_name", toolName, other.toolName}, {"tool_call_id", toolCallId, other.toolCallId},
          {"args_digest", argsDigest, other.argsDigest}, {"content_digest", contentDigest, other.contentDigest}};
      for (String[] p : pairs) {
        if (!java.util.Objects.equals(p[1], p[2])) {
          return p[0];
        }
      }
      return null;
    }
  }

  /** The checkpoint type the state names (the last of the subject's). */
  public String checkpointType() {
    return subject.checkpointType();
  }

  /**
   * The one reviewer this approval names ({@code reviewer_id} in its payload, from the request's
   * {@code metadata.reviewer_id}: the seed's {@code named_individual} strategy), or null when any
   * reviewer may decide it ({@code role_based}).
   */
  public String namedReviewer() {
    return payload.get("reviewer_id") instanceof String r && !r.isBlank() ? r : null;
  }

  /** The conversation, as its owner knows it. */
  public String conversationId() {
    return subject.conversationId();
  }

  /** The record as the HTTP API shows it (the stored thread id stays inside the server). */
  public Map<String, Object> wire() {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("approval_id", approvalId);
    m.put("conversation_id", subject.conversationId());
    m.put("tenant_id", subject.tenantId());
    m.put("execution_id", subject.executionId());
    m.put("checkpoint_type", subject.checkpointType());
    m.put("checkpoint_types", subject.checkpointTypes());
    m.put("tool_name", subject.toolName());
    m.put("tool_call_id", subject.toolCallId());
    m.put("args_digest", subject.argsDigest());
    m.put("content_digest", subject.contentDigest());
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
