package dev.trellis.server.api;

import dev.trellis.server.db.Assistant;
import dev.trellis.server.db.JsonContainment;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.RunRequest;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.ThreadDeletion;
import dev.trellis.server.route.Http;
import dev.trellis.server.wire.Json;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** {@code /assistants}: create, get, patch (a new version), delete, search, count, versions, graph, schemas, subgraphs. */
final class AssistantsApi {
  private final Services services;

  AssistantsApi(Services services) {
    this.services = services;
  }

  void register(RoutesConfig r) {
    r.post("/assistants", this::create);
    r.post("/assistants/search", this::search);
    r.post("/assistants/count", ctx -> Http.json(ctx, matching(ctx, Http.body(ctx)).size()));
    r.get("/assistants/{id}", ctx -> Http.json(ctx,
        services.assistants().require(pathAssistant(ctx), Http.owner(ctx)).wire()));
    r.patch("/assistants/{id}", this::patch);
    r.delete("/assistants/{id}", this::delete);
    r.get("/assistants/{id}/graph", this::graph);
    r.get("/assistants/{id}/schemas", ctx -> {
      String g = services.assistants().require(pathAssistant(ctx), Http.owner(ctx)).graphId();
      Http.json(ctx, GraphSchemas.of(g, services.graph(g).signature()));
    });
    r.get("/assistants/{id}/subgraphs", ctx -> subgraphs(ctx, null));
    r.get("/assistants/{id}/subgraphs/{namespace}", ctx -> subgraphs(ctx, ctx.pathParam("namespace")));
    r.post("/assistants/{id}/versions", this::versions);
    r.post("/assistants/{id}/latest", this::latest);
  }

  private void create(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String graphId = Json.string(b, "graph_id");
    if (graphId == null) {
      throw ServerException.invalid("\"graph_id\" is required");
    }
    services.graph(graphId);
    RunRequest.checkConfig(Json.map(b, "config"), "config.");
    String id = Json.string(b, "assistant_id");
    if (id != null) {
      uuid(id, "assistant_id");
    }
    String ifExists = Json.choice(b, "if_exists", "raise", "raise", "do_nothing");
    String owner = Http.owner(ctx);
    Map<String, Object> out = services.db().tx(c -> {
      String assistantId = id == null ? UUID.randomUUID().toString()
          : PublicIds.claim(ctx, c, dev.trellis.server.db.IdAliases.Kind.ASSISTANT, id);
      Assistant existing = services.assistants().byId(c, assistantId);
      if (existing != null) {
        if ("do_nothing".equals(ifExists) && owner.equals(existing.owner())) {
          return services.assistants().get(c, assistantId, owner).wire();
        }
        throw ServerException.conflict("assistant " + assistantId + " already exists");
      }
      return services.assistants().insert(c, assistantId, graphId, owner, b.get("name") == null ? graphId : Json.string(b, "name"),
          Json.string(b, "description"), Json.map(b, "config"), Json.map(b, "context"), Json.map(b, "metadata")).wire();
    });
    Http.json(ctx, out);
  }

  static void uuid(String id, String field) {
    try {
      UUID.fromString(id);
    } catch (IllegalArgumentException e) {
      throw ServerException.invalid("\"" + field + "\" must be a UUID, got " + id);
    }
  }

  private List<Map<String, Object>> matching(Context ctx, Map<String, Object> b) {
    String graphId = Json.string(b, "graph_id");
    String name = Json.string(b, "name");
    Map<String, Object> metadata = Json.map(b, "metadata");
    String owner = Http.owner(ctx);
    List<Map<String, Object>> all = services.db().tx(c -> services.assistants().visible(c, owner)).stream().map(Assistant::wire).toList();
    return all.stream()
        .filter(a -> graphId == null || graphId.equals(a.get("graph_id")))
        .filter(a -> name == null || String.valueOf(a.get("name")).toLowerCase().contains(name.toLowerCase()))
        .filter(a -> JsonContainment.contains(a.get("metadata"), metadata))
        .toList();
  }

  private void search(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    Http.json(ctx, Pages.page(ctx, b, matching(ctx, b),
        List.of("assistant_id", "graph_id", "name", "created_at", "updated_at"), "created_at"));
  }

  private Assistant owned(java.sql.Connection c, String id, String owner) throws java.sql.SQLException {
    Assistant a = services.assistants().require(c, id, owner);
    if (!owner.equals(a.owner()) && !"".equals(owner)) {
      throw new ApiException(403, "assistant " + ServerException.echo(id) + " is a system assistant and cannot be changed");
    }
    return a;
  }

  /** Whether {@code a} is the system assistant of a served graph (versioned like any other, never deleted or repointed). */
  private boolean system(Assistant a) {
    return services.graphs().keySet().stream().anyMatch(g -> dev.trellis.server.db.Assistants.systemId(g).equals(a.assistantId()));
  }

