package dev.trellis.server.api;

import dev.trellis.server.route.Http;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.db.Assistant;
import dev.trellis.server.queue.RunRow;
import dev.trellis.server.queue.Services;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A2A 1.0's {@code ListTasks}: the caller's tasks on one assistant, most recently updated first
 * (a task's last run's update time; ties by task id, descending), filtered by
 * {@code contextId}, {@code status} ({@code TASK_STATE_*}) and {@code statusTimestampAfter},
 * in pages of {@code pageSize} (1–100, default 50) with an opaque {@code pageToken} cursor; each
 * task with its history as {@code historyLength} says and its artifacts only when
 * {@code includeArtifacts} is true. Reads all of the caller's runs of the assistant (through the
 * index {@code trellis_runs_assistant}, in creation order); builds the
 * tasks of the page only, or every one when filtering by status (a finished run's state needs
 * its result).
 */
final class A2aTaskList {
  static final int DEFAULT_PAGE = 50;
  static final int MAX_PAGE = 100;

  private final Services services;
  private final A2aTasks tasks;

  A2aTaskList(Services services, A2aTasks tasks) {
    this.services = services;
    this.tasks = tasks;
  }

  private record Entry(String taskId, List<RunRow> runs) {
    String updatedAt() {
      return runs.getLast().updatedAt();
    }
  }

  /** The ListTasksResponse (0.3 task shapes inside; the caller translates them). */
  Map<String, Object> list(Context ctx, Assistant assistant, Map<String, Object> params, Integer historyLength) {
    int pageSize = pageSize(params.get("pageSize"));
    String context = params.get("contextId") instanceof String c && !c.isEmpty() ? PublicIds.thread(ctx, c) : null;
    if (params.get("contextId") != null && !(params.get("contextId") instanceof String)) {
      throw invalid("contextId must be a string");
    }
    String state = state(params.get("status"));
    Instant after = after(params.get("statusTimestampAfter"));
    boolean artifacts = Boolean.TRUE.equals(params.get("includeArtifacts"));
    if (params.get("includeArtifacts") != null && !(params.get("includeArtifacts") instanceof Boolean)) {
      throw invalid("includeArtifacts must be a boolean");
    }
    Cursor cursor = Cursor.parse(params.get("pageToken"));

    List<RunRow> runs = services.db().tx(c -> services.runs().ofAssistant(c, assistant.assistantId(),
        Http.owner(ctx)));
    Map<String, Entry> byTask = new LinkedHashMap<>();
    for (RunRow run : runs) {
      Object of = run.metadata().get(A2aTasks.TASK_KEY);
      if (of == null) {
        byTask.put(run.runId(), new Entry(run.runId(), new ArrayList<>(List.of(run))));
      } else if (byTask.get(String.valueOf(of)) instanceof Entry e) {
        e.runs().add(run);
      }
    }
    List<Entry> entries = new ArrayList<>(byTask.values().stream()
        .filter(e -> context == null || e.runs().getFirst().threadId().equals(context))
        .filter(e -> after == null || instant(e.updatedAt()).isAfter(after))
        .toList());
    entries.sort(Comparator.comparing((Entry e) -> instant(e.updatedAt())).thenComparing(Entry::taskId).reversed());

    List<Map<String, Object>> selected = new ArrayList<>();
    int total;
    if (state != null) {
      for (Entry e : entries) {
        Map<String, Object> task = tasks.task(assistant, e.taskId(), e.runs(), historyLength);
        if (state.equals(A2aTasks.state(task))) {
          selected.add(task);
        }
      }
      total = selected.size();
    } else {
      total = entries.size();
    }
    int from = 0;
    int size = state != null ? selected.size() : entries.size();
    if (cursor != null) {
      while (from < size && !cursor.before(state != null ? key(selected.get(from)) : key(entries.get(from)))) {
        from++;
      }
    }
    int to = Math.min(size, from + pageSize);
    List<Map<String, Object>> page = new ArrayList<>();
    for (int i = from; i < to; i++) {
      Map<String, Object> task = state != null ? selected.get(i)
          : tasks.task(assistant, entries.get(i).taskId(), entries.get(i).runs(), historyLength);
      if (!artifacts) {
        task.remove("artifacts");
      }
      page.add(task);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("tasks", page);
    out.put("nextPageToken", to < size && !page.isEmpty() ? Cursor.of(page.getLast()).token() : "");
    out.put("pageSize", pageSize);
    out.put("totalSize", total);
    return out;
  }

  /** A position in the order: after the task with this update time and id. */
  private record Cursor(Instant updatedAt, String taskId) {
    static Cursor of(Map<String, Object> task) {
      return new Cursor(instant((String) ((Map<?, ?>) task.get("status")).get("timestamp")), (String) task.get("id"));
    }

    String token() {
      return Base64.getUrlEncoder().withoutPadding()
          .encodeToString((updatedAt + "\n" + taskId).getBytes(StandardCharsets.UTF_8));
    }

    static Cursor parse(Object token) {
      if (token == null || "".equals(token)) {
        return null;
      }
      try {
        String[] p = new String(Base64.getUrlDecoder().decode((String) token), StandardCharsets.UTF_8).split("\n", 2);
        return new Cursor(Instant.parse(p[0]), p[1]);
      } catch (RuntimeException e) {
        throw invalid("pageToken is not one this server gave (pass a ListTasks reply's nextPageToken)");
      }
    }

    /** Whether {@code other} comes after this position (older, or as old with a smaller id). */
    boolean before(Cursor other) {
      int c = other.updatedAt.compareTo(updatedAt);
      return c < 0 || c == 0 && other.taskId.compareTo(taskId) < 0;
    }
  }

  private static Cursor key(Entry e) {
    return new Cursor(instant(e.updatedAt()), e.taskId());
  }

  private static Cursor key(Map<String, Object> task) {
    return Cursor.of(task);
  }

  private static int pageSize(Object n) {
    if (n == null) {
      return DEFAULT_PAGE;
    }
    if (!(n instanceof Integer i) || i < 1 || i > MAX_PAGE) {
      throw invalid("pageSize must be an integer from 1 to " + MAX_PAGE);
    }
    return i;
  }

  /** The 0.3 state a 1.0 {@code status} filter names, or null for none. */
  private static String state(Object status) {
    if (status == null || "".equals(status) || "TASK_STATE_UNSPECIFIED".equals(status)) {
      return null;
    }
    for (String s : List.of("submitted", "working", "completed", "failed", "canceled", "input-required", "rejected",
        "auth-required")) {
      if (A2aV1.state(s).equals(status)) {
        return s;
      }
    }
    throw invalid("status must be a TaskState (TASK_STATE_WORKING, TASK_STATE_COMPLETED, ...), got "
        + ApiException.echo(status));
  }

  private static Instant after(Object at) {
    if (at == null) {
      return null;
    }
    try {
      return Instant.parse((String) at);
    } catch (RuntimeException e) {
      throw invalid("statusTimestampAfter must be an ISO 8601 UTC timestamp (2025-10-28T10:30:00.000Z)");
    }
  }

  private static Instant instant(String iso) {
    try {
      return java.time.OffsetDateTime.parse(iso).toInstant();
    } catch (java.time.format.DateTimeParseException e) {
      return Instant.parse(iso);
    }
  }

  private static A2aApi.RpcError invalid(String message) {
    return new A2aApi.RpcError(A2aApi.INVALID_PARAMS, message);
  }
}
