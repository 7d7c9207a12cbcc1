package dev.trellis.apps.rrc;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.UUID;

/**
 * Approval records in a table of the application's database (SQLite or PostgreSQL), each with
 * the subject it authorises. Ids are random UUIDs (122 bits from a {@code SecureRandom}). Thread-safe.
 */
public final class JdbcApprovals implements ApprovalService {
  private static final String TABLE = "rrc_hitl_approvals";
  private static final String SUBJECT = "thread_id, conversation_id, tenant_id, execution_id, checkpoint_types, tool_name, "
      + "tool_call_id, args_digest, content_digest";
  private final JdbcDatabase db;
  private final Clock clock;

  private JdbcApprovals(JdbcDatabase db, Clock clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Opens (creating as needed) the approvals table in {@code db}. */
  public static JdbcApprovals open(JdbcDatabase db, Clock clock) {
    db.migrate(RrcSchema.SCHEMA);
    return new JdbcApprovals(db, clock);
  }

  @Override
  public Approval request(Approval.Subject subject, Map<String, Object> payload) {
    String id = db.transaction(c -> {
      for (Approval a : select(c, "thread_id = ? AND status = 'pending'", subject.threadId())) {
        if (subject.mismatch(a.subject()) == null) {
          return a.approvalId();
        }
      }
      return insert(c, subject, payload);
    });
    return get(id).orElseThrow();
  }

  @Override
  public Approval create(Approval.Subject subject, Map<String, Object> payload) {
    return get(db.transaction(c -> insert(c, subject, payload))).orElseThrow();
  }

  private String insert(Connection c, Approval.Subject s, Map<String, Object> payload) throws SQLException {
    String id = UUID.randomUUID().toString();
    db.update(c, "INSERT INTO " + TABLE + " (approval_id, " + SUBJECT + ", status, payload, created_at) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)", id, s.threadId(), s.conversationId(), s.tenantId(),
        s.executionId(), Msgs.json(s.checkpointTypes()), s.toolName(), s.toolCallId(), s.argsDigest(), s.contentDigest(),
        Msgs.json(payload), clock.instant().toString());
    return id;
  }

  @Override
  public Optional<Approval> get(String approvalId) {
    return db.transaction(c -> select(c, "approval_id = ?", approvalId)).stream().findFirst();
  }

  @Override
  public Approval decide(String approvalId, String decision, String reviewer, String comment) {
    if (!Approval.APPROVED.equals(decision) && !Approval.REJECTED.equals(decision)) {
      throw new IllegalArgumentException("\"decision\" must be \"approved\" or \"rejected\", got \"" + decision + "\"");
    }
    db.transaction(c -> {
      int n = db.update(c, "UPDATE " + TABLE + " SET status = ?, reviewer = ?, comment = ?, decided_at = ? "
          + "WHERE approval_id = ? AND status = 'pending'", decision, reviewer, comment, clock.instant().toString(), approvalId);
      if (n == 0) {
        List<Approval> found = select(c, "approval_id = ?", approvalId);
        if (found.isEmpty()) {
          throw new NoSuchElementException("no approval " + approvalId);
        }
        Approval was = found.getFirst();
        throw new IllegalStateException(Approval.WITHDRAWN.equals(was.status())
            ? "approval " + approvalId + " was withdrawn by its requester: there is nothing left to decide"
            : "approval " + approvalId + " was already " + was.status() + " by " + was.reviewer()
                + ": a decision is recorded once");
      }
      return null;
    });
    return get(approvalId).orElseThrow();
  }

  @Override
  public List<Approval> pending() {
    return db.transaction(c -> select(c, "status = 'pending' ORDER BY created_at, approval_id"));
  }

  @Override
  public boolean withdraw(String approvalId, Approval.Subject expected, String reason) {
    return db.transaction(c -> {
      List<Approval> found = select(c, "approval_id = ?", approvalId);
      if (found.isEmpty() || expected.mismatch(found.getFirst().subject()) != null) {
        return false;
      }
      return db.update(c, "UPDATE " + TABLE + " SET status = ?, comment = ?, decided_at = ? "
          + "WHERE approval_id = ? AND status = 'pending'", Approval.WITHDRAWN, reason, clock.instant().toString(),
          approvalId) == 1;
    });
  }

  @Override
  public boolean claimExecution(String approvalId, Approval.Subject expected) {
    return db.transaction(c -> {
      List<Approval> found = select(c, "approval_id = ?", approvalId);
      if (found.isEmpty() || expected.mismatch(found.getFirst().subject()) != null) {
        return false;
      }
      return db.update(c, "UPDATE " + TABLE + " SET executions = executions + 1 "
          + "WHERE approval_id = ? AND status = 'approved' AND executions = 0", approvalId) == 1;
    });
  }

  private List<Approval> select(Connection c, String where, Object... args) throws SQLException {
    return db.query(c, "SELECT * FROM " + TABLE + " WHERE " + where, rs -> {
      List<Approval> out = new ArrayList<>();
      while (rs.next()) {
        out.add(read(rs));
      }
      return out;
    }, args);
  }

  private static Approval read(ResultSet rs) throws SQLException {
    Map<String, Object> payload;
    List<String> types;
    try {
      payload = Msgs.JSON.readValue(rs.getString("payload"), new TypeReference<>() {});
      types = Msgs.JSON.readValue(rs.getString("checkpoint_types"), new TypeReference<>() {});
    } catch (IOException e) {
      throw new SQLException("approval " + rs.getString("approval_id") + " is malformed", e);
    }
    Approval.Subject subject = new Approval.Subject(rs.getString("thread_id"), rs.getString("conversation_id"),
        rs.getString("tenant_id"), rs.getString("execution_id"), types, rs.getString("tool_name"),
        rs.getString("tool_call_id"), rs.getString("args_digest"), rs.getString("content_digest"));
    return new Approval(rs.getString("approval_id"), subject, rs.getString("status"), rs.getString("reviewer"),
        rs.getString("comment"), payload, rs.getString("created_at"), rs.getString("decided_at"), rs.getInt("executions"));
  }
}
