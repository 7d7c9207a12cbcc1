package dev.trellis.server.api;

import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.NewRuns;
import dev.trellis.server.queue.RunRow;
import dev.trellis.server.queue.RunStatus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.route.Http;
import dev.trellis.server.sse.Sse;
import dev.trellis.server.wire.Json;
import dev.trellis.server.wire.StreamModes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /threads/{id}/stream} (the SDKs' {@code threads.joinStream}): one event stream
 * that follows a thread from run to run and stays open until the client leaves. It starts
 * at the thread's active run (from now on) or, with {@code Last-Event-ID}, right after the
 * event with that id, and then takes each later run of the thread in creation order. Event
 * ids are {@code <run id>:<sequence>}, so a reconnecting client resumes across runs.
 * {@code stream_mode}: {@code run_modes} (default) — every event of every run, then
 * {@code run_done} {@code {run_id, status}} after each; {@code lifecycle} — each run's
 * {@code metadata} (its start) and {@code run_done}; {@code state_update} — the runs'
 * {@code values}. Modes combine.
 */
final class ThreadStreamApi {
  private static final Logger LOG = LoggerFactory.getLogger(ThreadStreamApi.class);
  private static final Set<String> MODES = Set.of("run_modes", "lifecycle", "state_update");
  /**
   * How often an idle stream looks for the thread's next run even when none was announced
   * ({@link NewRuns} wakes it at once; this covers another process on the same SQLite file).
   */
  private static final long POLL_MILLIS = 1_000;

  private final Services services;
  private final Sse sse;
  private final Predicate<String> finished;
  private final BooleanSupplier closing;
  private final NewRuns newRuns;

  /**
   * @param finished whether a run has ended (or no longer exists)
   * @param closing whether the server is shutting down, which ends every thread stream
   * @param newRuns wakes an idle stream when a run is created on its thread
   */
  ThreadStreamApi(Services services, Sse sse, Predicate<String> finished, BooleanSupplier closing, NewRuns newRuns) {
    this.services = services;
    this.sse = sse;
    this.finished = finished;
    this.closing = closing;
    this.newRuns = newRuns;
  }

  void register(RoutesConfig r) {
    r.get("/threads/{tid}/stream", this::stream);
  }

  /** Where the stream goes on from: the run to read first (null: wait for the next) after {@code seq}, and the last run key passed. */
  private record Start(String runId, long seq, String createdAt, String afterRunId) {}

  private void stream(Context ctx) {
    String tid = PublicIds.thread(ctx, ctx.pathParam("tid"));
    String owner = Http.owner(ctx);
    Set<String> modes = modes(ctx);
    services.db().tx(c -> services.threads().require(c, tid, owner));
    Start start = start(tid, owner, ctx.header("Last-Event-ID"));
    ctx.header("Location", ctx.path());
    StreamModes runModes = modes.contains("run_modes") ? StreamModes.EVERY
        : StreamModes.subset(modes.contains("state_update") ? List.of("values") : List.of());
    boolean runDone = modes.contains("run_modes") || modes.contains("lifecycle");
    try (NewRuns.Ticket announced = newRuns.watch(tid)) {
      OutputStream out = Sse.open(ctx);
      String run = start.runId();
      long after = start.seq();
      String createdAt = start.createdAt();
      String lastRun = start.afterRunId();
      long quietSince = System.nanoTime();
      while (!closing.getAsBoolean()) {
        if (run == null) {
          long version = announced.version();
          String from = createdAt;
          String fromRun = lastRun;
          RunRow next = services.db().tx(c -> services.runs().after(c, tid, owner, from, fromRun));
          if (next == null) {
            long quiet = (System.nanoTime() - quietSince) / 1_000_000;
            if (quiet >= sse.keepAliveMillis()) {
              Sse.keepAlive(out);
              quietSince = System.nanoTime();
              quiet = 0;
            }
            announced.await(version, Math.min(POLL_MILLIS, sse.keepAliveMillis() - quiet));
            continue;
          }
          run = next.runId();
          after = 0;
        }
        RunRow row = runRow(run);
        createdAt = row == null ? createdAt : row.createdAt();
        lastRun = run;
        String current = run;
        try (EventBus.Subscription sub = services.bus().subscribe(current, after)) {
          sse.pump(out, sub, runModes, () -> finished.test(current), current + ":");
        }
        if (runDone) {
          Map<String, Object> done = new LinkedHashMap<>();
          RunRow ended = runRow(current);
          done.put("run_id", current);
          done.put("status", ended == null ? null : ended.status().wire());
          Sse.event(out, "run_done", Json.write(done), current + ":done");
        }
        quietSince = System.nanoTime();
        run = null;
      }
    } catch (IOException e) {
      // the client left: nothing to clean up beyond the subscription, closed above
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      if (!closing.getAsBoolean()) {
        throw e;
      }
      // the server shut down under the stream (its database is closing); the client reconnects elsewhere
      LOG.debug("thread stream of {} ended by shutdown: {}", tid, e.toString());
    }
  }

  /** {@code stream_mode} query values (repeated, or a JSON array as the JS SDK sends); default {@code run_modes}. */
  private static Set<String> modes(Context ctx) {
    Set<String> modes = new HashSet<>();
    for (String q : ctx.queryParams("stream_mode")) {
      if (q.isBlank()) {
        continue;
      }
      Object parsed = q.startsWith("[") ? Json.read(q) : List.of(q);
      for (Object m : parsed instanceof List<?> l ? l : List.of(parsed)) {
        String mode = String.valueOf(m);
        if (!MODES.contains(mode)) {
          throw ServerException.invalid("stream_mode of a thread stream must be run_modes, lifecycle or state_update, got "
              + ServerException.echo(mode));
        }
        modes.add(mode);
      }
    }
    return modes.isEmpty() ? Set.of("run_modes") : modes;
  }

  /** The first run to read: the one {@code lastEventId} names, else the thread's earliest unfinished run from now on. */
  private Start start(String tid, String owner, String lastEventId) {
    if (lastEventId != null && !lastEventId.isBlank()) {
      String id = lastEventId.trim();
      int colon = id.lastIndexOf(':');
      RunRow row = colon <= 0 ? null : runRow(id.substring(0, colon));
      if (row == null || !tid.equals(row.threadId()) || !owner.equals(row.owner())) {
        throw ServerException.invalid("Last-Event-ID must be an event id of this thread's stream (<run id>:<n>), got "
            + ServerException.echo(id));
      }
      String runId = id.substring(0, colon);
      String seq = id.substring(colon + 1);
      if (seq.equals("done")) {
        return new Start(null, 0, row.createdAt(), runId);
      }
      try {
        return new Start(runId, Math.max(0, Long.parseLong(seq)), row.createdAt(), "");
      } catch (NumberFormatException e) {
        throw ServerException.invalid("Last-Event-ID must be an event id of this thread's stream (<run id>:<n>), got "
            + ServerException.echo(id));
      }
    }
    List<RunRow> runs = services.db().tx(c -> services.runs().inOrder(c, tid, owner));
    String createdAt = "";
    String lastRun = "";
    for (RunRow r : runs) {
      String runId = r.runId();
      if (!r.ended()) {
        return new Start(runId, r.status() == RunStatus.RUNNING ? services.bus().last(runId) : 0, createdAt, lastRun);
      }
      createdAt = r.createdAt();
      lastRun = runId;
    }
    return new Start(null, 0, createdAt, lastRun);
  }

  private RunRow runRow(String runId) {
    return services.db().tx(c -> services.runs().get(c, runId));
  }
}
