package dev.trellis.server.api;

import dev.trellis.core.CompiledGraph;
import dev.trellis.server.db.Assistant;
import dev.trellis.server.db.IdempotencyKeys;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.db.TimeOrderedIds;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.Run;
import dev.trellis.server.queue.RunRequest;
import dev.trellis.server.queue.RunRow;
import dev.trellis.server.queue.RunStore;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.UnstartedRuns;
import dev.trellis.server.queue.Worker;
import dev.trellis.server.route.Http;
import dev.trellis.server.wire.Json;
import io.javalin.http.Context;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Creating a run: validates the body (a 4xx creates nothing), resolves the assistant and the
 * thread ({@code if_not_exists}), applies the multitask strategy to the thread's active runs,
 * queues the run and wakes the worker. Used by the run routes and by the cron scheduler.
 */
final class RunCreation {
  private final Services services;
  private final Worker worker;
  private final IdempotencyKeys keys;
  /**
   * Assistants read before a creation's transaction, by owner and reference: that transaction checks that each is still
   * the one it would read ({@link dev.trellis.server.db.Assistants#unchanged}) and reads it again if not, so an entry
   * saves the reader statement and the parsing, never decides what a run gets. At most {@link #RECENT_MAX} entries.
   */
  private final java.util.concurrent.ConcurrentHashMap<String, Assistant> recentAssistants =
      new java.util.concurrent.ConcurrentHashMap<>();
  private static final int RECENT_MAX = 1024;

  RunCreation(Services services, Worker worker) {
    this.services = services;
    this.worker = worker;
    this.keys = new IdempotencyKeys(services.db());
  }

  /** A client's {@code Idempotency-Key} and the hash of the request that carries it. */
  record Idempotency(String key, String requestHash) {}

  /** A run just created: its row and where it lives. */
  record Created(Map<String, Object> run, String threadId, String runId, boolean stateless) {
    String location() {
      return stateless ? "/runs/" + runId : "/threads/" + threadId + "/runs/" + runId;
    }
  }

  /**
   * A run just created, with a subscription to its events from the first (the caller closes it), and, when the caller
   * asked to execute it and this process claimed it at creation, the task that does ({@code here}; else null): the
   * caller must call it, whatever happens, or the run's slot stays taken.
   */
  record Subscribed(Created created, dev.trellis.server.queue.EventBus.Subscription events, Runnable here) {}

  /**
   * Creates a run as {@link #create} does, subscribed to its events before it exists so none is
   * published unseen; an idempotent retry that answers an earlier run is subscribed to that one.
   * A refused body closes the subscription and throws.
   */
  Subscribed createSubscribed(Context ctx, String publicThreadId, Map<String, Object> body) {
    return createSubscribed(ctx, publicThreadId, body, false);
  }

  /**
   * As {@link #createSubscribed(Context, String, Map)}; with {@code runHere}, a run this process claims in the
   * transaction that creates it is not started on a thread of its own but handed back ({@link Subscribed#here}).
   */
  Subscribed createSubscribed(Context ctx, String publicThreadId, Map<String, Object> body, boolean runHere) {
    String newId = dev.trellis.server.db.TimeOrderedIds.next();
    dev.trellis.server.queue.EventBus.Subscription sub = services.bus().subscribe(newId, 0);
    Runnable[] here = runHere ? new Runnable[1] : null;
    try {
      Created created = create(ctx, publicThreadId, body, newId, here);
      if (!created.runId().equals(newId)) {
        sub.close();
        sub = services.bus().subscribe(created.runId(), 0);
      }
      return new Subscribed(created, sub, here == null ? null : here[0]);
    } catch (RuntimeException e) {
      sub.close();
      if (here != null && here[0] != null) {
        Thread.ofVirtual().start(here[0]); // nothing after the claim throws today; never leave a claimed run unexecuted
      }
      throw e;
    }
  }

