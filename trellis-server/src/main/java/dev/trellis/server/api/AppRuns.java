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
}
