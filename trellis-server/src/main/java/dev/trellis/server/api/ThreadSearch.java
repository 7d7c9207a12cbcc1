package dev.trellis.server.api;

import dev.trellis.server.db.ThreadQuery;
import dev.trellis.server.db.ThreadStatus;
import dev.trellis.server.db.Threads;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.Services;
import dev.trellis.server.route.Http;
import dev.trellis.server.wire.Json;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /threads/search} and {@code /threads/count}: the body's filters ({@code metadata},
 * {@code values}, {@code status}, {@code ids}), sort ({@code sort_by}, {@code sort_order}) and page
 * ({@code limit} 1..1000, default 10; {@code offset}) run in SQL by {@link ThreadQuery};
 * {@code X-Pagination-Total} and {@code X-Pagination-Next} are set as for the other searches.
 */
final class ThreadSearch {
  private static final List<String> STATUSES = java.util.Arrays.stream(ThreadStatus.values()).map(ThreadStatus::wire).toList();
  private final Services services;
  private final ThreadQuery query;

  ThreadSearch(Services services) {
    this.services = services;
    this.query = new ThreadQuery(services.db(), services.threads());
  }

  private static ThreadQuery.Filter filter(Context ctx, Map<String, Object> b) {
    String status = Json.string(b, "status");
    if (status != null && !STATUSES.contains(status)) {
      throw ServerException.invalid("\"status\" must be idle, busy, interrupted or error");
    }
    return new ThreadQuery.Filter(Http.owner(ctx), status, publicIds(ctx, Json.strings(b, "ids")),
        metadata(ctx, Json.map(b, "metadata")),
        Json.map(b, "values"));
  }

  private static java.util.List<String> publicIds(Context ctx, java.util.List<String> ids) {
    return ids == null ? null : ids.stream().map(id -> PublicIds.thread(ctx, id)).toList();
  }

  /** The metadata filter with a public {@code assistant_id} turned into the stored one runs stamp. */
  private static Map<String, Object> metadata(Context ctx, Map<String, Object> filter) {
    if (filter == null || !(filter.get("assistant_id") instanceof String a)) {
      return filter;
    }
    Map<String, Object> out = new java.util.LinkedHashMap<>(filter);
    out.put("assistant_id", PublicIds.assistant(ctx, a));
    return out;
  }

  void search(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    ThreadQuery.Filter f = filter(ctx, b);
    int limit = Json.integer(b, "limit", 10, 1, 1000);
    int offset = Json.integer(b, "offset", 0, 0, Integer.MAX_VALUE);
    String sortBy = Json.choice(b, "sort_by", "created_at", Threads.SORTS.toArray(String[]::new));
    String order = Json.string(b, "sort_order");
    if (order != null && !order.equalsIgnoreCase("asc") && !order.equalsIgnoreCase("desc")) {
      throw ServerException.invalid("\"sort_order\" must be asc or desc");
    }
    boolean ascending = order != null && order.equalsIgnoreCase("asc");
    Object[] out = services.db().tx(c -> {
      long matches = query.count(c, f);
      return new Object[] {query.page(c, f, sortBy, ascending, limit, offset, matches), matches};
    });
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> page = (List<Map<String, Object>>) out[0];
    long total = (Long) out[1];
    ctx.header("X-Pagination-Total", String.valueOf(total));
    if (offset + page.size() < total) {
      ctx.header("X-Pagination-Next", String.valueOf(offset + page.size()));
    }
    Http.json(ctx, Pages.select(b, page));
  }

  void count(Context ctx) {
    ThreadQuery.Filter f = filter(ctx, Http.body(ctx));
    Http.json(ctx, services.db().tx(c -> query.count(c, f)));
  }
}