  /**
   * Validates the body, applies the multitask strategy and queues the run; nothing is created on
   * a 4xx. With an {@code Idempotency-Key} header, a retry of the same request answers the run the
   * first one created (its id may differ from {@code runId}); the same key on another request is a 422.
   */
  Created create(Context ctx, String publicThreadId, Map<String, Object> body, String runId) {
    return create(ctx, publicThreadId, body, runId, null);
  }

  /** As {@link #create(Context, String, Map, String)}; a run claimed at creation goes to {@code here[0]} if given. */
  private Created create(Context ctx, String publicThreadId, Map<String, Object> body, String runId, Runnable[] here) {
    String threadId = publicThreadId != null && "create".equals(body.get("if_not_exists"))
        ? services.db().tx(c -> PublicIds.claim(ctx, c, dev.trellis.server.db.IdAliases.Kind.THREAD, publicThreadId))
        : publicThreadId;
    Map<String, Object> withHeaders = new LinkedHashMap<>(body);
    if (body.get("assistant_id") instanceof String ref) {
      withHeaders.put("assistant_id", PublicIds.assistant(ctx, ref));
    }
    withHeaders.put("config", withHeaders(ctx, Json.map(body, "config")));
    Map<String, String> trace = dev.trellis.server.queue.RunObservers.traceHeaders(ctx::header);
    if (!trace.isEmpty()) {
      withHeaders.put(dev.trellis.server.queue.RunObservers.TRACE_CONTEXT, trace);
    }
    String owner = Http.owner(ctx);
    String key = ctx.header("Idempotency-Key");
    if (key == null) {
      return logged(ctx, submit(owner, threadId, withHeaders, runId, null, here));
    }
    if (key.isBlank() || key.length() > IdempotencyKeys.MAX_KEY_LENGTH) {
      throw ServerException.invalid("Idempotency-Key must be 1 to " + IdempotencyKeys.MAX_KEY_LENGTH + " characters");
    }
    Idempotency idem = new Idempotency(key, IdempotencyKeys.hash(threadId == null ? "/runs" : "/threads/" + threadId, body));
    try {
      return logged(ctx, submit(owner, threadId, withHeaders, runId, idem, here));
    } catch (RuntimeException e) {
      // A concurrent request with the same key (another process) won the insert: answer as its retry.
      if (!(e instanceof ServerException) && services.db().tx(c -> keys.find(c, owner, key)) != null) {
        return logged(ctx, submit(owner, threadId, withHeaders, runId, idem, here));
      }
      throw e;
    }
  }

  /** Hands the input keys the run dropped, if any, to the request log. */
  private static Created logged(Context ctx, Created created) {
    if (created.run().get("metadata") instanceof Map<?, ?> m && m.get(InputFilter.METADATA_KEY) instanceof List<?> dropped) {
      ctx.attribute(InputFilter.LOG_ATTRIBUTE, dropped);
    }
    return created;
  }

  /** Queues a run for {@code owner} (crons use this too); {@code threadId} null makes a stateless run. */
  Created submit(String owner, String threadId, Map<String, Object> body, String runId) {
    return submit(owner, threadId, body, runId, null, null);
  }

