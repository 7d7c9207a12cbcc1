package dev.trellis.client;

import static dev.trellis.client.Transport.seg;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /runs/crons}: runs on a schedule (cron syntax), on one thread or a new thread each
 * time. The run's options are those of a {@link RunRequest}; other fields ({@code end_time},
 * {@code timezone}, {@code enabled}...) go in by their wire names. Thread-safe.
 */
public final class CronsClient {
  private final Transport t;

  CronsClient(Transport t) {
    this.t = t;
  }

  /** A cron running {@code request} on {@code threadId} at each {@code schedule}. */
  public Cron createForThread(String threadId, String schedule, RunRequest request) {
    return t.json("POST", "/threads/" + seg(threadId) + "/runs/crons", body(schedule, request, Map.of()),
        Json.type(Cron.class));
  }

  /** A cron running {@code request} on a new thread at each {@code schedule}; {@code fields} adds e.g. {@code end_time}. */
  public Cron create(String schedule, RunRequest request, Map<String, ?> fields) {
    return t.json("POST", "/runs/crons", body(schedule, request, fields), Json.type(Cron.class));
  }

  /** Changes the cron's {@code fields} ({@code schedule}, {@code enabled}, {@code input}...). */
  public Cron update(String cronId, Map<String, ?> fields) {
    return t.json("PATCH", "/runs/crons/" + seg(cronId), fields, Json.type(Cron.class));
  }

  public void delete(String cronId) {
    t.json("DELETE", "/runs/crons/" + seg(cronId), null, null);
  }

  /** Crons matching {@code query} ({@code assistant_id}, {@code thread_id}, {@code limit}, {@code offset}). */
  public List<Cron> search(Map<String, ?> query) {
    return t.json("POST", "/runs/crons/search", query, Json.listOf(Cron.class));
  }

  public int count(Map<String, ?> query) {
    Integer n = t.json("POST", "/runs/crons/count", query, Json.type(Integer.class));
    return n == null ? 0 : n;
  }

  private static Map<String, Object> body(String schedule, RunRequest request, Map<String, ?> fields) {
    Map<String, Object> body = new LinkedHashMap<>(request.toMap());
    body.putAll(fields);
    body.put("schedule", schedule);
    return body;
  }
}
