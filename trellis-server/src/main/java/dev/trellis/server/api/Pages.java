package dev.trellis.server.api;

import dev.trellis.server.error.ServerException;
import dev.trellis.server.wire.Json;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The list routes' shared parts: sorting and paging, field selection. */
final class Pages {
  private Pages() {}

  /**
   * Sorts, pages ({@code limit} 1..1000, default 10; {@code offset}) and sets
   * {@code X-Pagination-Total}/{@code X-Pagination-Next}; {@code select} keeps only the named fields.
   */
  static List<Map<String, Object>> page(Context ctx, Map<String, Object> body, List<Map<String, Object>> rows,
                                               List<String> sortable, String defaultSort) {
    int limit = Json.integer(body, "limit", 10, 1, 1000);
    int offset = Json.integer(body, "offset", 0, 0, Integer.MAX_VALUE);
    String sortBy = Json.string(body, "sort_by");
    String sortOrder = Json.string(body, "sort_order");
    String key = sortBy == null ? defaultSort : sortBy;
    if (!sortable.contains(key)) {
      throw ServerException.invalid("\"sort_by\" must be one of " + sortable);
    }
    Comparator<Map<String, Object>> cmp = Comparator.comparing(r -> String.valueOf(r.get(key)));
    if (sortOrder == null || sortOrder.equalsIgnoreCase("desc")) {
      cmp = cmp.reversed();
    } else if (!sortOrder.equalsIgnoreCase("asc")) {
      throw ServerException.invalid("\"sort_order\" must be asc or desc");
    }
    List<Map<String, Object>> sorted = new ArrayList<>(rows);
    sorted.sort(cmp);
    int end = (int) Math.min(sorted.size(), (long) offset + limit);
    List<Map<String, Object>> out = offset >= sorted.size() ? List.of() : sorted.subList(offset, end);
    ctx.header("X-Pagination-Total", String.valueOf(sorted.size()));
    if (end < sorted.size()) {
      ctx.header("X-Pagination-Next", String.valueOf(end));
    }
    return select(body, out);
  }

  /** {@code rows} with only the fields the body's {@code select} names (all fields without one). */
  static List<Map<String, Object>> select(Map<String, Object> body, List<Map<String, Object>> out) {
    List<String> select = Json.strings(body, "select");
    if (select == null) {
      return out;
    }
    List<Map<String, Object>> picked = new ArrayList<>();
    for (Map<String, Object> r : out) {
      Map<String, Object> m = new java.util.LinkedHashMap<>();
      select.forEach(f -> m.put(f, r.get(f)));
      picked.add(m);
    }
    return picked;
  }
}