  private Created submit(String owner, String threadId, Map<String, Object> body, String runId, Idempotency idem,
      Runnable[] here) {
    RunRequest req = RunRequest.parse(body);
    services.webhooks().check(req.webhook());
    String assistantRef = Json.string(body, "assistant_id");
    if (assistantRef == null) {
      throw ServerException.invalid("\"assistant_id\" is required");
    }
    boolean stateless = threadId == null;
    String tid = stateless ? TimeOrderedIds.next() : threadId;
    if (!stateless) {
      AssistantsApi.uuid(tid, "thread_id");
    }
    if (req.checkpointId() != null) {
      services.checkpoint(tid, req.checkpointId()); // a 404 for an unknown checkpoint; without an id there is nothing to check
    }
    Map<String, Object> kwargs = new LinkedHashMap<>(body);
    kwargs.remove("assistant_id");
    Map<String, Object> metadata = new LinkedHashMap<>(req.metadata());
    // On SQLite the assistant is read and the body checked against its graph before the transaction, on a reader, so
    // the writer lock covers only a check that the assistant is unchanged (one statement) and the writes. A retry
    // with an Idempotency-Key reads and checks in the transaction, after finding its earlier run, as before.
    Checked early = idem == null && !services.db().postgres() ? checkRecent(assistantRef, owner, req) : null;
    boolean[] cancelled = {false};
    List<String> unstarted = new java.util.ArrayList<>();
    RunRow[] earlier = new RunRow[1];
    // On SQLite a run due now on a free thread is claimed by the transaction that creates it when this process has a
    // free slot: no claim transaction, no hand-off to the claim loop. Otherwise the claim loop claims it.
    boolean slot = !services.db().postgres() && req.afterMillis() <= 0 && worker.reserveSlot();
    Run[] claimed = new Run[1];
    RunRow run;
    long t0 = dev.trellis.diagnostics.Waits.now();
    try {
      run = services.db().tx(c -> {
        claimed[0] = null;
        if (idem != null && (earlier[0] = earlierRun(c, owner, idem)) != null) {
          return earlier[0];
        }
        boolean current = early != null && services.assistants().unchanged(c, assistantRef, owner, early.assistant());
        if (early != null && !current) {
          recentAssistants.remove(recentKey(assistantRef, owner));
        }
        Checked checked = current ? early : check(services.assistants().require(c, assistantRef, owner), req);
        Assistant assistant = checked.assistant();
        String graphId = assistant.graphId();
        if (!checked.dropped().isEmpty()) {
          kwargs.put("input", checked.input());
          metadata.put(InputFilter.METADATA_KEY, checked.dropped());
        }
        // A stateless run's thread id is new: nothing to read. Otherwise one statement reads owner, metadata and active runs.
        RunStore.ThreadForRun thread = stateless ? null : services.runs().threadForRun(c, tid);
        String holder = thread == null ? null : thread.owner();
        Map<String, Object> threadMetadata = thread == null ? null : thread.metadata();
        if (stateless || !owner.equals(holder)) {
          if (!stateless && !req.createThread()) {
            throw ServerException.notFound("thread", tid);
          }
          if (holder != null) {
            throw ServerException.conflict("thread " + tid + " already exists");
          }
          threadMetadata = Map.of("graph_id", graphId);
          services.threads().insert(c, tid, owner, graphId, threadMetadata);
        }
        List<String> active = thread == null ? List.of() : thread.activeRuns();
        if (!active.isEmpty()) {
          switch (req.multitask()) {
            case REJECT -> throw ServerException.conflict("thread " + tid + " is busy with run "
                + active.getFirst() + " (multitask_strategy reject)");
            case INTERRUPT, ROLLBACK -> {
              unstarted.clear();
              for (String activeRun : active) {
                if (services.runs().cancel(c, activeRun, req.multitask().wire())) {
                  unstarted.add(activeRun);
                }
              }
              cancelled[0] = true;
            }
            case ENQUEUE -> { }
          }
        }
        String assistantId = assistant.assistantId();
        services.threads().markBusy(c, tid, graphId, assistantId, threadMetadata);
        RunRow queued = RunRow.pending(runId, tid, assistantId, owner, metadata, kwargs, req.multitask(), stateless,
            ServerDb.now());
        if (slot && active.isEmpty()) {
          claimed[0] = new Run(services.runs().enqueueClaimed(c, queued, worker.id(), worker.leaseMillis()), assistant);
        } else {
          services.runs().enqueue(c, queued, services.db().clock(c) + req.afterMillis());
        }
        if (idem != null) {
          keys.record(c, owner, idem.key(), runId, idem.requestHash());
        }
        return queued;
      });
    } catch (RuntimeException e) {
      if (slot) {
        worker.releaseSlot();
      }
      throw e;
    }
    dev.trellis.diagnostics.Waits.since(claimed[0] != null ? "srv.create.tx-claimed" : "srv.create.tx-queued", t0);
    if (claimed[0] != null) {
      if (here != null) {
        here[0] = worker.claimedHere(claimed[0]);
      } else {
        worker.startClaimed(claimed[0]);
      }
      worker.runAnnounced(tid);
    } else if (slot) {
      worker.releaseSlot();
    }
    if (earlier[0] != null) {
      return new Created(run.wire(), run.threadId(), run.runId(), run.temporary());
    }
    if (claimed[0] == null) {
      worker.runCreated(tid, runId);
    }
    UnstartedRuns.cancelled(services.bus(), unstarted, req.multitask().wire());
    if (cancelled[0]) {
      worker.checkLeases();
    }
    return new Created(run.wire(), tid, runId, stateless);
  }

