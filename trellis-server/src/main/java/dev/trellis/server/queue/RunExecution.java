package dev.trellis.server.queue;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.diagnostics.Waits;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.runtime.Interrupt;
import dev.trellis.server.db.Assistant;
import dev.trellis.server.db.IdAliases;
import dev.trellis.server.db.IdNamespace;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.db.ThreadStatus;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.wire.Json;
import dev.trellis.server.wire.StreamEncoder;
import dev.trellis.server.wire.Wire;
import dev.trellis.server.wire.WireError;
import dev.trellis.stream.GraphStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One attempt at one run on this worker: streams the graph, publishes its events, and ends
 * the run (status, result, thread status and values) unless the attempt lost the run.
 *
 * <p>Resume rule after a takeover: if the thread's newest checkpoint was written by this run,
 * the new attempt continues from it with no input (saved pending writes are replayed, so
 * finished tasks do not run again); otherwise it starts over with the run's input or command.
 */
final class RunExecution {
  private static final Logger LOG = LoggerFactory.getLogger(RunExecution.class);
  /** Follows no redirects: a redirect could lead a webhook to an address the policy refuses. */
  private static final HttpClient WEBHOOKS = HttpClient.newBuilder().connectTimeout(java.time.Duration.ofSeconds(5))
      .followRedirects(HttpClient.Redirect.NEVER).build();

  private final Services services;
  private final Run run;
  private final String worker;
  private volatile GraphStream stream;
  private volatile String cancel;
  private volatile boolean lost;
  private volatile boolean requeue;
  private long seq;
  private final long started;
  private volatile RunStatus outcome;
  /** The run's request, once loaded (null if its stored body could not be read). */
  private RunRequest request;

  RunExecution(Services services, Run run, String worker) {
    this.services = services;
    this.run = run;
    this.worker = worker;
    this.started = services.db().millis();
  }

  Run run() {
    return run;
  }

  /** The status this attempt ended the run with; null while running or if the run went back to the queue. */
  RunStatus outcome() {
    return outcome;
  }

  long elapsedMillis() {
    return services.db().millis() - started;
  }

  /** Stops the graph: cancelled by a user ({@code interrupt} or {@code rollback}) or by the run timeout ({@code timeout}). */
  void cancel(String action) {
    cancel = action;
    stop();
  }

  /** Stops the graph: another worker holds the run now; write nothing more. */
  void lost() {
    lost = true;
    stop();
  }

  /** Stops the graph and hands the run back to the queue (shutdown). */
  void requeue() {
    requeue = true;
    stop();
  }

  private void stop() {
    GraphStream g = stream;
    if (g != null) {
      g.close();
    }
  }

  private void publish(String event, Object data) {
    services.bus().publish(run.runId(), new RunEvent(++seq, event, Json.write(data)));
  }

  /** Publishes a stream event; its JSON is written when a subscriber or the bus first reads it (never, for a {@code wait}). */
  private void publish(StreamEncoder.Out o) {
    services.bus().publish(run.runId(), RunEvent.lazy(++seq, o.event(), o::json));
  }

  void execute() {
    services.fences().hold(run);
    try {
      attempt();
    } catch (RuntimeException e) {
      LOG.error("run {} failed outside the graph", run.runId(), e);
    } finally {
      services.fences().release(run);
    }
  }

