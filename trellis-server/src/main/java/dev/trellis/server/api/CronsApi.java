package dev.trellis.server.api;

import dev.trellis.server.db.Crons;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.CronSchedule;
import dev.trellis.server.queue.RunRequest;
import dev.trellis.server.queue.Services;
import dev.trellis.server.route.Http;
import dev.trellis.server.wire.Json;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@code /runs/crons}: scheduled runs (create for a thread or stateless, update, delete, search,
 * count). Their payload is validated as a run body when saved; {@link CronScheduler} fires them.
 */
final class CronsApi {
  private final Services services;
  private final Crons crons;

  CronsApi(Services services, Crons crons) {
    this.services = services;
    this.crons = crons;
  }

  void register(RoutesConfig r) {
    r.post("/threads/{tid}/runs/crons", ctx -> create(ctx, PublicIds.thread(ctx, ctx.pathParam("tid"))));
    r.post("/runs/crons", ctx -> create(ctx, null));
    r.patch("/runs/crons/{id}", this::update);
    r.delete("/runs/crons/{id}", ctx -> {
      if (!services.db().tx(c -> crons.delete(c, ctx.pathParam("id"), Http.owner(ctx)))) {
        throw ServerException.notFound("cron", ctx.pathParam("id"));
      }
      Http.noContent(ctx);
    });
    r.post("/runs/crons/search", ctx -> {
      Map<String, Object> b = Http.body(ctx);
      Http.json(ctx, Pages.page(ctx, b, matching(ctx, b), List.of("cron_id", "assistant_id", "thread_id",
          "next_run_date", "end_time", "created_at", "updated_at"), "created_at"));
    });
    r.post("/runs/crons/count", ctx -> Http.json(ctx, matching(ctx, Http.body(ctx)).size()));
  }

  /** The body's {@code timezone} as given (checked to be a zone id), or {@code dflt} when absent. */
  private static String timezone(Map<String, Object> b, String dflt) {
    String tz = Json.string(b, "timezone");
    if (tz == null) {
      return dflt;
    }
    try {
      ZoneId.of(tz);
      return tz;
    } catch (java.time.DateTimeException e) {
      throw ServerException.invalid("unknown timezone " + ServerException.echo(tz));
    }
  }

  /** The first fire of {@code schedule} after {@code now} in {@code timezone} (null: UTC); a 422 when it never fires. */
  private static long nextFire(CronSchedule schedule, String expr, long now, String timezone) {
    try {
      return schedule.nextMillis(now, timezone == null ? ZoneOffset.UTC : ZoneId.of(timezone));
    } catch (IllegalArgumentException e) {
      throw ServerException.invalid("the cron schedule \"" + ServerException.echo(expr) + "\" never fires");
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
    String assistantId = services.assistants().require(PublicIds.assistant(ctx, assistant), owner).assistantId();
    Map<String, Object> payload = new LinkedHashMap<>(b);
    for (String k : List.of("schedule", "end_time", "enabled", "on_run_completed", "timezone")) {
      payload.remove(k);
    }
    services.webhooks().check(RunRequest.parse(payload).webhook());
    if (threadId != null) {
      services.db().tx(c -> services.threads().require(c, threadId, owner));
    }
    String id = UUID.randomUUID().toString();
    String timezone = timezone(b, null);
    long next = nextFire(cron, expr, services.db().millis(), timezone);
    String now = ServerDb.now();
    Crons.Cron saved = services.db().tx(c -> crons.insert(c, new Crons.Cron(id, assistantId, threadId, owner,
        expr, timezone, payload, Json.map(b, "metadata"), endTime, next, !Boolean.FALSE.equals(enabled), onCompleted, now, now)));
    Http.json(ctx, wire(saved));
  }

  private void update(Context ctx) {
    Map<String, Object> b = Http.body(ctx);
    String owner = Http.owner(ctx);
    String endTime = endTime(b);
    Object enabled = enabled(b);
    Http.json(ctx, services.db().tx(c -> {
      Crons.Cron cron = ServerException.found(crons.get(c, ctx.pathParam("id"), owner), "cron", ctx.pathParam("id"));
      String expr = b.containsKey("schedule") ? Json.string(b, "schedule") : cron.schedule();
      String timezone = timezone(b, cron.timezone());
      long next = nextFire(schedule(expr), expr, services.db().millis(), timezone);
      Map<String, Object> payload = new LinkedHashMap<>(cron.payload());
      for (String k : List.of("input", "config", "context", "metadata", "stream_mode", "interrupt_before", "interrupt_after",
          "webhook", "multitask_strategy", "durability")) {
        if (b.containsKey(k)) {
          payload.put(k, b.get(k));
        }
      }
      services.webhooks().check(RunRequest.parse(payload).webhook());
      return wire(crons.update(c, new Crons.Cron(cron.cronId(), cron.assistantId(), cron.threadId(), cron.owner(), expr,
          timezone, payload, cron.metadata(), endTime != null ? endTime : cron.endTime(), next,
          enabled != null ? Boolean.TRUE.equals(enabled) : cron.enabled(), cron.onRunCompleted(), cron.createdAt(),
          cron.updatedAt())));
    }));
  }

  private List<Map<String, Object>> matching(Context ctx, Map<String, Object> b) {
    String assistant = PublicIds.assistant(ctx, Json.string(b, "assistant_id"));
    String thread = PublicIds.thread(ctx, Json.string(b, "thread_id"));
    Object enabled = b.get("enabled");
    List<Map<String, Object>> out = new ArrayList<>();
    services.db().tx(c -> {
      String assistantId = assistant == null ? null : services.assistants().require(c, assistant, Http.owner(ctx))
          .assistantId();
      for (Crons.Cron cron : crons.ofOwner(c, Http.owner(ctx))) {
        Map<String, Object> w = wire(cron);
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

  private static Map<String, Object> wire(Crons.Cron cron) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("cron_id", cron.cronId());
    m.put("assistant_id", cron.assistantId());
    m.put("thread_id", cron.threadId());
    m.put("schedule", cron.schedule());
    m.put("timezone", cron.timezone());
    m.put("payload", cron.payload());
    m.put("metadata", cron.metadata());
    m.put("end_time", cron.endTime());
    m.put("next_run_date", ServerDb.time(java.time.Instant.ofEpochMilli(cron.nextRunAt())));
    m.put("user_id", cron.owner());
    m.put("enabled", cron.enabled());
    m.put("on_run_completed", cron.onRunCompleted());
    m.put("created_at", cron.createdAt());
    m.put("updated_at", cron.updatedAt());
    return m;
  }
}
