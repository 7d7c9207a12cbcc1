package dev.trellis.server.api;

import dev.trellis.server.db.TimeOrderedIds;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunStatus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Runs an application's own routes queue: created exactly as {@code POST /threads/{id}/runs}
 * creates them (validation, idempotency, multitask strategy, the caller's public ids), with the
 * thread created when missing unless the body says otherwise; and the run under way on a thread,
 * to follow. Thread-safe.
 */
public final class AppSubmissions {
  private final Services s;
  private final RunCreation creation;

  public AppSubmissions(Services s, Worker worker) {
    this.s = s;
    this.creation = new RunCreation(s, worker);
  }

  /** A queued run, with its thread id as the caller knows it, subscribed to its events from the first. */
  public record Queued(String runId, String threadId, EventBus.Subscription events) {}

  /** Queues a run on {@code threadId} for the caller of {@code ctx}; a refused body throws and creates nothing. */
  public Queued submit(Context ctx, String threadId, Map<String, Object> body) {
    Map<String, Object> b = new LinkedHashMap<>(body);
    b.putIfAbsent("if_not_exists", "create");
    String newId = TimeOrderedIds.next();
    // subscribed before the run exists, so no event can be published unseen
    EventBus.Subscription sub = s.bus().subscribe(newId, 0);
    try {
      RunCreation.Created created = creation.create(ctx, PublicIds.thread(ctx, threadId), b, newId);
      if (!created.runId().equals(newId)) {
        sub.close();
        sub = s.bus().subscribe(created.runId(), 0);
      }
      return new Queued(created.runId(), PublicIds.out(ctx, created.threadId()), sub);
    } catch (RuntimeException e) {
      sub.close();
      throw e;
    }
  }

  /**
   * The caller's unfinished run on {@code threadId} — running, else the earliest queued —
   * subscribed to its events from the first; empty when there is none.
   */
  public Optional<Queued> active(Context ctx, String threadId) {
    String tid = PublicIds.thread(ctx, threadId);
    // running first (a thread runs one at a time), else the queue's head: the run a new one would wait for
    Map<String, Object> row = s.db().tx(c -> s.db().row(c, "SELECT run_id FROM trellis_runs WHERE thread_id = ? "
        + "AND owner = ? AND status IN (?, ?) ORDER BY CASE status WHEN ? THEN 0 ELSE 1 END, created_at, run_id LIMIT 1",
        tid, Http.owner(ctx), RunStatus.RUNNING.wire(), RunStatus.PENDING.wire(), RunStatus.RUNNING.wire()));
    if (row == null) {
      return Optional.empty();
    }
    String runId = (String) row.get("run_id");
    // a run's events outlive it a while, so one ending right now is still read whole
    return Optional.of(new Queued(runId, PublicIds.out(ctx, tid), s.bus().subscribe(runId, 0)));
  }

  /**
   * The caller's run on {@code threadId} to follow: the unfinished one ({@link #active}), else
   * the most recent one whose events the server still holds (a run that just ended), subscribed
   * from its first event; empty when there is neither.
   */
  public Optional<Queued> latest(Context ctx, String threadId) {
    Optional<Queued> running = active(ctx, threadId);
    if (running.isPresent()) {
      return running;
    }
    String tid = PublicIds.thread(ctx, threadId);
    Map<String, Object> row = s.db().tx(c -> s.db().row(c, "SELECT run_id FROM trellis_runs WHERE thread_id = ? "
        + "AND owner = ? ORDER BY created_at DESC, run_id DESC LIMIT 1", tid, Http.owner(ctx)));
    if (row == null || s.bus().last((String) row.get("run_id")) == 0) {
      return Optional.empty();
    }
    String runId = (String) row.get("run_id");
    return Optional.of(new Queued(runId, PublicIds.out(ctx, tid), s.bus().subscribe(runId, 0)));
  }

  /** The stored id of the caller's thread {@code threadId}, or empty when the caller has none by that id. */
  public Optional<String> ownThread(Context ctx, String threadId) {
    String tid = PublicIds.thread(ctx, threadId);
    return owns(ctx, tid) ? Optional.of(tid) : Optional.empty();
  }

  /** Whether the stored thread {@code storedThreadId} exists and is the caller's. */
  public boolean owns(Context ctx, String storedThreadId) {
    return storedThreadId != null && Http.owner(ctx).equals(s.db().tx(c -> s.threads().ownerOf(c, storedThreadId)));
  }
}
