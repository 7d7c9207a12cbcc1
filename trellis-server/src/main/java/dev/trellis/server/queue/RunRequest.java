package dev.trellis.server.queue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.Durability;
import dev.trellis.graph.RunConfig;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.wire.StreamModes;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run-create body, parsed and validated once, when the run is created: every field a client
 * may send is checked here, so a bad one is a 422 naming it and no run exists; the worker loads
 * the stored body with {@link #parse} again, which cannot fail on a body that passed. Immutable.
 *
 * @param kwargs the body as stored with the run and shown as its {@code kwargs} (without {@code assistant_id})
 * @param input the graph input (an object), or null
 * @param command the command to run with instead of input, or null
 * @param modes the stream modes asked for
 * @param subgraphs whether subgraph events are streamed ({@code stream_subgraphs})
 * @param resumable whether the events are kept for late joiners ({@code stream_resumable})
 * @param interruptBefore nodes to stop before ({@code "*"}: all), or null to take the assistant's
 * @param interruptAfter nodes to stop after ({@code "*"}: all), or null to take the assistant's
 * @param durability when checkpoints are written ({@code durability}, or {@code checkpoint_during: false} for exit)
 * @param multitask what the run does to its thread's active runs
 * @param config the body's {@code config} (recursion limit, configurable, breakpoints)
 * @param context the body's {@code context}
 * @param metadata the run's metadata
 * @param checkpointId the checkpoint to start from, or null for the newest
 * @param afterMillis how long to wait before the run may start ({@code after_seconds})
 * @param keepThread whether a stateless run's thread outlives it ({@code on_completion: keep})
 * @param createThread whether a missing thread is created ({@code if_not_exists: create})
 * @param cancelOnDisconnect whether a streaming client's disconnect cancels the run ({@code on_disconnect: cancel})
 * @param webhook the http(s) URL told when the run ends, or null
 */
public record RunRequest(Map<String, Object> kwargs, Map<String, Object> input, RunCommand command,
                         StreamModes modes, boolean subgraphs, boolean resumable, List<String> interruptBefore,
                         List<String> interruptAfter, Durability durability, MultitaskStrategy multitask,
                         Map<String, Object> config, Map<String, Object> context, Map<String, Object> metadata,
                         String checkpointId, long afterMillis, boolean keepThread, boolean createThread,
                         boolean cancelOnDisconnect, String webhook) {
  /** The longest delay a run may be scheduled with ({@code after_seconds}): one year. */
  public static final long MAX_AFTER_SECONDS = 365L * 24 * 3600;
  /** The largest {@code config.recursion_limit} accepted. */
  public static final int MAX_RECURSION_LIMIT = 1_000_000;

  public RunRequest {
    Objects.requireNonNull(modes, "modes");
    Objects.requireNonNull(durability, "durability");
    Objects.requireNonNull(multitask, "multitask");
    kwargs = frozen(kwargs);
    input = input == null ? null : frozen(input);
    interruptBefore = interruptBefore == null ? null : List.copyOf(interruptBefore);
    interruptAfter = interruptAfter == null ? null : List.copyOf(interruptAfter);
    config = frozen(config);
    context = frozen(context);
    metadata = frozen(metadata);
  }

  /** Parses and validates a run body (without or with {@code assistant_id}); refused naming the first bad field. */
  @SuppressWarnings("unchecked")
  public static RunRequest parse(Map<String, Object> body) {
    Object input = body.get("input");
    if (input != null && !(input instanceof Map)) {
      throw ServerException.invalid("\"input\" must be an object or null");
    }
    RunCommand command = body.get("command") == null ? null : RunCommand.parse(body.get("command"));
    Map<String, Object> config = object(body, "config");
    checkConfig(config, "config.");
    Map<String, Object> metadata = object(body, "metadata");
    Map<String, Object> context = object(body, "context");
    return new RunRequest(body, (Map<String, Object>) input, command, StreamModes.parse(body.get("stream_mode")),
        flag(body, "stream_subgraphs"), flag(body, "stream_resumable"),
        body.containsKey("interrupt_before") ? breakpoints(body, "interrupt_before", "") : null,
        body.containsKey("interrupt_after") ? breakpoints(body, "interrupt_after", "") : null,
        durability(body), MultitaskStrategy.parse(body.get("multitask_strategy")), config, context,
        metadata, checkpointId(body), afterMillis(body), "keep".equals(oneOf(body, "on_completion", "delete", "keep")),
        "create".equals(oneOf(body, "if_not_exists", "create", "reject")),
        "cancel".equals(oneOf(body, "on_disconnect", "cancel", "continue")), webhook(body));
  }

  /**
   * Checks the run settings a config holds (a body's {@code config}, or an assistant's):
   * {@code recursion_limit} an integer from 1 to {@link #MAX_RECURSION_LIMIT}, breakpoints
   * {@code "*"} or node names. {@code where} prefixes the field names in the message.
   */
  public static void checkConfig(Map<String, Object> config, String where) {
    Object limit = config.get("recursion_limit");
    if (limit != null && (!(limit instanceof Integer || limit instanceof Long) || ((Number) limit).longValue() < 1
        || ((Number) limit).longValue() > MAX_RECURSION_LIMIT)) {
      throw ServerException.invalid("\"" + where + "recursion_limit\" must be an integer from 1 to " + MAX_RECURSION_LIMIT
          + ", got " + ServerException.echo(limit));
    }
    breakpoints(config, "interrupt_before", where);
    breakpoints(config, "interrupt_after", where);
  }

  /** Checks that the breakpoints this request names are nodes of {@code graph}. */
  public void checkNodes(CompiledGraph graph) {
    if ((interruptBefore == null || interruptBefore.equals(List.of("*")))
        && (interruptAfter == null || interruptAfter.equals(List.of("*")))) {
      return; // no node named: the graph's view (built anew on each call) is not needed
    }
    Set<String> known = new HashSet<>();
    graph.view().nodes().forEach(n -> known.add(n.id()));
    for (List<String> nodes : new List[] {interruptBefore, interruptAfter}) {
      if (nodes == null || nodes.equals(List.of("*"))) {
        continue;
      }
      for (String n : nodes) {
        if (!known.contains(n)) {
          String key = nodes == interruptBefore ? "interrupt_before" : "interrupt_after";
          throw ServerException.invalid("\"" + key + "\" names unknown node \"" + ServerException.echo(n)
              + "\" (nodes: " + new TreeSet<>(known) + ")");
        }
      }
    }
  }

  /** Whether the command resumes with an object that may map interrupt ids to values. */
  public boolean resumesById() {
    return command != null && command.resumesById();
  }

  /** The graph input for a first attempt: the command, the input, or null (continue). */
  public Object graphInput(List<String> pendingInterruptIds) {
    return command != null ? command.toCommand(pendingInterruptIds) : input;
  }

  /**
   * The engine's run settings: thread, checkpoint, breakpoints (the body's, else the assistant
   * config's), recursion limit, context (assistant context, then {@code configurable}, then the
   * body's context), metadata (with {@code run_id}), durability. The assistant's config was
   * checked with {@link #checkConfig} when it was saved and when the run was created.
   */
  public RunConfig runConfig(Run run, String graphId, Map<String, Object> assistantConfig,
                             Map<String, Object> assistantContext) {
    Map<String, Object> merged = new LinkedHashMap<>(assistantConfig == null ? Map.of() : assistantConfig);
    merged.putAll(config);
    RunConfig rc = RunConfig.thread(run.threadId()).withDurability(durability);
    if (merged.get("recursion_limit") instanceof Number n) {
      rc = rc.withRecursionLimit(n.intValue());
    }
    List<String> before = interruptBefore != null ? interruptBefore : breakpoints(merged, "interrupt_before", "");
    List<String> after = interruptAfter != null ? interruptAfter : breakpoints(merged, "interrupt_after", "");
    rc = rc.withInterruptBefore(before.toArray(String[]::new)).withInterruptAfter(after.toArray(String[]::new));
    Map<String, Object> ctx = new LinkedHashMap<>(assistantContext == null ? Map.of() : assistantContext);
    if (merged.get("configurable") instanceof Map<?, ?> conf) {
      conf.forEach((k, v) -> ctx.putIfAbsent(String.valueOf(k), v));
    }
    context.forEach(ctx::put);
    return rc.withContext(ctx).withMetadata(checkpointMetadata(run, graphId, merged)).withCheckpointId(checkpointId);
  }

  /**
   * What each checkpoint of the run records in its metadata, as LangGraph's servers do: the
   * body's metadata, then {@code run_id}, and {@code thread_id}, {@code graph_id} and
   * {@code assistant_id} unless the body set them, then every scalar
   * {@code configurable} value whose key does not start with {@code __} (never replacing a key
   * already set).
   */
  private Map<String, Object> checkpointMetadata(Run run, String graphId, Map<String, Object> merged) {
    Map<String, Object> md = new LinkedHashMap<>(metadata);
    md.values().removeIf(Objects::isNull);
    md.put("run_id", run.runId());
    md.putIfAbsent("thread_id", run.threadId());
    md.putIfAbsent("graph_id", graphId);
    md.putIfAbsent("assistant_id", run.assistantId());
    if (merged.get("configurable") instanceof Map<?, ?> conf) {
      conf.forEach((k, v) -> {
        String key = String.valueOf(k);
        if (!key.startsWith("__") && (v instanceof String || v instanceof Number || v instanceof Boolean)) {
          md.putIfAbsent(key, v);
        }
      });
    }
    return md;
  }

  private static List<String> breakpoints(Map<String, Object> m, String key, String where) {
    Object v = m.get(key);
    if (v == null) {
      return List.of();
    }
    if ("*".equals(v)) {
      return List.of("*");
    }
    if (v instanceof List<?> l && l.stream().allMatch(x -> x instanceof String)) {
      return l.stream().map(String.class::cast).toList();
    }
    throw ServerException.invalid("\"" + where + key + "\" must be \"*\" or a list of node names");
  }

  private static Durability durability(Map<String, Object> body) {
    String d = dev.trellis.server.wire.Json.string(body, "durability");
    if (d == null) {
      return Boolean.FALSE.equals(body.get("checkpoint_during")) ? Durability.EXIT : Durability.ASYNC;
    }
    return switch (d) {
      case "sync" -> Durability.SYNC;
      case "async" -> Durability.ASYNC;
      case "exit" -> Durability.EXIT;
      default -> throw ServerException.invalid("\"durability\" must be sync, async or exit, got " + ServerException.echo(d));
    };
  }

  private static String checkpointId(Map<String, Object> body) {
    Object id = body.get("checkpoint_id");
    if (id != null && !(id instanceof String)) {
      throw ServerException.invalid("\"checkpoint_id\" must be a string");
    }
    if (id == null && body.get("checkpoint") instanceof Map<?, ?> cp && cp.get("checkpoint_id") instanceof String s) {
      return s;
    }
    return (String) id;
  }

  private static long afterMillis(Map<String, Object> body) {
    Object after = body.get("after_seconds");
    if (after == null) {
      return 0;
    }
    if (!(after instanceof Number n && Double.isFinite(n.doubleValue()) && n.doubleValue() >= 0
        && n.doubleValue() <= MAX_AFTER_SECONDS)) {
      throw ServerException.invalid("\"after_seconds\" must be a number of seconds from 0 to " + MAX_AFTER_SECONDS
          + " (one year), got " + ServerException.echo(after));
    }
    return (long) (n.doubleValue() * 1000);
  }

  private static boolean flag(Map<String, Object> body, String key) {
    Object v = body.get(key);
    if (v != null && !(v instanceof Boolean)) {
      throw ServerException.invalid("\"" + key + "\" must be true or false, got " + ServerException.echo(v));
    }
    return Boolean.TRUE.equals(v);
  }

  private static String oneOf(Map<String, Object> body, String key, String... allowed) {
    Object v = body.get(key);
    if (v != null && !List.of(allowed).contains(v)) {
      throw ServerException.invalid("\"" + key + "\" must be one of " + new TreeSet<>(List.of(allowed)) + ", got "
          + ServerException.echo(v));
    }
    return (String) v;
  }

  private static String webhook(Map<String, Object> body) {
    Object webhook = body.get("webhook");
    if (webhook != null && !(webhook instanceof String s && (s.startsWith("http://") || s.startsWith("https://")))) {
      throw ServerException.invalid("\"webhook\" must be an http(s) URL");
    }
    return (String) webhook;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Map<String, Object> body, String key) {
    Object v = body.get(key);
    if (v == null) {
      return Map.of();
    }
    if (v instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    throw ServerException.invalid("\"" + key + "\" must be an object");
  }

  private static Map<String, Object> frozen(Map<String, Object> m) {
    return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
  }
}
