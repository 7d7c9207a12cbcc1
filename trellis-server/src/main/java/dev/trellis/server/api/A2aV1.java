package dev.trellis.server.api;

import dev.trellis.server.error.ApiException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A2A 1.0's wire shapes, translated to and from the 0.3 shapes the rest of the A2A code works
 * in (as the official SDK's compatibility layer does, the other way round). 1.0 drops the
 * {@code kind} discriminators: a part is {@code {text}}, {@code {data}}, {@code {url}} or
 * {@code {raw}}; a stream event and a send result wrap their object in {@code task},
 * {@code message}, {@code statusUpdate} or {@code artifactUpdate}; a status update has no
 * {@code final}. Enums are ProtoJSON names ({@code TASK_STATE_INPUT_REQUIRED},
 * {@code ROLE_USER}); timestamps are UTC with milliseconds. Errors carry a
 * {@code google.rpc.ErrorInfo} in {@code data}.
 */
final class A2aV1 {
  static final String ERROR_DOMAIN = "a2a-protocol.org";
  private static final Map<Integer, String> REASONS = Map.of(
      A2aApi.TASK_NOT_FOUND, "TASK_NOT_FOUND", A2aApi.TASK_NOT_CANCELABLE, "TASK_NOT_CANCELABLE",
      A2aApi.PUSH_NOT_SUPPORTED, "PUSH_NOTIFICATION_NOT_SUPPORTED",
      A2aApi.UNSUPPORTED_OPERATION, "UNSUPPORTED_OPERATION",
      A2aApi.CONTENT_TYPE_NOT_SUPPORTED, "CONTENT_TYPE_NOT_SUPPORTED",
      A2aApi.VERSION_NOT_SUPPORTED, "VERSION_NOT_SUPPORTED", A2aApi.INVALID_PARAMS, "INVALID_PARAMS");

  private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
      .withZone(ZoneOffset.UTC);

  private A2aV1() {}

  /**
   * A 1.0 user message as the 0.3 message the tasks read ({@code ROLE_USER}, parts by member);
   * throws {@link A2aApi.RpcError} naming what is wrong. File parts ({@code url}, {@code raw})
   * are refused as an unsupported content type.
   */
  static Map<String, Object> userMessage(Object wire) {
    if (!(wire instanceof Map<?, ?> m)) {
      throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "params.message must be an A2A Message object");
    }
    if (!"ROLE_USER".equals(m.get("role"))) {
      throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "params.message.role must be \"ROLE_USER\", got "
          + ApiException.echo(m.get("role")));
    }
    if (!(m.get("parts") instanceof List<?> parts) || parts.isEmpty()) {
      throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "params.message.parts must be a non-empty list");
    }
    List<Object> in = new ArrayList<>();
    for (Object p : parts) {
      if (!(p instanceof Map<?, ?> part)) {
        throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "each part must be an object, got " + ApiException.echo(p));
      }
      if (part.containsKey("url") || part.containsKey("raw")) {
        throw new A2aApi.RpcError(A2aApi.CONTENT_TYPE_NOT_SUPPORTED, "file parts (url, raw) are not supported: send"
            + " text or data");
      }
      if (part.get("text") instanceof String text) {
        in.add(Map.of("kind", "text", "text", text));
      } else if (part.get("data") instanceof Map<?, ?> data) {
        in.add(Map.of("kind", "data", "data", data));
      } else {
        throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "each part must be {\"text\": string} or {\"data\": object},"
            + " got " + ApiException.echo(p));
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    out.put("kind", "message");
    out.put("role", "user");
    out.put("parts", in);
    A2aParts.check(out);
    return out;
  }

  /** A send result: {@code {"task": ...}}. */
  static Map<String, Object> sendResult(Map<String, Object> task) {
    return Map.of("task", task(task));
  }

  /** A 0.3 stream event (task, status-update, artifact-update) as 1.0's StreamResponse. */
  static Map<String, Object> streamEvent(Map<String, Object> event) {
    Object kind = event.get("kind");
    if ("task".equals(kind)) {
      return Map.of("task", task(event));
    }
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("taskId", event.get("taskId"));
    inner.put("contextId", event.get("contextId"));
    if ("status-update".equals(kind)) {
      inner.put("status", status(map(event.get("status"))));
      return Map.of("statusUpdate", inner);
    }
    inner.put("artifact", artifact(map(event.get("artifact"))));
    if (Boolean.TRUE.equals(event.get("append"))) {
      inner.put("append", true);
    }
    if (Boolean.TRUE.equals(event.get("lastChunk"))) {
      inner.put("lastChunk", true);
    }
    return Map.of("artifactUpdate", inner);
  }

  /** A ListTasksResponse of 0.3 tasks with 1.0's. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> taskList(Map<String, Object> list) {
    Map<String, Object> out = new LinkedHashMap<>(list);
    out.put("tasks", ((List<Map<String, Object>>) list.get("tasks")).stream().map(A2aV1::task).toList());
    return out;
  }

  /** A 0.3 task as 1.0's. */
  static Map<String, Object> task(Map<String, Object> task) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", task.get("id"));
    out.put("contextId", task.get("contextId"));
    out.put("status", status(map(task.get("status"))));
    if (task.get("artifacts") instanceof List<?> artifacts) {
      out.put("artifacts", artifacts.stream().map(a -> artifact(map(a))).toList());
    }
    if (task.get("history") instanceof List<?> history) {
      out.put("history", history.stream().map(h -> message(map(h))).toList());
    }
    if (task.get("metadata") != null) {
      out.put("metadata", task.get("metadata"));
    }
    return out;
  }

  /** The error object's {@code data} for an A2A error code: one {@code google.rpc.ErrorInfo}; null for the others. */
  static List<Map<String, Object>> errorData(int code) {
    String reason = REASONS.get(code);
    if (reason == null) {
      return null;
    }
    return List.of(Map.of("@type", "type.googleapis.com/google.rpc.ErrorInfo", "reason", reason,
        "domain", ERROR_DOMAIN));
  }

  /** A 0.3 task state ({@code input-required}) as 1.0's ({@code TASK_STATE_INPUT_REQUIRED}). */
  static String state(String state) {
    return "TASK_STATE_" + state.toUpperCase(Locale.ROOT).replace('-', '_');
  }

  private static Map<String, Object> status(Map<String, Object> status) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("state", state((String) status.get("state")));
    if (status.get("message") != null) {
      out.put("message", message(map(status.get("message"))));
    }
    if (status.get("timestamp") instanceof String t) {
      out.put("timestamp", timestamp(t));
    }
    return out;
  }

  private static Map<String, Object> message(Map<String, Object> message) {
    Map<String, Object> out = new LinkedHashMap<>(message);
    out.remove("kind");
    out.put("role", "ROLE_" + String.valueOf(message.get("role")).toUpperCase(Locale.ROOT));
    out.put("parts", parts(message.get("parts")));
    return out;
  }

  private static Map<String, Object> artifact(Map<String, Object> artifact) {
    Map<String, Object> out = new LinkedHashMap<>(artifact);
    out.put("parts", parts(artifact.get("parts")));
    return out;
  }

  private static List<Map<String, Object>> parts(Object parts) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object p : (List<?>) parts) {
      Map<String, Object> part = new LinkedHashMap<>(map(p));
      Object kind = part.remove("kind");
      if ("data".equals(kind)) {
        part.putIfAbsent("mediaType", "application/json");
      }
      out.add(part);
    }
    return out;
  }

  /** A timestamp as 1.0 writes them: {@code YYYY-MM-DDTHH:mm:ss.sssZ}. */
  static String timestamp(String iso) {
    Instant at;
    try {
      at = OffsetDateTime.parse(iso).toInstant();
    } catch (DateTimeParseException e) {
      try {
        at = Instant.parse(iso);
      } catch (DateTimeParseException again) {
        return iso;
      }
    }
    return MILLIS.format(at.truncatedTo(ChronoUnit.MILLIS));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }
}
