package dev.trellis.server.api;

import dev.trellis.server.db.TimeOrderedIds;
import dev.trellis.server.db.Assistant;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunEvent;
import dev.trellis.server.queue.RunObservers;
import dev.trellis.server.queue.RunStatus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
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
 * input schema), and a call that runs the assistant on a new stateless thread with the call's
 * arguments as input and answers its output values as JSON text ({@code isError} with the error
 * when the run fails).
 */
final class AssistantTools {
  private static final Logger LOG = LoggerFactory.getLogger(AssistantTools.class);
  static final int INVALID_PARAMS = -32602;
  /** How long a call waits for the run's next event before checking the run's row and calling {@code idle}. */
  private final long pollMillis;

  private final Services s;
  private final RunCreation creation;

  AssistantTools(Services s, Worker worker, long pollMillis) {
    this.s = s;
    this.creation = new RunCreation(s, worker);
    this.pollMillis = pollMillis;
  }

  /** One tool per visible assistant, named after it; a later assistant with a taken name is left out. */
  List<Map<String, Object>> list(String owner) {
    List<Map<String, Object>> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (Assistant a : s.db().tx(c -> s.assistants().visible(c, owner))) {
      String name = String.valueOf(a.name());
      if (!names.add(name)) {
        LOG.warn("MCP: assistant {} is not listed: its name \"{}\" is taken by another assistant", a.assistantId(), name);
        continue;
      }
      String graphId = a.graphId();
      if (!s.graphs().containsKey(graphId)) {
        continue;
      }
      Map<String, Object> tool = new LinkedHashMap<>();
      tool.put("name", name);
      tool.put("description", a.description() == null ? "" : a.description());
      tool.put("inputSchema", GraphSchemas.of(graphId, s.graph(graphId).signature()).get("input_schema"));
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
    List<Assistant> matching = s.db().tx(c -> s.assistants().visible(c, owner)).stream()
        .filter(a -> name.equals(a.name())).toList();
    if (matching.isEmpty()) {
      throw new McpApi.RpcError(INVALID_PARAMS, "unknown tool: " + name);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("assistant_id", matching.getFirst().assistantId());
    body.put("input", Json.map(params, "arguments"));
    Map<String, String> trace = RunObservers.traceHeaders(ctx::header);
    if (!trace.isEmpty()) {
      body.put(RunObservers.TRACE_CONTEXT, trace);
    }
    String runId = TimeOrderedIds.next();
    Object result;
    try (EventBus.Subscription sub = s.bus().subscribe(runId, 0)) {
      creation.submit(owner, null, body, runId);
      result = awaitResult(sub, runId, idle);
    } catch (ServerException e) {
      return toolError(e.getMessage());
    }
    if (result instanceof Map<?, ?> m && m.get("__error__") instanceof Map<?, ?> error) {
      return toolError(String.valueOf(error.get("message") != null ? error.get("message") : error));
    }
    return Map.of("content", List.of(Map.of("type", "text", "text", Json.write(result))), "isError", false);
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
        RunStatus status = s.runs().status(runId);
        Object stored = status == null ? null : s.runs().result(runId, s::graph);
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
