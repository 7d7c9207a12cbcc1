package dev.trellis.server.queue;

import dev.trellis.server.error.ServerException;

import dev.trellis.graph.Command;
import dev.trellis.graph.Durability;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Send;
import dev.trellis.graph.Update;
import dev.trellis.server.wire.Json;
import dev.trellis.stream.StreamMode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The run parameters of a run-create body, checked when the run is created (a bad one is a
 * 422 and creates nothing) and turned into the engine's input, {@link RunConfig} and stream
 * modes when a worker executes it.
 */
public record RunRequest(Map<String, Object> body) {
  static final Set<String> WIRE_MODES = Set.of("values", "updates", "messages", "messages-tuple", "custom",
      "events", "debug", "tasks", "checkpoints");

  /** Validates {@code body}: every field a client may send is checked for shape. */
  public static RunRequest of(Map<String, Object> body) {
    RunRequest r = new RunRequest(body);
    Object input = body.get("input");
    if (input != null && !(input instanceof Map)) {
      throw ServerException.invalid("\"input\" must be an object or null");
    }
    Object command = body.get("command");
    if (command != null) {
      if (!(command instanceof Map<?, ?> m)) {
        throw ServerException.invalid("\"command\" must be an object with resume, update or goto");
      }
      if (!m.containsKey("resume") && m.get("update") == null && m.get("goto") == null) {
        throw ServerException.invalid("\"command\" needs at least one of resume, update, goto");
      }
      r.command(null);
    }
    r.modes();
    r.breakpoints("interrupt_before");
    r.breakpoints("interrupt_after");
    r.durability();
    multitask(body);
    Json.map(body, "config");
    Json.map(body, "metadata");
    Object ctx = body.get("context");
    if (ctx != null && !(ctx instanceof Map)) {
      throw ServerException.invalid("\"context\" must be an object");
    }
    r.checkpointId();
    RunFieldChecks.check(body);
    String onDisconnect = Json.string(body, "on_disconnect");
    if (onDisconnect != null && !Set.of("cancel", "continue").contains(onDisconnect)) {
      throw ServerException.invalid("\"on_disconnect\" must be cancel or continue");
    }
    Object webhook = body.get("webhook");
    if (webhook != null && !(webhook instanceof String s && (s.startsWith("http://") || s.startsWith("https://")))) {
      throw ServerException.invalid("\"webhook\" must be an http(s) URL");
    }
    return r;
  }

  /** The multitask strategy, default {@code enqueue} (as LangGraph's Python server). */
  public static String multitask(Map<String, Object> body) {
    String s = Json.string(body, "multitask_strategy");
    if (s == null) {
      return "enqueue";
    }
    if (!Set.of("reject", "interrupt", "rollback", "enqueue").contains(s)) {
      throw ServerException.invalid("\"multitask_strategy\" must be reject, interrupt, rollback or enqueue, got " + s);
    }
    return s;
  }

  /** The wire stream modes asked for, default {@code ["values"]}. */
  public List<String> modes() {
    Object v = body.get("stream_mode");
    List<String> out = new ArrayList<>();
    if (v == null) {
      out.add("values");
    } else if (v instanceof String s) {
      out.add(s);
    } else if (v instanceof List<?> l) {
      for (Object o : l) {
        if (!(o instanceof String s)) {
          throw ServerException.invalid("\"stream_mode\" must be a string or a list of strings");
        }
        out.add(s);
      }
    } else {
      throw ServerException.invalid("\"stream_mode\" must be a string or a list of strings");
    }
    for (String m : out) {
      if (!WIRE_MODES.contains(m)) {
        throw ServerException.invalid("unknown stream_mode \"" + m + "\"; use one of " + new java.util.TreeSet<>(WIRE_MODES));
      }
    }
    return List.copyOf(new LinkedHashSet<>(out));
  }

  /** The engine modes that produce the wire modes (values always: it gives the run's result). */
  public Set<StreamMode> engineModes() {
    Set<StreamMode> s = EnumSet.of(StreamMode.VALUES, StreamMode.UPDATES);
    for (String m : modes()) {
      switch (m) {
        case "custom" -> s.add(StreamMode.CUSTOM);
        case "messages", "messages-tuple" -> s.add(StreamMode.MESSAGES);
        case "tasks" -> s.add(StreamMode.TASKS);
        case "checkpoints" -> s.add(StreamMode.CHECKPOINTS);
        case "debug" -> {
          s.add(StreamMode.DEBUG);
          s.add(StreamMode.CHECKPOINTS);
          s.add(StreamMode.TASKS);
        }
        case "events" -> {
          s.add(StreamMode.TASKS);
          s.add(StreamMode.MESSAGES);
          s.add(StreamMode.EVENTS);
        }
        default -> { }
      }
    }
    return s;
  }

  public boolean subgraphs() {
    return Boolean.TRUE.equals(body.get("stream_subgraphs"));
  }

  public boolean resumable() {
    return Boolean.TRUE.equals(body.get("stream_resumable"));
  }

  /** The graph input for a first attempt: a Command, the input map, or null (continue). */
  public Object input(List<String> pendingInterruptIds) {
    if (body.get("command") != null) {
      return command(pendingInterruptIds);
    }
    return body.get("input");
  }

  /** Whether the command's resume is an object that may map interrupt ids to values (then pending ids are needed). */
  public boolean resumesById() {
    return body.get("command") instanceof Map<?, ?> m && m.get("resume") instanceof Map<?, ?>;
  }

