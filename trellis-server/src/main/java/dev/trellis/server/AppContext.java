package dev.trellis.server;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.store.Store;
import io.javalin.http.Context;
import java.util.Map;

/**
 * What a server hands the applications it serves ({@link GraphProvider#build(AppContext)} and
 * {@link GraphProvider#routes(AppContext)}): its checkpointer, store, node cache and database — SQLite
 * embedded, PostgreSQL when scaled out, so an application's own tables live where its runs do —
 * and its durable run queue, so an application's own endpoints start real runs (checkpointed,
 * resumable, taken over by another worker) instead of invoking a graph in the request thread.
 *
 * <p>Thread-safe. {@link #submit} works once the server has started (a provider's routes only
 * run then); called earlier it throws {@link IllegalStateException}.
 */
public interface AppContext {
  CheckpointSaver saver();

  Store store();

  /**
   * The server's node cache, in its database (PostgreSQL when scaled out, so a node result
   * computed by one worker is served to all; SQLite embedded): compile with
   * {@code CompileOptions.withCache(app.cache())} so nodes with a {@code CachePolicy} use it.
   */
  Cache cache();

  /** The server's database (the one its runs, threads and checkpoints are in). */
  JdbcDatabase database();

  /**
   * The server's policy clock (TTLs, run timeouts, crons; {@code TrellisServer.Builder.clock}),
   * the one its store stamps items with: an application deciding what is stale reads it.
   */
  default java.time.Clock clock() {
    return java.time.Clock.systemUTC();
  }

  /**
   * The tools the server's configuration gives the graph being built that are {@code type}s — under
   * {@code trellis serve}, the tools of the MCP servers its {@code trellis.json} assigns the graph:
   * {@code Agent.builder(model).tools(app.tools(Tool.class))} with trellis-agent's {@code Tool}
   * (the server does not depend on the agent layer, hence the type). Empty by default, and outside
   * {@link GraphProvider#build(AppContext)}.
   */
  default <T> java.util.List<T> tools(Class<T> type) {
    return java.util.List.of();
  }

  /** Whether {@link #database()} is PostgreSQL (else SQLite). */
  boolean postgres();

  /**
   * Queues a run exactly as {@code POST /threads/{threadId}/runs} would with {@code body}
   * (LangGraph's run-create fields: {@code assistant_id}, {@code input} or {@code command},
   * {@code stream_mode}, {@code config}, {@code metadata}...; the thread is created when missing
   * unless the body says otherwise), as the caller of {@code ctx} (its identity owns the run; its
   * {@code Idempotency-Key} header applies). A body the API would refuse throws the same 4xx
   * {@code ServerException} ({@code dev.trellis.server.error}), and nothing is created.
   *
   * @return the run, subscribed to its events from the first: the {@code stream_mode} events,
   *     then the done marker ({@link Event#done()}) whose data is the
   *     run's result; close it when done reading
   */
  Submitted submit(Context ctx, String threadId, Map<String, Object> body);

  /**
   * The caller's run on {@code threadId} that has not finished (running, or the earliest queued
   * one), subscribed to its events from the first — what joining its stream from the start would
   * read (only the {@code stream_mode} events its creator asked for, then the done marker).
   *
   * @return empty when the thread has no unfinished run of the caller's (or does not exist)
   */
  java.util.Optional<Submitted> active(Context ctx, String threadId);

  /**
   * The caller's run on {@code threadId} to follow: the unfinished one ({@link #active}), else
   * the most recent one whose events the server still holds — a run that just ended, read whole
   * from its first event (a run created with {@code stream_resumable} keeps its events
   * two minutes after its end, others a few seconds: on one process at most five, and only for the 500
   * that ended last).
   *
   * @return empty when the caller has neither on the thread
   */
  java.util.Optional<Submitted> latest(Context ctx, String threadId);

  /** Who sends {@code ctx}'s request: its authenticated identity, {@code Identity.ANONYMOUS} when auth is off. */
  dev.trellis.server.auth.Identity caller(Context ctx);

  /**
   * The id the caller's thread {@code threadId} (as the caller knows it) is stored under — the
   * id a run on it sees as {@code Runtime.threadId()} — or empty when the caller has no such
   * thread: another user's thread is empty too, as the threads API answers it 404.
   */
  java.util.Optional<String> ownThread(Context ctx, String threadId);

  /** Whether the thread stored under {@code storedThreadId} (a run's {@code Runtime.threadId()}) exists and is the caller's. */
  boolean owns(Context ctx, String storedThreadId);

  /** One event of a run's stream: its sequence number (the SSE id), name and JSON data. */
  record Event(long seq, String event, String data) {
    /** Whether this is the marker that ends the stream (never sent to clients); its data is the run's result JSON. */
    public boolean done() {
      return dev.trellis.server.queue.RunEvent.DONE.equals(event);
    }
  }

  /** A reader of one run's events, in order. */
  interface Events extends AutoCloseable {
    /** The next event, waiting at most {@code millis}; null when none came in time. */
    Event next(long millis) throws InterruptedException;

    @Override
    void close();
  }

  /** A queued run and the reader of its events. */
  record Submitted(String runId, String threadId, Events events) implements AutoCloseable {
    @Override
    public void close() {
      events.close();
    }
  }
}
