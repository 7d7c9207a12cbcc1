package dev.trellis.server.queue;

import dev.trellis.checkpoint.jdbc.WriteGuard;
import dev.trellis.server.db.ServerDb;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Fencing of checkpoint writes: while this process executes a run, its thread is fenced by
 * the run's id and attempt. Every checkpoint transaction on a fenced thread first locks the
 * run row ({@code FOR SHARE}) and checks that this worker's attempt still holds it; after a
 * takeover (the lease expired and another process claimed the run, bumping the attempt)
 * the old worker's writes fail and roll back. Threads not fenced here (state edits through
 * the API, which refuses busy threads) pass.
 */
public final class Fences implements WriteGuard {
  private record Fence(String runId, int attempt) {}

  /** Raised into the run when its worker lost the run: nothing it wrote in that transaction stays. */
  public static final class LeaseLostException extends IllegalStateException {
    LeaseLostException(String message) {
      super(message);
    }
  }

  private final Map<String, Fence> byThread = new ConcurrentHashMap<>();
  private final RunStore runs;
  private final String worker;

  public Fences(ServerDb db, String worker) {
    this.runs = new RunStore(db);
    this.worker = worker;
  }

  void hold(Run run) {
    byThread.put(run.threadId(), new Fence(run.runId(), run.attempt()));
  }

  void release(Run run) {
    byThread.remove(run.threadId(), new Fence(run.runId(), run.attempt()));
  }

  @Override
  public void check(Connection c, Set<String> threadIds) throws SQLException {
    for (String thread : threadIds) {
      Fence f = byThread.get(thread);
      if (f == null) {
        continue;
      }
      if (!runs.holds(c, f.runId(), f.attempt(), worker)) {
        throw new LeaseLostException("run " + f.runId() + " attempt " + f.attempt() + " no longer holds thread "
            + thread + "; write refused");
      }
    }
  }
}
