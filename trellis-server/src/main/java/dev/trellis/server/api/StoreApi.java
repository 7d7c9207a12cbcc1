package dev.trellis.server.api;

import dev.trellis.checkpoint.store.Item;
import dev.trellis.checkpoint.store.Op;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.Services;
import dev.trellis.server.route.Http;
import dev.trellis.server.wire.Json;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /store}: put, get, delete, search (filter and semantic query), list namespaces.
 * With auth on, each user's items live under a hidden first label ({@code owner.<user>},
 * which no client can write since labels may not contain dots): users never see each other's.
 */
final class StoreApi {
  private final Services services;

  StoreApi(Services services) {
    this.services = services;
  }

  void register(RoutesConfig r) {
    r.put("/store/items", this::put);
    r.get("/store/items", this::get);
    r.delete("/store/items", this::delete);
    r.post("/store/items/search", this::search);
    r.post("/store/namespaces", this::namespaces);
  }

  private static List<String> labels(Object v, String field, boolean allowEmpty) {
    if (!(v instanceof List<?> l) || !l.stream().allMatch(x -> x instanceof String)) {
      if (v == null && allowEmpty) {
        return List.of();
      }
      throw ServerException.invalid("\"" + field + "\" must be a list of strings");
    }
    List<String> out = l.stream().map(String.class::cast).toList();
    if (out.isEmpty() && !allowEmpty) {
      throw ServerException.invalid("\"" + field + "\" must not be empty");
    }
    for (String label : out) {
      if (label.isEmpty() || label.contains(".")) {
        throw ServerException.invalid("namespace labels must be non-empty and must not contain '.', got \"" + label + "\"");
      }
    }
    return out;
  }

  private static List<String> scoped(Context ctx, List<String> ns) {
    String owner = Http.owner(ctx);
    if (owner.isEmpty()) {
      return ns;
    }
    List<String> out = new ArrayList<>();
    out.add("owner." + owner);
    out.addAll(ns);
    return out;
  }

  private static List<String> unscoped(Context ctx, List<String> ns) {
    return Http.owner(ctx).isEmpty() ? ns : ns.subList(1, ns.size());
  }

