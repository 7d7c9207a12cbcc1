package dev.trellis.server.api;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.server.AppContext;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The server's {@link AppContext}: made with the database before the graphs are compiled,
 * connected to the run queue by {@link #connect} before the HTTP server starts.
 */
public final class AppRuns implements AppContext {
  private final JdbcDatabase database;
  private final boolean postgres;
  private final CheckpointSaver saver;
  private final Store store;
  private final Cache cache;
  private volatile Services services;
  private volatile RunCreation creation;

  public AppRuns(JdbcDatabase database, boolean postgres, CheckpointSaver saver, Store store, Cache cache) {
    this.database = database;
    this.postgres = postgres;
    this.saver = saver;
    this.store = store;
    this.cache = cache;
  }

  /** Connects to the run queue (once, before any route runs). */
  public void connect(Services s, Worker worker) {
    this.services = s;
    this.creation = new RunCreation(s, worker);
  }

  @Override
  public CheckpointSaver saver() {
    return saver;
  }

  @Override
  public Store store() {
    return store;
  }

  @Override
  public Cache cache() {
    return cache;
  }

  @Override
  public JdbcDatabase database() {
    return database;
  }

  @Override
  public boolean postgres() {
    return postgres;
  }

  @Override
  public Submitted submit(Context ctx, String threadId, Map<String, Object> body) {
    RunCreation c = creation;
    if (c == null) {
      throw new IllegalStateException("the server has not started: runs can be queued once it has");
    }
    Map<String, Object> b = new LinkedHashMap<>(body);
    b.putIfAbsent("if_not_exists", "create");
    String newId = UUID.randomUUID().toString();
    // subscribed before the run exists, so no event can be published unseen
    EventBus.Subscription sub = services.bus().subscribe(newId, 0);
    try {
      RunCreation.Created created = c.create(ctx, PublicIds.thread(ctx, threadId), b, newId);
      if (!created.runId().equals(newId)) {
        sub.close();
        sub = services.bus().subscribe(created.runId(), 0);
      }
      return new Submitted(created.runId(), PublicIds.out(ctx, created.threadId()), sub);
    } catch (RuntimeException e) {
      sub.close();
      throw e;
    }
  }

  @Override
  public Optional<Submitted> active(Context ctx, String threadId) {
    Services s = services;
    if (s == null) {
      throw new IllegalStateException("the server has not started: runs can be joined once it has");
    }
    String tid = PublicIds.thread(ctx, threadId);
    // running first (a thread runs one at a time), else the queue's head: the run a new one would wait for
    Map<String, Object> row = s.db().tx(c -> s.db().row(c, "SELECT run_id FROM trellis_runs WHERE thread_id = ? "
        + "AND owner = ? AND status IN ('running', 'pending') ORDER BY CASE status WHEN 'running' THEN 0 ELSE 1 END, "
        + "created_at, run_id LIMIT 1", tid, Http.owner(ctx)));
    if (row == null) {
      return Optional.empty();
    }
    String runId = (String) row.get("run_id");
    // events are kept a while after a run ends, so a run finishing right now is still read whole
    return Optional.of(new Submitted(runId, PublicIds.out(ctx, tid), s.bus().subscribe(runId, 0)));
  }
}
