package dev.trellis.server.api;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.StateUpdate;
import dev.trellis.server.db.IdAliases;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.db.ThreadStatus;
import dev.trellis.server.db.TimeOrderedIds;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.ThreadDeletion;
import dev.trellis.server.queue.UnstartedRuns;
import dev.trellis.server.route.Http;
import dev.trellis.server.wire.Json;
import dev.trellis.server.wire.Wire;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code /threads}: create, get, patch, delete, search, count, copy, state (get, update, at a checkpoint), history. */
final class ThreadsApi {
  private final Services services;
  private final ThreadSearch search;

  ThreadsApi(Services services) {
    this.services = services;
    this.search = new ThreadSearch(services);
  }

  void register(RoutesConfig r) {
    r.post("/threads", this::create);
    r.post("/threads/search", search::search);
    r.post("/threads/count", search::count);
    r.get("/threads/{id}", ctx -> Http.json(ctx, services.db().tx(c -> services.threads().require(c, pathThread(ctx), Http.owner(ctx)))));
    r.patch("/threads/{id}", this::patch);
    r.delete("/threads/{id}", this::delete);
    r.post("/threads/{id}/copy", this::copy);
    r.get("/threads/{id}/state", ctx -> state(ctx, null, Http.flag(ctx, "subgraphs", false)));
    r.get("/threads/{id}/state/{checkpoint_id}", ctx -> state(ctx, ctx.pathParam("checkpoint_id"),
        Http.flag(ctx, "subgraphs", false)));
    r.post("/threads/{id}/state/checkpoint", ctx -> {
      Map<String, Object> b = Http.body(ctx);
      Map<String, Object> cp = Json.map(b, "checkpoint");
      state(ctx, Json.string(cp, "checkpoint_id"), Boolean.TRUE.equals(b.get("subgraphs")));
    });
    r.post("/threads/{id}/state", this::updateState);
    r.patch("/threads/{id}/state", this::patchState);
    r.post("/threads/{id}/history", ctx -> history(ctx, Http.body(ctx)));
    r.get("/threads/{id}/history", ctx -> {
      Map<String, Object> b = new LinkedHashMap<>();
      if (ctx.queryParam("limit") != null) {
        b.put("limit", Json.read(ctx.queryParam("limit")));
      }
      b.put("before", ctx.queryParam("before"));
      b.put(HistoryPage.FIELD, ctx.queryParam(HistoryPage.FIELD));
      history(ctx, b);
    });
  }