  /**
   * The request checked against the assistant {@code ref} as last read for {@code owner} (read on a reader when not
   * kept); a refusal by a kept one is checked again against the assistant read afresh, so a stale entry refuses nothing.
   */
  private Checked checkRecent(String ref, String owner, RunRequest req) {
    String key = recentKey(ref, owner);
    Assistant kept = recentAssistants.get(key);
    if (kept != null) {
      try {
        return check(kept, req);
      } catch (RuntimeException e) {
        recentAssistants.remove(key, kept);
      }
    }
    Assistant read = services.db().jdbc().read(c -> services.assistants().require(c, ref, owner));
    if (recentAssistants.size() >= RECENT_MAX) {
      recentAssistants.clear();
    }
    recentAssistants.put(key, read);
    return check(read, req);
  }

  private static String recentKey(String ref, String owner) {
    return owner + '\u0000' + ref;
  }

  /** An assistant and the run's input checked against its graph: the input without the keys it dropped. */
  private record Checked(Assistant assistant, Map<String, Object> input, List<String> dropped) {}

  /** Checks the request against {@code assistant}'s config and graph (a 4xx on a bad one); changes nothing. */
  private Checked check(Assistant assistant, RunRequest req) {
    CompiledGraph graph = services.graph(assistant.graphId());
    RunRequest.checkConfig(assistant.config(), "assistant config.");
    req.checkNodes(graph);
    List<String> dropped = InputFilter.dropped(graph, req.input());
    Map<String, Object> input = dropped.isEmpty() ? req.input() : InputFilter.without(req.input(), dropped);
    InputTypes.check(graph.signature(), input, "input");
    InputTypes.checkConstraints(graph, input);
    if (req.command() != null) {
      InputTypes.check(graph.signature(), req.command().update(), "command.update");
    }
    return new Checked(assistant, input, dropped);
  }

  /** The run an earlier use of the key created, or null when the key is new (or its run is gone); 422 if the request differs. */
  private RunRow earlierRun(java.sql.Connection c, String owner, Idempotency idem) throws java.sql.SQLException {
    IdempotencyKeys.Used used = keys.find(c, owner, idem.key());
    if (used == null) {
      return null;
    }
    if (!used.requestHash().equals(idem.requestHash())) {
      throw ServerException.invalid("Idempotency-Key " + ServerException.echo(idem.key()) + " was used for a different request "
          + "(run " + used.runId() + "); use a new key for a new request");
    }
    RunRow row = services.runs().get(c, used.runId());
    if (row == null) {
      keys.forget(c, owner, idem.key());
    }
    return row;
  }

  /** Request headers starting with {@code x-} (but not keys) and {@code user-agent} go into {@code config.configurable}. */
  private static Map<String, Object> withHeaders(Context ctx, Map<String, Object> config) {
    Map<String, Object> conf = config.get("configurable") instanceof Map<?, ?> m
        ? new LinkedHashMap<>(Json.map(config, "configurable")) : new LinkedHashMap<>();
    ctx.headerMap().forEach((k, v) -> {
      String name = k.toLowerCase(java.util.Locale.ROOT);
      if ((name.startsWith("x-") && !Set.of("x-api-key", "x-tenant-id", "x-service-key").contains(name))
          || name.equals("user-agent")) {
        conf.putIfAbsent(name, v);
      }
    });
    config.put("configurable", conf);
    return config;
  }
}
