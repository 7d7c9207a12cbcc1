package dev.trellis.server.api;

import dev.trellis.server.wire.Json;
import dev.trellis.server.error.ServerException;

import dev.trellis.server.db.ServerDb;
import dev.trellis.server.queue.CronSchedule;
import dev.trellis.server.queue.Services;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /runs/crons}: scheduled runs (create for a thread or stateless, update, delete, search,
 * count) and the scheduler that fires them. Every server process runs the scheduler; a fire is
 * claimed by moving {@code next_run_at} forward with a compare-and-set, so each fires once.
 */
final class CronsApi implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CronsApi.class);
  private final Services s;
  private final RunsApi runs;
  private final Thread scheduler;
  private volatile boolean running = true;

  CronsApi(Services s, RunsApi runs) {
    this.s = s;
    this.runs = runs;
    this.scheduler = Thread.ofPlatform().daemon().name("trellis-crons").start(this::loop);
  }

  void register(RoutesConfig r) {
    r.post("/threads/{tid}/runs/crons", ctx -> create(ctx, PublicIds.thread(ctx, ctx.pathParam("tid"))));
    r.post("/runs/crons", ctx -> create(ctx, null));
    r.patch("/runs/crons/{id}", this::update);
    r.delete("/runs/crons/{id}", ctx -> {
      int n = s.db().tx(c -> s.db().update(c, "DELETE FROM trellis_crons WHERE cron_id = ? AND owner = ?",
          ctx.pathParam("id"), Http.owner(ctx)));
      if (n == 0) {
        throw ServerException.notFound("cron", ctx.pathParam("id"));
      }
      Http.noContent(ctx);
    });
    r.post("/runs/crons/search", ctx -> {
      Map<String, Object> b = Http.body(ctx);
      Http.json(ctx, Http.page(ctx, b, matching(ctx, b), List.of("cron_id", "assistant_id", "thread_id",
          "next_run_date", "end_time", "created_at", "updated_at"), "created_at"));
    });
    r.post("/runs/crons/count", ctx -> Http.json(ctx, matching(ctx, Http.body(ctx)).size()));
  }

  private static ZoneId zone(Map<String, Object> b) {
    String tz = Json.string(b, "timezone");
    try {
      return tz == null ? ZoneOffset.UTC : ZoneId.of(tz);
    } catch (java.time.DateTimeException e) {
      throw ServerException.invalid("unknown timezone " + tz);
    }
  }

  /** {@code end_time}: absent, or an ISO-8601 date-time with an offset (checked here, so the scheduler never meets a bad one). */
  private static String endTime(Map<String, Object> b) {
    String end = Json.string(b, "end_time");
    if (end != null) {
      try {
        java.time.OffsetDateTime.parse(end);
      } catch (java.time.format.DateTimeParseException e) {
        throw ServerException.invalid("\"end_time\" must be an ISO-8601 date-time with an offset, such as "
            + "2030-01-01T00:00:00Z, got " + ServerException.echo(end));
      }
    }
    return end;
  }

  private static Object enabled(Map<String, Object> b) {
    Object v = b.get("enabled");
    if (v != null && !(v instanceof Boolean)) {
      throw ServerException.invalid("\"enabled\" must be true or false");
    }
    return v;
  }

  private static CronSchedule schedule(String expr) {
    try {
      return CronSchedule.parse(expr);
    } catch (IllegalArgumentException e) {
      throw ServerException.invalid(e.getMessage());
    }
  }

  private void create(Context ctx, String threadId) {
    Map<String, Object> b = Http.body(ctx);
    String expr = Json.string(b, "schedule");
    if (expr == null) {
      throw ServerException.invalid("\"schedule\" is required");
    }
    CronSchedule cron = schedule(expr);
    String endTime = endTime(b);
    Object enabled = enabled(b);
    String onCompleted = Json.choice(b, "on_run_completed", "delete", "delete", "keep");
    String owner = Http.owner(ctx);
    String assistant = Json.string(b, "assistant_id");
    if (assistant == null) {
      throw ServerException.invalid("\"assistant_id\" is required");
    }
    Map<String, Object> a = s.assistants().require(PublicIds.assistant(ctx, assistant), owner);
    Map<String, Object> payload = new LinkedHashMap<>(b);
    for (String k : List.of("schedule", "end_time", "enabled", "on_run_completed", "timezone")) {
      payload.remove(k);
    }
    dev.trellis.server.queue.RunRequest.parse(payload);
    if (threadId != null) {
      s.db().tx(c -> s.threads().require(c, threadId, owner));
    }
    String id = UUID.randomUUID().toString();
    long next = cron.nextMillis(s.db().millis(), zone(b));
    String now = ServerDb.now();
    Map<String, Object> row = s.db().tx(c -> {
      s.db().update(c, "INSERT INTO trellis_crons (cron_id, assistant_id, thread_id, owner, schedule, payload, metadata, "
          + "end_time, next_run_at, enabled, on_run_completed, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          id, a.get("assistant_id"), threadId, owner, expr, ServerDb.json(payload), ServerDb.json(Json.map(b, "metadata")),
          endTime, next, Boolean.FALSE.equals(enabled) ? 0 : 1, onCompleted, now, now);
      return s.db().row(c, "SELECT * FROM trellis_crons WHERE cron_id = ?", id);
    });
    Http.json(ctx, wire(row));
  }

  private void update(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String owner = Http.owner(ctx);
    String endTime = endTime(b);
    Object enabled = enabled(b);
    Http.json(ctx, s.db().tx(c -> {
      Map<String, Object> row = s.db().row(c, "SELECT * FROM trellis_crons WHERE cron_id = ? AND owner = ?",
          ctx.pathParam("id"), owner);
      if (row == null) {
        throw ServerException.notFound("cron", ctx.pathParam("id"));
      }
      String expr = b.containsKey("schedule") ? Json.string(b, "schedule") : (String) row.get("schedule");
      long next = schedule(expr).nextMillis(s.db().millis(), zone(b));
      Map<String, Object> payload = Json.map(row, "payload");
      for (String k : List.of("input", "config", "context", "metadata", "stream_mode", "interrupt_before", "interrupt_after",
          "webhook", "multitask_strategy", "durability")) {
        if (b.containsKey(k)) {
          payload.put(k, b.get(k));
        }
      }
      s.db().update(c, "UPDATE trellis_crons SET schedule = ?, payload = ?, next_run_at = ?, enabled = ?, end_time = ?, "
          + "updated_at = ? WHERE cron_id = ?", expr, ServerDb.json(payload), next,
          enabled != null ? (Boolean.TRUE.equals(enabled) ? 1 : 0) : row.get("enabled"),
          endTime != null ? endTime : row.get("end_time"), ServerDb.now(), row.get("cron_id"));
      return wire(s.db().row(c, "SELECT * FROM trellis_crons WHERE cron_id = ?", row.get("cron_id")));
    }));
  }

  private List<Map<String, Object>> matching(Context ctx, Map<String, Object> b) {
    String assistant = PublicIds.assistant(ctx, Json.string(b, "assistant_id"));
    String thread = PublicIds.thread(ctx, Json.string(b, "thread_id"));
    Object enabled = b.get("enabled");
    List<Map<String, Object>> out = new ArrayList<>();
    s.db().tx(c -> {
      String assistantId = assistant == null ? null : (String) s.assistants().require(c, assistant, Http.owner(ctx))
          .get("assistant_id");
      for (Map<String, Object> row : s.db().rows(c, "SELECT * FROM trellis_crons WHERE owner = ?", Http.owner(ctx))) {
        Map<String, Object> w = wire(row);
        if ((assistantId == null || assistantId.equals(w.get("assistant_id")))
            && (thread == null || thread.equals(w.get("thread_id")))
            && (enabled == null || enabled.equals(w.get("enabled")))) {
          out.add(w);
        }
      }
      return null;
    });
    return out;
  }

  private static Map<String, Object> wire(Map<String, Object> row) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("cron_id", row.get("cron_id"));
    m.put("assistant_id", row.get("assistant_id"));
    m.put("thread_id", row.get("thread_id"));
    m.put("schedule", row.get("schedule"));
    m.put("payload", row.get("payload"));
    m.put("metadata", row.get("metadata") == null ? Map.of() : row.get("metadata"));
    m.put("end_time", row.get("end_time"));
    m.put("next_run_date", ServerDb.time(java.time.Instant.ofEpochMilli(((Number) row.get("next_run_at")).longValue())));
    m.put("user_id", row.get("owner"));
    m.put("enabled", ((Number) row.get("enabled")).intValue() != 0);
    m.put("on_run_completed", row.get("on_run_completed"));
    m.put("created_at", row.get("created_at"));
    m.put("updated_at", row.get("updated_at"));
    return m;
  }

  private void loop() {
    while (running) {
      try {
        Thread.sleep(1000);
        fireDue();
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        LOG.warn("cron scheduler: {}", e.getMessage());
      }
    }
  }

  /** Fires every cron that is due and that this process wins; returns how many it fired. */
  int fireDue() {
    long now = s.db().millis();
    int fired = 0;
    List<Map<String, Object>> due = s.db().tx(c -> s.db().rows(c,
        "SELECT * FROM trellis_crons WHERE enabled = 1 AND next_run_at <= ? ORDER BY next_run_at", now));
    for (Map<String, Object> row : due) {
      // One cron's failure (a row written before validation, a schedule that never fires) must not stop the others.
      try {
        fired += fire(row, now);
      } catch (RuntimeException e) {
        LOG.warn("cron {} of {} skipped: {}", row.get("cron_id"), row.get("owner"), e.toString());
        postpone(row, now);
      }
    }
    return fired;
  }

  /** Claims and fires one due cron; 1 if it started a run. */
  private int fire(Map<String, Object> row, long now) {
    String endTime = (String) row.get("end_time");
    long was = ((Number) row.get("next_run_at")).longValue();
    boolean ended = endTime != null && java.time.OffsetDateTime.parse(endTime).toInstant().toEpochMilli() < now;
    long next = CronSchedule.parse((String) row.get("schedule")).nextMillis(now, ZoneOffset.UTC);
    int won = s.db().tx(c -> s.db().update(c, "UPDATE trellis_crons SET next_run_at = ?, enabled = ? WHERE cron_id = ? "
        + "AND next_run_at = ?", next, ended ? 0 : 1, row.get("cron_id"), was));
    if (won != 1 || ended) {
      return 0;
    }
    Map<String, Object> body = new LinkedHashMap<>(Json.map(row, "payload"));
    body.put("assistant_id", row.get("assistant_id"));
    if (row.get("thread_id") == null && "keep".equals(row.get("on_run_completed"))) {
      body.put("on_completion", "keep");
    }
    try {
      runs.creation().submit((String) row.get("owner"), (String) row.get("thread_id"), body, UUID.randomUUID().toString());
      return 1;
    } catch (RuntimeException e) {
      LOG.warn("cron {} could not start a run: {}", row.get("cron_id"), e.getMessage());
      return 0;
    }
  }

  /** Moves a cron that failed before its claim a minute on, so a broken row is retried rarely, not every tick. */
  private void postpone(Map<String, Object> row, long now) {
    try {
      s.db().tx(c -> s.db().update(c, "UPDATE trellis_crons SET next_run_at = ? WHERE cron_id = ? AND next_run_at = ?",
          now + 60_000, row.get("cron_id"), row.get("next_run_at")));
    } catch (RuntimeException e) {
      LOG.warn("cron {} could not be postponed: {}", row.get("cron_id"), e.toString());
    }
  }

  @Override
  public void close() {
    running = false;
    scheduler.interrupt();
  }
}