  @SuppressWarnings("unchecked")
  private Command command(List<String> pendingInterruptIds) {
    Map<String, Object> m = (Map<String, Object>) body.get("command");
    Object update = m.get("update");
    Map<String, Object> values = new LinkedHashMap<>();
    if (update instanceof Map<?, ?> u) {
      values.putAll((Map<String, Object>) u);
    } else if (update instanceof List<?> pairs) {
      for (Object p : pairs) {
        if (!(p instanceof List<?> kv) || kv.size() != 2 || !(kv.get(0) instanceof String k)) {
          throw ServerException.invalid("\"command.update\" as a list holds [key, value] pairs");
        }
        values.put(k, kv.get(1));
      }
    } else if (update != null) {
      throw ServerException.invalid("\"command.update\" must be an object or a list of [key, value] pairs");
    }
    List<Object> gotos = new ArrayList<>();
    Object g = m.get("goto");
    for (Object one : g instanceof List<?> l ? l : g == null ? List.of() : List.of(g)) {
      if (one instanceof String s) {
        gotos.add(s);
      } else if (one instanceof Map<?, ?> send && send.get("node") instanceof String node) {
        gotos.add(Send.to(node, send.get("input")));
      } else {
        throw ServerException.invalid("\"command.goto\" takes node names or {node, input} objects");
      }
    }
    Object resume = m.get("resume");
    if (resume instanceof Map<?, ?> byId && pendingInterruptIds != null && !byId.isEmpty()
        && pendingInterruptIds.containsAll(byId.keySet())) {
      resume = Map.copyOf((Map<String, Object>) byId);
    }
    return new Command(Update.of(values), gotos, resume, false);
  }

  private List<String> breakpoints(String key) {
    Object v = body.get(key);
    if (v == null) {
      return List.of();
    }
    if ("*".equals(v)) {
      return List.of("*");
    }
    if (v instanceof List<?> l && l.stream().allMatch(x -> x instanceof String)) {
      return l.stream().map(String.class::cast).toList();
    }
    throw ServerException.invalid("\"" + key + "\" must be \"*\" or a list of node names");
  }

  private Durability durability() {
    String d = Json.string(body, "durability");
    if (d == null) {
      Object during = body.get("checkpoint_during");
      return Boolean.FALSE.equals(during) ? Durability.EXIT : Durability.ASYNC;
    }
    return switch (d) {
      case "sync" -> Durability.SYNC;
      case "async" -> Durability.ASYNC;
      case "exit" -> Durability.EXIT;
      default -> throw ServerException.invalid("\"durability\" must be sync, async or exit, got " + d);
    };
  }

  /** The checkpoint to start from ({@code checkpoint_id} or {@code checkpoint.checkpoint_id}), or null. */
  public String checkpointId() {
    return dev.trellis.server.wire.Wire.checkpointId(body);
  }

  /**
   * The engine's run settings: thread, checkpoint, breakpoints (the body's, else the assistant
   * config's), recursion limit, context (assistant context, then {@code configurable}, then the
   * body's context), metadata (with {@code run_id}), durability.
   */
  public RunConfig config(Run run, String graphId, Map<String, Object> assistantConfig,
                          Map<String, Object> assistantContext) {
    String threadId = run.threadId();
    Map<String, Object> config = new LinkedHashMap<>(assistantConfig == null ? Map.of() : assistantConfig);
    config.putAll(Json.map(body, "config"));
    RunConfig rc = RunConfig.thread(threadId).withDurability(durability());
    if (config.get("recursion_limit") instanceof Number n) {
      if (n.intValue() < 1) {
        throw ServerException.invalid("\"config.recursion_limit\" must be at least 1");
      }
      rc = rc.withRecursionLimit(n.intValue());
    }
    List<String> before = body.containsKey("interrupt_before") ? breakpoints("interrupt_before")
        : new RunRequest(config).breakpoints("interrupt_before");
    List<String> after = body.containsKey("interrupt_after") ? breakpoints("interrupt_after")
        : new RunRequest(config).breakpoints("interrupt_after");
    rc = rc.withInterruptBefore(before.toArray(String[]::new)).withInterruptAfter(after.toArray(String[]::new));
    Map<String, Object> context = new LinkedHashMap<>(assistantContext == null ? Map.of() : assistantContext);
    if (config.get("configurable") instanceof Map<?, ?> conf) {
      conf.forEach((k, v) -> context.putIfAbsent(String.valueOf(k), v));
    }
    if (body.get("context") instanceof Map<?, ?> ctx) {
      ctx.forEach((k, v) -> context.put(String.valueOf(k), v));
    }
    return rc.withContext(context).withMetadata(checkpointMetadata(run, graphId, config))
        .withCheckpointId(checkpointId());
  }

  /**
   * What each checkpoint of the run records in its metadata, as LangGraph's servers do: the
   * body's metadata, then {@code run_id}, and {@code thread_id}, {@code graph_id} and
   * {@code assistant_id} unless the body set them, then every scalar
   * {@code configurable} value whose key does not start with {@code __} (never replacing a key
   * already set).
   */
  private Map<String, Object> checkpointMetadata(Run run, String graphId, Map<String, Object> config) {
    Map<String, Object> metadata = new LinkedHashMap<>(Json.map(body, "metadata"));
    metadata.values().removeIf(java.util.Objects::isNull);
    metadata.put("run_id", run.runId());
    metadata.putIfAbsent("thread_id", run.threadId());
    metadata.putIfAbsent("graph_id", graphId);
    metadata.putIfAbsent("assistant_id", run.assistantId());
    if (config.get("configurable") instanceof Map<?, ?> conf) {
      conf.forEach((k, v) -> {
        String key = String.valueOf(k);
        if (!key.startsWith("__") && (v instanceof String || v instanceof Number || v instanceof Boolean)) {
          metadata.putIfAbsent(key, v);
        }
      });
    }
    return metadata;
  }
}
