package dev.trellis.apps.rrc;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/** Approval records in a table of the application's database (SQLite or PostgreSQL). Thread-safe. */
public final class JdbcApprovals implements ApprovalService {
  private final JdbcDatabase db;
  private final Clock clock;

  private JdbcApprovals(JdbcDatabase db, Clock clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Opens (creating as needed) the approvals table in {@code db}. */
  public static JdbcApprovals open(JdbcDatabase db, Clock clock) {
    db.migrate(List.of("CREATE TABLE IF NOT EXISTS rrc_approvals (approval_id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL, "
        + "checkpoint_type TEXT NOT NULL, status TEXT NOT NULL, reviewer TEXT, comment TEXT, payload TEXT NOT NULL, "
        + "created_at TEXT NOT NULL, decided_at TEXT, executions INTEGER NOT NULL DEFAULT 0)"));
    return new JdbcApprovals(db, clock);
  }

  @Override
  public Approval create(String approvalId, String conversationId, String checkpointType, Map<String, Object> payload) {
    db.transaction(c -> db.update(c, "INSERT INTO rrc_approvals (approval_id, conversation_id, checkpoint_type, status, payload, "
        + "created_at) VALUES (?, ?, ?, 'pending', ?, ?) ON CONFLICT (approval_id) DO NOTHING", approvalId, conversationId,
        checkpointType, Msgs.json(payload), clock.instant().toString()));
    return get(approvalId).orElseThrow();
  }

  @Override
  public Optional<Approval> get(String approvalId) {
    return Optional.ofNullable(db.transaction(c -> db.query(c, "SELECT * FROM rrc_approvals WHERE approval_id = ?",
        rs -> rs.next() ? read(rs) : null, approvalId)));
  }

  @Override
  public Approval decide(String approvalId, String decision, String reviewer, String comment) {
    if (!Approval.APPROVED.equals(decision) && !Approval.REJECTED.equals(decision)) {
      throw new IllegalArgumentException("decision must be \"approved\" or \"rejected\", got \"" + decision + "\"");
    }
    db.transaction(c -> {
      int n = db.update(c, "UPDATE rrc_approvals SET status = ?, reviewer = ?, comment = ?, decided_at = ? "
          + "WHERE approval_id = ? AND status = 'pending'", decision, reviewer, comment, clock.instant().toString(), approvalId);
      if (n == 0) {
        String status = db.query(c, "SELECT status FROM rrc_approvals WHERE approval_id = ?",
            rs -> rs.next() ? rs.getString(1) : null, approvalId);
        if (status == null) {
          throw new NoSuchElementException("no approval " + approvalId);
        }
        throw new IllegalStateException("approval " + approvalId + " was already " + status);
      }
      return null;
    });
    return get(approvalId).orElseThrow();
  }

  @Override
  public List<Approval> pending() {
    return db.transaction(c -> db.query(c, "SELECT * FROM rrc_approvals WHERE status = 'pending' ORDER BY created_at, approval_id",
        rs -> {
          List<Approval> out = new ArrayList<>();
          while (rs.next()) {
            out.add(read(rs));
          }
          return out;
        }));
  }

  @Override
  public boolean claimExecution(String approvalId) {
    return db.transaction(c -> db.update(c, "UPDATE rrc_approvals SET executions = executions + 1 "
        + "WHERE approval_id = ? AND status = 'approved' AND executions = 0", approvalId)) == 1;
  }

  private static Approval read(ResultSet rs) throws SQLException {
    Map<String, Object> payload;
    try {
      payload = Msgs.JSON.readValue(rs.getString("payload"), new TypeReference<>() {});
    } catch (IOException e) {
      throw new SQLException("approval " + rs.getString("approval_id") + " has a malformed payload", e);
    }
    return new Approval(rs.getString("approval_id"), rs.getString("conversation_id"), rs.getString("checkpoint_type"),
        rs.getString("status"), rs.getString("reviewer"), rs.getString("comment"), payload, rs.getString("created_at"),
        rs.getString("decided_at"), rs.getInt("executions"));
  }
}
