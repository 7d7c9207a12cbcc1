package dev.trellis.server.api;

import dev.trellis.server.db.Assistant;
import dev.trellis.server.db.TimeOrderedIds;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunEvent;
import dev.trellis.server.queue.RunObservers;
import dev.trellis.server.queue.RunStatus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.ThreadDeletion;
import dev.trellis.server.queue.Worker;
import dev.trellis.server.route.Http;
import dev.trellis.server.wire.Json;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@code /mcp} offers, whatever the transport: every assistant the caller can see as an MCP
 * tool (name = the assistant's name, description = its description, input schema = its graph's
 * input schema plus two optional arguments, {@code thread_id} and {@code resume}), and a call
 * that runs the assistant on a new thread with the call's arguments as input and answers its
 * output values as JSON text ({@code isError} with the error when the run fails).
 *
 * <p>A run that stops at an interrupt answers a result saying it is waiting for input, with the
 * interrupts and the thread id (also as {@code structuredContent}: {@code status: "interrupted"},
 * {@code thread_id}, {@code interrupts}); calling the same tool with that {@code thread_id} and a
 * {@code resume} value resumes the thread ({@code Command(resume=...)}). A thread whose run ended
 * without an interrupt is deleted, so plain calls leave nothing behind.
 */
final class AssistantTools {
  private static final Logger LOG = LoggerFactory.getLogger(AssistantTools.class);
  static final int INVALID_PARAMS = -32602;
  /** The argument naming the interrupted thread a call resumes. */
  static final String THREAD_ID = "thread_id";
  /** The argument carrying the value an interrupted thread resumes with. */
  static final String RESUME = "resume";
  /** How long a call waits for the run's next event before checking the run's row and calling {@code idle}. */
  private final long pollMillis;

  private final Services services;
  private final RunCreation creation;

  AssistantTools(Services services, Worker worker, long pollMillis) {
    this.services = services;
    this.creation = new RunCreation(services, worker);
    this.pollMillis = pollMillis;
  }

  /** One tool per visible assistant, named after it; a later assistant with a taken name is left out. */
  List<Map<String, Object>> list(String owner) {
    List<Map<String, Object>> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (Assistant a : services.db().tx(c -> services.assistants().visible(c, owner))) {
      String name = String.valueOf(a.name());
      if (!names.add(name)) {
        LOG.warn("MCP: assistant {} is not listed: its name \"{}\" is taken by another assistant", a.assistantId(), name);
        continue;
      }
      String graphId = a.graphId();
      if (!services.graphs().containsKey(graphId)) {
        continue;
      }
      Map<String, Object> tool = new LinkedHashMap<>();
      tool.put("name", name);
      tool.put("description", a.description() == null ? "" : a.description());
      tool.put("inputSchema", withResumeArguments(GraphSchemas.of(graphId, services.graph(graphId).signature()).get("input_schema")));
      out.add(tool);
    }
    return out;
  }