  private Map<String, Object> item(Context ctx, Item i, boolean withScore) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("namespace", unscoped(ctx, i.namespace()));
    m.put("key", i.key());
    m.put("value", Json.plain(i.value()));
    m.put("created_at", i.createdAt().toString());
    m.put("updated_at", i.updatedAt().toString());
    if (withScore) {
      m.put("score", i.score());
    }
    return m;
  }

  @SuppressWarnings("unchecked")
  private void put(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    List<String> ns = labels(b.get("namespace"), "namespace", false);
    String key = Json.string(b, "key");
    if (key == null || key.isEmpty()) {
      throw ServerException.invalid("\"key\" is required");
    }
    if (!(b.get("value") instanceof Map<?, ?> value)) {
      throw ServerException.invalid("\"value\" must be an object");
    }
    Object index = b.get("index");
    List<String> fields = Boolean.FALSE.equals(index) ? List.of() : index == null ? null : labelsOrFields(index);
    Object ttl = b.get("ttl");
    if (ttl != null && !(ttl instanceof Number n && n.doubleValue() > 0)) {
      throw ServerException.invalid("\"ttl\" must be a positive number of minutes");
    }
    Duration d = ttl == null ? null : Duration.ofMillis((long) (((Number) ttl).doubleValue() * 60_000));
    services.store().put(scoped(ctx, ns), key, (Map<String, Object>) value, fields, d);
    Http.noContent(ctx);
  }

  private static List<String> labelsOrFields(Object index) {
    if (index instanceof List<?> l && l.stream().allMatch(x -> x instanceof String)) {
      return l.stream().map(String.class::cast).toList();
    }
    throw ServerException.invalid("\"index\" must be false or a list of field paths");
  }

  private void get(Context ctx) {
    String ns = ctx.queryParam("namespace");
    String key = ctx.queryParam("key");
    if (key == null || key.isEmpty()) {
      throw ServerException.invalid("query parameter \"key\" is required");
    }
    List<String> labels = ns == null || ns.isEmpty() ? List.of() : Arrays.asList(ns.split("\\.", -1));
    labels(labels, "namespace", false);
    String refresh = ctx.queryParam("refresh_ttl");
    if (refresh != null && !refresh.equals("true") && !refresh.equals("false")) {
      throw new ApiException(422, "query parameter \"refresh_ttl\" must be true or false, got \"" + refresh + "\"");
    }
    Item i = (Item) services.store().batch(List.of(new Op.Get(scoped(ctx, labels), key, !"false".equals(refresh)))).getFirst();
    if (i == null) {
      Http.json(ctx, null);
      return;
    }
    Http.json(ctx, item(ctx, i, false));
  }

  private void delete(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    List<String> ns = labels(b.get("namespace"), "namespace", false);
    String key = Json.string(b, "key");
    if (key == null) {
      throw ServerException.invalid("\"key\" is required");
    }
    services.store().delete(scoped(ctx, ns), key);
    Http.noContent(ctx);
  }

  private void search(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    List<String> prefix = labels(b.get("namespace_prefix"), "namespace_prefix", true);
    Map<String, Object> filter = Json.map(b, "filter");
    filter.forEach((k, v) -> {
      if (v == null) {
        throw new ApiException(422, "\"filter\" value of " + ServerException.echo(k) + " is null: filter on a value");
      }
    });
    int limit = Json.integer(b, "limit", 10, 1, 1000);
    int offset = Json.integer(b, "offset", 0, 0, Integer.MAX_VALUE);
    String query = Json.string(b, "query");
    Object refresh = b.get("refresh_ttl");
    if (refresh != null && !(refresh instanceof Boolean)) {
      throw new ApiException(422, "\"refresh_ttl\" must be true or false, got " + Json.write(refresh));
    }
    @SuppressWarnings("unchecked")
    List<Item> items = (List<Item>) services.store().batch(List.of(new Op.Search(scoped(ctx, prefix), filter,
        query == null || query.isBlank() ? null : query, limit, offset, !Boolean.FALSE.equals(refresh)))).getFirst();
    List<Map<String, Object>> out = new ArrayList<>();
    for (Item i : items) {
      out.add(item(ctx, i, true));
    }
    Http.json(ctx, Map.of("items", out));
  }

  private void namespaces(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    List<String> prefix = labels(b.get("prefix"), "prefix", true);
    List<String> suffix = labels(b.get("suffix"), "suffix", true);
    int maxDepth = Json.integer(b, "max_depth", 0, 0, 1000);
    int limit = Json.integer(b, "limit", 100, 1, 1000);
    int offset = Json.integer(b, "offset", 0, 0, Integer.MAX_VALUE);
    boolean scopedOn = !Http.owner(ctx).isEmpty();
    List<List<String>> all = services.store().listNamespaces(scoped(ctx, prefix),
        maxDepth == 0 ? 0 : maxDepth + (scopedOn ? 1 : 0), 100_000, 0);
    List<List<String>> out = new ArrayList<>();
    for (List<String> ns : all) {
      if (scopedOn && (ns.isEmpty() || !ns.getFirst().equals("owner." + Http.owner(ctx)))) {
        continue;
      }
      List<String> visible = unscoped(ctx, ns);
      if (!suffix.isEmpty() && (visible.size() < suffix.size()
          || !visible.subList(visible.size() - suffix.size(), visible.size()).equals(suffix))) {
        continue;
      }
      if (!Http.owner(ctx).isEmpty() || !visible.isEmpty() && !visible.getFirst().startsWith("owner.")) {
        out.add(visible);
      }
    }
    Http.json(ctx, Map.of("namespaces", out.subList(Math.min(offset, out.size()), Math.min(out.size(), offset + limit))));
  }
}