  private void create(Context ctx) {
    long t0 = dev.trellis.diagnostics.Waits.now();
    dev.trellis.diagnostics.Waits.label("thread");
    Map<String, Object> b = Http.body(ctx);
    String id = Json.string(b, "thread_id");
    if (id != null) {
      AssistantsApi.uuid(id, "thread_id");
    }
    String[] stored = {id == null ? TimeOrderedIds.next() : id};
    String ifExists = Json.choice(b, "if_exists", "raise", "raise", "do_nothing");
    Map<String, Object> metadata = Json.map(b, "metadata");
    String graphId = metadata.get("graph_id") instanceof String g && services.graphs().containsKey(g) ? g : null;
    String owner = Http.owner(ctx);
    Object supersteps = b.get("supersteps");
    Long expires = expiry(b.get("ttl"), services.db().millis());
    Map<String, Object> out = services.db().tx(c -> {
      // An id the server just made (a new time-ordered UUID) names no stored thread nor alias: nothing to look up.
      String threadId = stored[0] = id == null ? stored[0] : PublicIds.claim(ctx, c, IdAliases.Kind.THREAD, stored[0]);
      String existing = id == null ? null : services.threads().ownerOf(c, threadId);
      if (existing != null) {
        if ("do_nothing".equals(ifExists) && owner.equals(existing)) {
          return services.threads().get(c, threadId, owner);
        }
        throw ServerException.conflict("thread " + threadId + " already exists");
      }
      Map<String, Object> t = services.threads().insert(c, threadId, owner, graphId, metadata);
      if (expires != null) {
        services.threads().setExpiry(c, threadId, expires);
      }
      return t;
    });
    if (supersteps != null) {
      out = seed(stored[0], owner, graphId, supersteps);
    }
    dev.trellis.diagnostics.Waits.since("srv.thread.1-inserted", t0);
    Http.json(ctx, out);
    dev.trellis.diagnostics.Waits.since("srv.thread.2-answered", t0);
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> seed(String threadId, String owner, String graphId, Object supersteps) {
    if (graphId == null) {
      throw ServerException.invalid("\"supersteps\" need metadata.graph_id naming a served graph");
    }
    if (!(supersteps instanceof List<?> steps)) {
      throw ServerException.invalid("\"supersteps\" must be a list of {updates: [...]}");
    }
    List<List<StateUpdate>> parsed = new ArrayList<>();
    for (Object step : steps) {
      List<StateUpdate> ups = new ArrayList<>();
      Object updates = step instanceof Map<?, ?> m ? m.get("updates") : null;
      if (!(updates instanceof List<?> list)) {
        throw ServerException.invalid("each superstep must be {updates: [{values, as_node}]}");
      }
      for (Object u : list) {
        Map<String, Object> um = u instanceof Map<?, ?> x ? (Map<String, Object>) x : Map.of();
        ups.add(StateUpdate.of(um.get("values") instanceof Map<?, ?> v ? (Map<String, ?>) v : Map.of(),
            Json.string(um, "as_node")));
      }
      parsed.add(ups);
    }
    CompiledGraph graph = services.graph(graphId);
    try {
      graph.bulkUpdateState(RunConfig.thread(threadId), parsed);
    } catch (RuntimeException e) {
      ThreadDeletion.delete(services, threadId);
      throw ServerException.invalid("supersteps rejected: " + e.getMessage());
    }
    refresh(threadId, graph);
    return services.db().tx(c -> services.threads().get(c, threadId, owner));
  }

  /**
   * The expiry of a thread from a {@code ttl} field ({@code {ttl: minutes, strategy: "delete"}}
   * or a number of minutes) as epoch milliseconds; null without one.
   */
  static Long expiry(Object ttl, long now) {
    if (ttl == null) {
      return null;
    }
    Object minutes = ttl instanceof Map<?, ?> m ? m.get("ttl") : ttl;
    if (ttl instanceof Map<?, ?> m && m.get("strategy") != null && !"delete".equals(m.get("strategy"))) {
      throw ServerException.invalid("\"ttl.strategy\" must be delete");
    }
    if (!(minutes instanceof Number n) || n.doubleValue() <= 0) {
      throw ServerException.invalid("\"ttl\" must be a positive number of minutes (or {ttl, strategy})");
    }
    return now + (long) (n.doubleValue() * 60_000);
  }

  private void patch(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String owner = Http.owner(ctx);
    Long expires = expiry(b.get("ttl"), services.db().millis());
    Http.json(ctx, services.db().tx(c -> {
      String id = pathThread(ctx);
      Map<String, Object> t = services.threads().require(c, id, owner);
      if (expires != null) {
        services.threads().setExpiry(c, id, expires);
      }
      Map<String, Object> metadata = Json.map(t, "metadata");
      metadata.putAll(Json.map(b, "metadata"));
      services.threads().setMetadata(c, id, metadata);
      if (metadata.get("graph_id") instanceof String g && services.graphs().containsKey(g)) {
        services.threads().setGraph(c, id, g);
      }
      return services.threads().get(c, id, owner);
    }));
  }

  private void delete(Context ctx) {
    String id = pathThread(ctx);
    String owner = Http.owner(ctx);
    List<String> unstarted = new ArrayList<>();
    services.db().tx(c -> {
      services.threads().require(c, id, owner);
      unstarted.clear();
      for (String runId : services.runs().activeRuns(c, id)) {
        if (services.runs().cancel(c, runId, "interrupt")) {
          unstarted.add(runId);
        }
      }
      return null;
    });
    ThreadDeletion.delete(services, id);
    UnstartedRuns.cancelled(services.bus(), unstarted, "interrupt");
    Http.noContent(ctx);
  }

  private void copy(Context ctx) {
    String owner = Http.owner(ctx);
    String from = pathThread(ctx);
    String to = TimeOrderedIds.next();
    Map<String, Object> out = services.db().tx(c -> {
      Map<String, Object> t = services.threads().require(c, from, owner);
      services.threads().insert(c, to, owner, services.threads().graphId(c, from), Json.map(t, "metadata"));
      services.threads().copyState(c, from, to);
      return services.threads().get(c, to, owner);
    });
    services.saver().copyThread(from, to);
    Http.json(ctx, out);
  }

  /** The graph of a thread the caller owns, or null when it never ran. */
  private CompiledGraph graphOf(String threadId, String owner) {
    String graphId = services.db().tx(c -> {
      services.threads().require(c, threadId, owner);
      return services.threads().graphId(c, threadId);
    });
    return graphId == null ? null : services.graph(graphId);
  }

  private void state(Context ctx, String checkpointId, boolean subgraphs) {
    String id = pathThread(ctx);
    CompiledGraph graph = graphOf(id, Http.owner(ctx));
    if (graph == null) {
      Http.json(ctx, Wire.emptyState());
      return;
    }
    CheckpointTuple saved = services.checkpoint(id, checkpointId);
    if (saved == null) {
      if (checkpointId != null) {
        throw ServerException.notFound("checkpoint", checkpointId);
      }
      Http.json(ctx, Wire.emptyState());
      return;
    }
    // The checkpoint just read, shown as a read pinned to it (as LangGraph's server reads a thread's state), so values,
    // next and created_at describe that one: LangGraph's newest-state view applies saved task writes and shows a resumed
    // task that paused again without a new checkpoint as done (next [], conformance interrupt-twice-in-one-node).
    StateSnapshot snap = graph.getState(saved, subgraphs);
    Http.json(ctx, Wire.state(snap, snap.createdAt()));
  }

  @SuppressWarnings("unchecked")
  private void updateState(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String id = pathThread(ctx);
    String owner = Http.owner(ctx);
    Object values = b.get("values");
    String asNode = Json.string(b, "as_node");
    String checkpointId = Wire.checkpointId(b);
    CompiledGraph graph = graphOf(id, owner);
    if (graph == null) {
      throw ServerException.conflict("thread " + id + " has no graph yet: run it once, or create it with metadata.graph_id");
    }
    boolean busy = services.db().tx(c -> services.runs().active(c, id));
    if (busy) {
      throw ServerException.conflict("thread " + id + " has a pending or running run; update its state when it is idle");
    }
    services.checkpoint(id, checkpointId);
    Map<String, Object> map;
    if (values == null) {
      map = Map.of();
    } else if (values instanceof Map<?, ?> m) {
      map = (Map<String, Object>) m;
    } else if (values instanceof List<?> list && list.size() == 1 && list.getFirst() instanceof Map<?, ?> m) {
      map = (Map<String, Object>) m;
    } else {
      throw ServerException.invalid("\"values\" must be an object (or a list holding one)");
    }
    RunConfig next;
    try {
      next = graph.updateState(RunConfig.thread(id).withCheckpointId(checkpointId), map, asNode);
    } catch (IllegalArgumentException e) {
      throw ServerException.invalid(e.getMessage());
    }
    refresh(id, graph);
    Map<String, Object> cp = Wire.checkpoint(CheckpointConfig.thread(id).withCheckpointId(next.checkpointId()));
    Http.json(ctx, Map.of("checkpoint", cp, "configurable", cp));
  }

  /**
   * Merges metadata into the thread's newest checkpoint (or the one {@code checkpoint_id} /
   * {@code config.configurable.checkpoint_id} names), keeping its values: LangGraph's
   * {@code threads.patchState}. The reserved keys source, step and writes cannot be patched.
   */
  private void patchState(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String id = pathThread(ctx);
    services.db().tx(c -> services.threads().require(c, id, Http.owner(ctx)));
    Map<String, Object> patch = Json.map(b, "metadata");
    for (String reserved : List.of("source", "step", "writes")) {
      if (patch.containsKey(reserved)) {
        throw ServerException.invalid("checkpoint metadata \"" + reserved + "\" cannot be patched");
      }
    }
    String checkpointId = Json.string(b, "checkpoint_id");
    if (checkpointId == null && Json.map(b, "config").get("configurable") instanceof Map<?, ?> conf
        && conf.get("checkpoint_id") instanceof String cid) {
      checkpointId = cid;
    }
    CheckpointTuple t = services.saver().getTuple(CheckpointConfig.thread(id).withCheckpointId(checkpointId));
    if (t == null) {
      throw ServerException.notFound("checkpoint", checkpointId == null ? "of thread " + id : checkpointId);
    }
    Map<String, Object> extra = new java.util.LinkedHashMap<>(t.metadata().extra());
    patch.forEach((k, v) -> {
      if (v == null) {
        extra.remove(k);
      } else {
        extra.put(k, v);
      }
    });
    CheckpointConfig parent = t.parentConfig() != null ? t.parentConfig() : t.config().withCheckpointId(null);
    services.saver().put(parent, t.checkpoint(), new dev.trellis.checkpoint.CheckpointMetadata(t.metadata().source(),
        t.metadata().step(), t.metadata().writes(), extra));
    Http.noContent(ctx);
  }

  /** Stores the thread's current values, interrupts and status after an edit. */
  private void refresh(String id, CompiledGraph graph) {
    StateSnapshot snap = graph.getState(RunConfig.thread(id));
    services.db().tx(c -> {
      services.threads().setState(c, id, snap.next().isEmpty() ? ThreadStatus.IDLE : ThreadStatus.INTERRUPTED,
          dev.trellis.server.db.Threads.Values.of(snap.values(), Json.writePlain(snap.values())),
          Wire.interruptsByTask(snap), null);
      return null;
    });
  }

  private void history(Context ctx, Map<String, Object> b) {
    String id = pathThread(ctx);
    CompiledGraph graph = graphOf(id, Http.owner(ctx));
    int limit = Json.integer(b, "limit", 10, 1, 1000);
    boolean reference = HistoryPage.REFERENCE.equals(
        Json.choice(b, HistoryPage.FIELD, HistoryPage.FULL, HistoryPage.FULL, HistoryPage.REFERENCE));
    if (graph == null) {
      Http.json(ctx, List.of());
      return;
    }
    Object before = b.get("before");
    String beforeId = before instanceof String str ? str
        : before instanceof Map<?, ?> m && m.get("configurable") instanceof Map<?, ?> conf ? checkpointIdOf(conf)
        : before instanceof Map<?, ?> m2 ? checkpointIdOf(m2) : null;
    Map<String, Object> filter = Json.map(b, "metadata");
    // Reads the page it returns, no more: each snapshot carries its checkpoint's timestamp.
    List<StateSnapshot> snaps = graph.getStateHistory(RunConfig.thread(id).withCheckpointId(beforeId), limit, filter);
    Http.json(ctx, HistoryPage.of(snaps, reference));
  }

  /** The stored id of the caller's thread the path names. */
  private static String pathThread(Context ctx) {
    return PublicIds.thread(ctx, ctx.pathParam("id"));
  }

  /** The {@code checkpoint_id} of a config object, or null; refused when it is not a string. */
  private static String checkpointIdOf(Map<?, ?> config) {
    Object id = config.get("checkpoint_id");
    if (id != null && !(id instanceof String)) {
      throw ServerException.invalid("\"checkpoint_id\" must be a string, got " + ServerException.echo(id));
    }
    return (String) id;
  }
}