  /**
   * Runs the tool {@code params.name} and returns the MCP call result; {@code idle} is called
   * each time the run has been silent for the poll interval (a stream writes its keep-alive there).
   */
  Map<String, Object> call(Context ctx, Map<String, Object> params, Runnable idle) {
    String name = Json.string(params, "name");
    if (name == null) {
      throw new McpApi.RpcError(INVALID_PARAMS, "tools/call needs the tool's \"name\"");
    }
    String owner = Http.owner(ctx);
    List<Assistant> matching = services.db().tx(c -> services.assistants().visible(c, owner)).stream()
        .filter(a -> name.equals(a.name())).toList();
    if (matching.isEmpty()) {
      throw new McpApi.RpcError(INVALID_PARAMS, "unknown tool: " + name);
    }
    Map<String, Object> arguments = new LinkedHashMap<>(Json.map(params, "arguments"));
    Object resumeThread = arguments.remove(THREAD_ID);
    boolean resuming = resumeThread != null;
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("assistant_id", matching.getFirst().assistantId());
    String threadId;
    if (resuming) {
      if (!(resumeThread instanceof String t) || t.isBlank()) {
        return toolError("\"" + THREAD_ID + "\" must be the thread id an interrupted call of this tool answered");
      }
      if (!arguments.containsKey(RESUME)) {
        return toolError("resuming thread " + t + " needs \"" + RESUME + "\": the value the interrupt waits for");
      }
      threadId = PublicIds.thread(ctx, t);
      body.put("command", Map.of("resume", arguments.remove(RESUME)));
      if (!owner.equals(services.db().tx(c -> services.threads().ownerOf(c, threadId)))) {
        return toolError("no thread " + t + " to resume (it ended, or was never interrupted)");
      }
    } else {
      if (arguments.containsKey(RESUME)) {
        return toolError("\"" + RESUME + "\" resumes an interrupted call: pass its \"" + THREAD_ID + "\" too");
      }
      threadId = TimeOrderedIds.next();
      body.put("input", arguments);
      body.put("if_not_exists", "create");
    }
    Map<String, String> trace = RunObservers.traceHeaders(ctx::header);
    if (!trace.isEmpty()) {
      body.put(RunObservers.TRACE_CONTEXT, trace);
    }
    String runId = TimeOrderedIds.next();
    Object result;
    try (EventBus.Subscription sub = services.bus().subscribe(runId, 0)) {
      creation.submit(owner, threadId, body, runId);
      result = awaitResult(sub, runId, idle);
    } catch (ServerException e) {
      return toolError(e.getMessage());
    }
    if (result instanceof Map<?, ?> m && m.get("__interrupt__") instanceof List<?> interrupts && !interrupts.isEmpty()) {
      return waiting(name, threadId, interrupts);
    }
    ThreadDeletion.delete(services, threadId); // nothing waits on it: a call leaves no thread behind
    if (result instanceof Map<?, ?> m && m.get("__error__") instanceof Map<?, ?> error) {
      return toolError(String.valueOf(error.get("message") != null ? error.get("message") : error));
    }
    return Map.of("content", List.of(Map.of("type", "text", "text", Json.write(result))), "isError", false);
  }

  /** The answer of a call whose run stopped at an interrupt: what it asks, and how to resume it. */
  private static Map<String, Object> waiting(String tool, String threadId, List<?> interrupts) {
    List<Object> values = interrupts.stream().map(i -> i instanceof Map<?, ?> m ? m.get("value") : i).toList();
    String text = "Waiting for input: the run paused at an interrupt asking " + Json.write(values.size() == 1
        ? values.getFirst() : values) + ". To continue, call " + tool + " again with {\"" + THREAD_ID + "\": \""
        + threadId + "\", \"" + RESUME + "\": <your answer>}.";
    Map<String, Object> structured = new LinkedHashMap<>();
    structured.put("status", "interrupted");
    structured.put(THREAD_ID, threadId);
    structured.put("interrupts", interrupts);
    return Map.of("content", List.of(Map.of("type", "text", "text", text)), "structuredContent", structured,
        "isError", false);
  }

  /** The graph's input schema with the optional {@code thread_id} and {@code resume} a resuming call passes. */
  @SuppressWarnings("unchecked")
  private static Object withResumeArguments(Object schema) {
    if (!(schema instanceof Map<?, ?> m)) {
      return schema;
    }
    Map<String, Object> out = new LinkedHashMap<>((Map<String, Object>) m);
    Map<String, Object> props = new LinkedHashMap<>(out.get("properties") instanceof Map<?, ?> p
        ? (Map<String, Object>) p : Map.of());
    props.putIfAbsent(THREAD_ID, Map.of("type", "string",
        "description", "Resume: the thread id an earlier call answered while waiting for input"));
    props.putIfAbsent(RESUME, Map.of(
        "description", "Resume: the value the interrupt waits for (with thread_id; other arguments are ignored)"));
    out.put("properties", props);
    return out;
  }

  private static Map<String, Object> toolError(String message) {
    return Map.of("content", List.of(Map.of("type", "text", "text", message)), "isError", true);
  }

  /** The run's result: its done event's data, or the stored result once the run has ended. */
  private Object awaitResult(EventBus.Subscription sub, String runId, Runnable idle) {
    try {
      while (true) {
        RunEvent e = sub.nextDone(pollMillis); // the run's other events are not the tool's answer
        if (e != null) {
          return e.data() == null ? Map.of() : Json.read(e.data());
        }
        RunStatus status = services.runs().status(runId);
        Object stored = status == null ? null : services.runResult(runId);
        if (status == null || (status.terminal() && stored != null)) {
          return stored == null ? Map.of() : stored instanceof String text ? Json.read(text) : stored;
        }
        idle.run();
      }
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      throw new ApiException(503, "interrupted while waiting for the run");
    }
  }
}