  private void attempt() {
    Waits.label("end");
    long t0 = Waits.now();
    seq = services.bus().last(run.runId());
    RunRequest req;
    Assistant assistant;
    CompiledGraph graph;
    RunConfig rc;
    Object input;
    String before = run.checkpointBefore();
    try {
      req = run.request();
      request = req;
      if (req.resumable()) {
        services.bus().resumable(run.runId());
      }
      assistant = ServerException.found(run.assistant(), "assistant", run.assistantId());
      graph = services.graph(assistant.graphId());
      rc = req.runConfig(run, assistant.graphId(), assistant.config(), assistant.context());
      rc = services.observers().apply(run, rc);
      CheckpointTuple latest = run.attempt() > 1 ? services.saver().getTuple(CheckpointConfig.thread(run.threadId())) : null;
      if (latest != null && run.runId().equals(latest.metadata().extra().get("run_id"))) {
        input = null;
        rc = rc.withCheckpointId(null);
      } else {
        input = req.graphInput(req.resumesById() ? pendingInterruptIds(graph) : null);
      }
    } catch (RuntimeException e) {
      publish("metadata", Map.of("run_id", run.runId(), "attempt", run.attempt()));
      end(null, RunStatus.ERROR, e, null, before, null, List.of(), List.of());
      return;
    }
    publish("metadata", Map.of("run_id", run.runId(), "thread_id", run.threadId(), "attempt", run.attempt()));
    StreamEncoder enc = new StreamEncoder(req.modes(), req.subgraphs(), run.runId(), run.threadId());
    Throwable error = null;
    StateSnapshot finalState = null;
    String graphName = graph.name() == null ? assistant.graphId() : graph.name();
    for (StreamEncoder.Out o : enc.start(input instanceof dev.trellis.graph.Command ? null : input, graphName)) {
      publish(o);
    }
    // The graph runs on this thread, publishing each part as it comes (no hand-off per part); a run that ends leaves
    // its last checkpoint saves to end(), which commits them with the run's end.
    Waits.since("run.1-prepared", t0);
    t0 = Waits.now();
    // A first attempt on a thread that had no checkpoint when the run was created (checkpoint_before ""): the thread is
    // busy since then, so nobody else wrote one; the engine's read of its newest checkpoint is answered without a statement.
    JdbcSaver fresh = run.attempt() == 1 && "".equals(before) && rc.checkpointId() == null ? joiner(graph) : null;
    if (fresh != null) {
      fresh.knownEmpty(run.threadId());
    }
    try (GraphStream g = graph.streamLeavingLastSaves(input, rc, req.modes().engineModes(), req.subgraphs())) {
      stream = g;
      if (cancel != null || lost || requeue) {
        g.close();
      }
      g.runHere(part -> {
        for (StreamEncoder.Out o : enc.encode(part)) {
          publish(o);
        }
      });
      enc.lastValuesJson(); // written here, once: a value that cannot be shown fails the run as it did when each step converted it
      finalState = graph.finalState(g);
    } catch (Throwable e) {
      error = e;
    } finally {
      if (fresh != null) {
        fresh.forgetEmpty(run.threadId());
      }
    }
    Waits.since("run.2-graph", t0);
    t0 = Waits.now();
    GraphStream streamed = stream;
    List<SaveOp> unsaved = streamed == null ? List.of() : graph.unsavedSaves(streamed);
    if (lost || hasCause(error, Fences.LeaseLostException.class)) {
      stopLost(); // the saves left unmade are dropped: an attempt that lost its run writes nothing more
      return;
    }
    boolean succeeded = error == null && cancel == null && finalState != null;
    if (!unsaved.isEmpty() && (!succeeded || requeue || joiner(graph) == null)) {
      try {
        graph.options().checkpointer().putBatch(unsaved);
      } catch (RuntimeException e) {
        if (hasCause(e, Fences.LeaseLostException.class)) {
          stopLost();
          return;
        }
        error = error == null ? e : error;
      }
      unsaved = List.of();
    }
    if (requeue) {
      services.runs().requeue(run, worker);
      return;
    }
    List<StreamEncoder.Out> graphEnd = List.of();
    if (error == null && cancel == null) {
      for (StreamEncoder.Out o : enc.held()) {
        publish(o);
      }
      // The graph's end event waits for the run's end to commit with its last checkpoints: if they fail, the run
      // ends in error and no end event came before that error.
      graphEnd = enc.graphEnd(graphName);
      if (unsaved.isEmpty()) {
        graphEnd.forEach(this::publish);
        graphEnd = List.of();
      }
    }
    RunStatus status = cancel == null ? (error == null ? RunStatus.SUCCESS : RunStatus.ERROR)
        : "timeout".equals(cancel) ? RunStatus.TIMEOUT : RunStatus.INTERRUPTED;
    Waits.since("run.3-after-graph", t0);
    t0 = Waits.now();
    end(graph, status, cancel == null ? error : null, enc, before, cancel == null && error == null ? finalState : null,
        unsaved, graphEnd);
    Waits.since("run.4-end", t0);
  }

