package dev.trellis.server;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.server.api.AppSubmissions;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
import io.javalin.http.Context;
import java.util.Map;
import java.util.Optional;

/**
 * The server's {@link AppContext}: made with the database before the graphs are compiled,
 * connected to the run queue by {@link #connect} before the HTTP server starts.
 */
final class AppRuns implements AppContext {
  private final JdbcDatabase database;
  private final boolean postgres;
  private final CheckpointSaver saver;
  private final Store store;
  private final Cache cache;
  private final java.time.Clock clock;
  private volatile AppSubmissions submissions;

  AppRuns(JdbcDatabase database, boolean postgres, CheckpointSaver saver, Store store, Cache cache, java.time.Clock clock) {
    this.clock = clock;
    this.database = database;
    this.postgres = postgres;
    this.saver = saver;
    this.store = store;
    this.cache = cache;
  }

  /** Connects to the run queue (once, before any route runs). */
  void connect(Services services, Worker worker) {
    this.submissions = new AppSubmissions(services, worker);
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
  public java.time.Clock clock() {
    return clock;
  }

  @Override
  public boolean postgres() {
    return postgres;
  }

  @Override
  public Submitted submit(Context ctx, String threadId, Map<String, Object> body) {
    AppSubmissions a = submissions;
    if (a == null) {
      throw new IllegalStateException("the server has not started: runs can be queued once it has");
    }
    AppSubmissions.Queued q = a.submit(ctx, threadId, body);
    return submitted(q);
  }

  @Override
  public Optional<Submitted> active(Context ctx, String threadId) {
    AppSubmissions a = submissions;
    if (a == null) {
      throw new IllegalStateException("the server has not started: runs can be joined once it has");
    }
    return a.active(ctx, threadId).map(q -> submitted(q));
  }

  @Override
  public Optional<Submitted> latest(Context ctx, String threadId) {
    return connected("joined").latest(ctx, threadId).map(q -> submitted(q));
  }

  @Override
  public dev.trellis.server.auth.Identity caller(Context ctx) {
    return dev.trellis.server.route.Http.identity(ctx);
  }

  @Override
  public Optional<String> ownThread(Context ctx, String threadId) {
    return connected("read").ownThread(ctx, threadId);
  }

  @Override
  public boolean owns(Context ctx, String storedThreadId) {
    return connected("read").owns(ctx, storedThreadId);
  }

  private AppSubmissions connected(String what) {
    AppSubmissions a = submissions;
    if (a == null) {
      throw new IllegalStateException("the server has not started: threads can be " + what + " once it has");
    }
    return a;
  }

  /** The run {@code q} as an application sees it: its events as {@link AppContext.Event}s. */
  private static Submitted submitted(AppSubmissions.Queued q) {
    dev.trellis.server.queue.EventBus.Subscription sub = q.events();
    return new Submitted(q.runId(), q.threadId(), new Events() {
      @Override
      public Event next(long millis) throws InterruptedException {
        dev.trellis.server.queue.RunEvent e = sub.next(millis);
        return e == null ? null : new Event(e.seq(), e.event(), e.data());
      }

      @Override
      public void close() {
        sub.close();
      }
    });
  }
}
