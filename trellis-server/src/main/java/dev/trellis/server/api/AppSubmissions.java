package dev.trellis.server.api;

import dev.trellis.server.db.TimeOrderedIds;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
import dev.trellis.server.route.Http;
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
  private final Services services;
  private final RunCreation creation;

  public AppSubmissions(Services services, Worker worker) {
    this.services = services;
    this.creation = new RunCreation(services, worker);
  }

  /** A queued run, with its thread id as the caller knows it, subscribed to its events from the first. */
  public record Queued(String runId, String threadId, EventBus.Subscription events) {}

  /** Queues a run on {@code threadId} for the caller of {@code ctx}; a refused body throws and creates nothing. */
  public Queued submit(Context ctx, String threadId, Map<String, Object> body) {
    Map<String, Object> b = new LinkedHashMap<>(body);
    b.putIfAbsent("if_not_exists", "create");
    RunCreation.Subscribed run = creation.createSubscribed(ctx, PublicIds.thread(ctx, threadId), b);
    RunCreation.Created created = run.created();
    // the caller's name for the thread is the one they gave; without one the run made a fresh thread, named only by its id
    return new Queued(created.runId(), threadId == null ? created.threadId() : threadId, run.events());
  }

  /**
   * The caller's unfinished run on {@code threadId} — running, else the earliest queued —
   * subscribed to its events from the first; empty when there is none.
   */
  public Optional<Queued> active(Context ctx, String threadId) {
    String tid = PublicIds.thread(ctx, threadId);
    // running first (a thread runs one at a time), else the queue's head: the run a new one would wait for
    String runId = services.db().tx(c -> services.runs().unfinished(c, tid, Http.owner(ctx)));
    if (runId == null) {
      return Optional.empty();
    }
    // a run's events outlive it a while, so one ending right now is still read whole
    return Optional.of(new Queued(runId, threadId, services.bus().subscribe(runId, 0)));
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
    String runId = services.db().tx(c -> services.runs().newest(c, tid, Http.owner(ctx)));
    if (runId == null || services.bus().last(runId) == 0) {
      return Optional.empty();
    }
    return Optional.of(new Queued(runId, threadId, services.bus().subscribe(runId, 0)));
  }

  /** The stored id of the caller's thread {@code threadId}, or empty when the caller has none by that id. */
  public Optional<String> ownThread(Context ctx, String threadId) {
    String tid = PublicIds.thread(ctx, threadId);
    return owns(ctx, tid) ? Optional.of(tid) : Optional.empty();
  }

  /** Whether the stored thread {@code storedThreadId} exists and is the caller's. */
  public boolean owns(Context ctx, String storedThreadId) {
    return storedThreadId != null && Http.owner(ctx).equals(services.db().tx(c -> services.threads().ownerOf(c, storedThreadId)));
  }
}