  /** The attempt lost its run (another worker holds it, or it was deleted): says why and writes nothing more. */
  private void stopLost() {
    String why = services.runs().whyLost(run);
    LOG.warn("run {} attempt {} stopped: {}", run.runId(), run.attempt(), why);
    if (services.runs().status(run.runId()) == null) {
      UnstartedRuns.threadDeleted(services.bus(), run.runId(), run.threadId());
    }
  }

  /**
   * The saver that can commit {@code graph}'s saves in the transaction that ends the run: the server's own JDBC
   * saver (on the server's database) when the graph saves there; null for a graph compiled with another.
   */
  private JdbcSaver joiner(CompiledGraph graph) {
    return graph.options().checkpointer() == services.saver() && services.saver() instanceof JdbcSaver js ? js : null;
  }

  /** The run's last values as JSON text; {@code {}} when they cannot be written (the run already ended in error then). */
  private static String lastValuesJson(StreamEncoder enc) {
    try {
      return enc.lastValuesJson();
    } catch (RuntimeException e) {
      return "{}";
    }
  }

  private static boolean hasCause(Throwable e, Class<?> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private List<String> pendingInterruptIds(CompiledGraph graph) {
    return graph.getState(RunConfig.thread(run.threadId())).interrupts().stream().map(Interrupt::id).toList();
  }

  /**
   * Ends the run. The state is written as JSON once: the run's last values are the result (sent
   * to waiting clients as the done marker) and, when they are the thread's state at its newest
   * checkpoint (the usual end), also the thread's stored values, and the run row keeps a reference
   * (and so does the thread's row, when the values are long).
   *
   * @param finalState the thread's state as the run left it, when the engine could tell
   *     ({@link CompiledGraph#finalState}); else null, and the thread's newest checkpoint is read back
   * @param unsaved the run's last checkpoint saves, left unmade by the engine ({@link CompiledGraph#streamLeavingLastSaves}):
   *     committed in the transaction that ends the run, so a run is never ended without them; if they fail, the
   *     run ends in error instead (or, when its lease was lost, is left to the worker that holds it)
   * @param graphEnd the graph's end event, sent once {@code unsaved} committed with the run's end (empty: none)
   */
  private void end(CompiledGraph graph, RunStatus status, Throwable error, StreamEncoder enc, String before,
                   StateSnapshot finalState, List<SaveOp> unsaved, List<StreamEncoder.Out> graphEnd) {
    boolean rollback = "rollback".equals(cancel);
    if (rollback && before != null) {
      services.saver().deleteAfter(run.threadId(), before.isEmpty() ? null : before);
    }
    StateSnapshot snap = graph == null ? null
        : finalState != null && !rollback ? finalState : graph.getState(RunConfig.thread(run.threadId()));
    Map<String, Object> errorJson = error == null ? null : WireError.of(error).toMap();
    if (error != null) {
      publish("error", errorJson);
      LOG.atWarn().addKeyValue("run_id", run.runId()).addKeyValue("thread_id", run.threadId())
          .addKeyValue("error", error.toString())
          .log("run {} on thread {} ended in error: {}", run.runId(), run.threadId(), error.toString());
      LOG.debug("run {} failure", run.runId(), error);
    }
    // Written once: stored as the run's result (or referenced) and sent as the done marker that wait/join write out as is.
    String resultJson = error != null ? Json.write(Map.of("__error__", errorJson)) : enc == null ? "{}" : lastValuesJson(enc);
    String threadValues = null;
    boolean resultIsState = false;
    Map<String, Object> extras = null;
    if (snap != null && snap.config() != null) {
      if (error == null && enc != null && snap.values().equals(enc.lastRawValues())) {
        threadValues = resultJson;
        resultIsState = true;
      } else {
        threadValues = Json.writePlain(snap.values());
        resultIsState = error == null && threadValues.equals(resultJson);
        // the state plus channels no checkpoint keeps (an agent's per-run model call count): stored as a reference too
        extras = resultIsState || error != null || enc == null ? null : RunResult.extras(enc.lastRawValues(), snap.values());
      }
    }
    // The run's result, and a long state in the thread's row (Threads.REFERENCE_CHARS), as a reference to its checkpoint.
    String reference = graph == null ? null : RunResult.reference(graphId(), snap);
    String stored = resultIsState ? RunResult.stored(resultJson, reference)
        : extras != null ? RunResult.stored(resultJson, reference, extras) : resultJson;
    dev.trellis.server.db.Threads.Values values = threadValues == null ? null
        : dev.trellis.server.db.Threads.Values.of(snap.values(), threadValues, reference);
    RunStore.TxWork alsoDo = c -> {
      if (rollback) {
        services.runs().delete(c, run.runId());
      }
      // The thread stays busy while another run of it is pending or running (decided by the update, after it
      // locks the thread's row on PostgreSQL, so a run created meanwhile is seen: Threads.setState).
      ThreadStatus threadStatus = error != null ? ThreadStatus.ERROR
          : snap != null && !snap.next().isEmpty() ? ThreadStatus.INTERRUPTED : ThreadStatus.IDLE;
      services.threads().setState(c, run.threadId(), threadStatus, RunStore.noActiveRunSql("trellis_threads.thread_id"),
          values, Wire.interruptsByTask(snap), errorJson);
    };
    boolean ended;
    long t0 = Waits.now();
    if (unsaved.isEmpty()) {
      ended = services.runs().finish(run, worker, status, stored, alsoDo);
    } else {
      try {
        // The run row's fenced update is the write guard here: a lost lease updates no row, and the saves roll back.
        ended = joiner(graph).putBatchGuardedBy(unsaved, c -> {
          if (!services.runs().finish(c, run, worker, status, stored, alsoDo)) {
            throw new Fences.LeaseLostException("run " + run.runId() + " attempt " + run.attempt()
                + " no longer holds thread " + run.threadId() + "; its end and last checkpoints refused");
          }
          return true;
        });
      } catch (RuntimeException e) {
        if (hasCause(e, Fences.LeaseLostException.class)) {
          stopLost();
          return;
        }
        // The run's last checkpoints were not saved: it did not succeed; it ends in error at what was saved.
        end(graph, RunStatus.ERROR, e, enc, before, null, List.of(), List.of());
        return;
      }
      graphEnd.forEach(this::publish);
    }
    Waits.since(unsaved.isEmpty() ? "run.4a-finish-alone" : "run.4a-finish-with-saves", t0);
    Waits.add("run.4b-saves-with-end(count)", unsaved.size());
    // The thread is free before anyone learns the run ended: a state edit sent the moment /wait returns must pass.
    services.fences().release(run);
    Waits.stamp(run.runId());
    services.bus().publish(run.runId(), new RunEvent(++seq, RunEvent.DONE, resultJson));
    if (!ended) {
      return;
    }
    outcome = status;
    webhook(status.wire(), () -> Json.read(resultJson));
    if (run.temporary() && (request == null || !request.keepThread())) {
      ThreadDeletion.delete(services, run.threadId());
    }
  }

  private String graphId() {
    return ServerException.found(run.assistant(), "assistant", run.assistantId()).graphId();
  }

  /** {@code text} as the run's owner sees it: their public ids for threads and assistants stored under private ones. */
  private String publicIds(String text) {
    if (run.owner().isEmpty()) {
      return text;
    }
    return new IdNamespace(services.db(), new IdAliases(services.db()), run.owner()).apply(text);
  }

  private void webhook(String status, java.util.function.Supplier<Object> result) {
    String url = request == null ? null : request.webhook();
    if (url == null) {
      return;
    }
    try {
      services.webhooks().check(url); // again at delivery: the name may resolve elsewhere than when the run was created
    } catch (ServerException refused) {
      LOG.warn("webhook for run {} not sent: {}", run.runId(), refused.getMessage());
      return;
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("run_id", run.runId());
    body.put("thread_id", run.threadId());
    body.put("assistant_id", run.assistantId());
    body.put("status", status);
    body.put("values", result.get());
    body.put("updated_at", ServerDb.now());
    HttpRequest req = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
        .timeout(java.time.Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(publicIds(Json.write(body)))).build();
    WEBHOOKS.sendAsync(req, HttpResponse.BodyHandlers.discarding()).whenComplete((r, e) -> {
      if (e != null) {
        LOG.warn("webhook {} for run {} failed: {}", url, run.runId(), e.getMessage());
      } else if (r.statusCode() >= 300) {
        LOG.warn("webhook {} for run {} answered {}{}", url, run.runId(), r.statusCode(),
            r.statusCode() < 400 ? "; redirects are not followed" : "");
      }
    });
  }
}