  private void patch(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String owner = Http.owner(ctx);
    String graphId = Json.string(b, "graph_id");
    if (graphId != null) {
      services.graph(graphId);
    }
    RunRequest.checkConfig(Json.map(b, "config"), "config.");
    Http.json(ctx, services.db().tx(c -> {
      Assistant a = owned(c, pathAssistant(ctx), owner);
      String id = a.assistantId();
      if (graphId != null && !graphId.equals(a.graphId()) && system(a)) {
        throw ServerException.invalid("assistant " + id + " is the system assistant of graph \"" + a.graphId()
            + "\": it can get new versions but cannot be repointed to another graph; create an assistant for \""
            + graphId + "\" instead");
      }
      Map<String, Object> metadata = new LinkedHashMap<>(a.metadata());
      metadata.putAll(Json.map(b, "metadata"));
      services.assistants().update(c, new Assistant(id, graphId == null ? a.graphId() : graphId, a.owner(),
          b.containsKey("name") ? Json.string(b, "name") : a.name(),
          b.containsKey("description") ? Json.string(b, "description") : a.description(),
          b.containsKey("config") ? Json.map(b, "config") : a.config(),
          b.containsKey("context") ? Json.map(b, "context") : a.context(), metadata, a.version(), a.createdAt(),
          a.updatedAt()));
      return services.assistants().get(c, id, owner).wire();
    }));
  }

  private void delete(Context ctx) {
    String owner = Http.owner(ctx);
    boolean threads = Http.flag(ctx, "delete_threads", false);
    List<String> threadIds = services.db().tx(c -> {
      Assistant a = owned(c, pathAssistant(ctx), owner);
      String id = a.assistantId();
      if (system(a)) {
        throw ServerException.conflict("assistant " + id + " is the system assistant of graph \"" + a.graphId()
            + "\" and cannot be deleted (runs name it by the graph); delete assistants you created");
      }
      // As LangGraph: the threads whose metadata names the assistant (every run stamps it there).
      List<String> ids = threads ? services.threads().ofAssistant(c, owner, id) : List.of();
      services.assistants().delete(c, id);
      return ids;
    });
    threadIds.forEach(t -> ThreadDeletion.delete(services, t));
    Http.noContent(ctx);
  }

  private void graph(Context ctx) {
    Assistant a = services.assistants().require(pathAssistant(ctx), Http.owner(ctx));
    String x = ctx.queryParam("xray");
    int depth = x == null || x.equals("false") || x.equals("0") ? 0 : x.equals("true") ? Integer.MAX_VALUE : parse(x);
    Http.json(ctx, GraphJson.drawing(services.graph(a.graphId()), depth));
  }

  private static int parse(String x) {
    try {
      return Integer.parseInt(x);
    } catch (NumberFormatException e) {
      throw ServerException.invalid("\"xray\" must be a boolean or an integer, got " + x);
    }
  }

  private void subgraphs(Context ctx, String namespace) {
    Assistant a = services.assistants().require(pathAssistant(ctx), Http.owner(ctx));
    Http.json(ctx, GraphSchemas.subgraphs(services.graph(a.graphId()).signature(), namespace,
        Http.flag(ctx, "recurse", false)));
  }

  private void versions(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String owner = Http.owner(ctx);
    Map<String, Object> metadata = Json.map(b, "metadata");
    List<Map<String, Object>> rows = services.db().tx(c -> {
      Assistant a = services.assistants().require(c, pathAssistant(ctx), owner);
      List<Map<String, Object>> out = new ArrayList<>();
      for (Map<String, Object> v : services.assistants().versions(c, a.assistantId())) {
        if (JsonContainment.contains(v.get("metadata"), metadata)) {
          out.add(v);
        }
      }
      return out;
    });
    int limit = Json.integer(b, "limit", 10, 1, 1000);
    int offset = Json.integer(b, "offset", 0, 0, Integer.MAX_VALUE);
    Http.json(ctx, rows.subList(Math.min(offset, rows.size()), Math.min(rows.size(), offset + limit)));
  }

  private void latest(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    int version = Json.integer(b, "version", -1, 1, Integer.MAX_VALUE);
    String owner = Http.owner(ctx);
    Http.json(ctx, services.db().tx(c -> {
      String id = owned(c, pathAssistant(ctx), owner).assistantId();
      if (!services.assistants().restore(c, id, version)) {
        throw ServerException.notFound("assistant " + id + " has no version " + version);
      }
      return services.assistants().get(c, id, owner).wire();
    }));
  }

  /** The stored id of the caller's assistant the path names (graph ids stay themselves). */
  private static String pathAssistant(Context ctx) {
    return PublicIds.assistant(ctx, ctx.pathParam("id"));
  }
}
