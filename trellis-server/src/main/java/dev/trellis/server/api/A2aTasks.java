package dev.trellis.server.api;

import dev.trellis.server.db.Assistant;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.error.ServerException;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunEvent;
import dev.trellis.server.queue.RunRow;
import dev.trellis.server.queue.RunStatus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.route.Http;
import dev.trellis.server.wire.Json;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A2A tasks on Trellis threads and runs. A task's context is a thread ({@code contextId} = thread
 * id); its id is the id of the run that started it, and each later run of the task (a follow-up
 * message resuming an interrupt) carries {@code metadata.a2a_task_id}. The task's state is its
 * latest run's: pending → {@code submitted}, running → {@code working}, success → {@code completed}
 * or, when the run stopped at an interrupt, {@code input-required}; error and timeout →
 * {@code failed}; cancelled → {@code canceled}. The user message of each run is kept in its
 * metadata ({@code a2a_message}) and read back as the task's history.
 */
final class A2aTasks {
  static final String TASK_KEY = "a2a_task_id";
  static final String MESSAGE_KEY = "a2a_message";
  static final List<String> TERMINAL = List.of("completed", "canceled", "failed", "rejected");

  private final Services services;
  private final RunCreation creation;
  private final RunsApi runs;

  A2aTasks(Services services, RunsApi runs) {
    this.services = services;
    this.creation = runs.creation();
    this.runs = runs;
  }

  /** A run started (or resumed) for a message: the task and the run that now works on it. */
  record Started(String taskId, String contextId, String runId) {}

  /**
   * Starts the run a user {@code message} asks for: a new task (on the message's context, else
   * a new one), or — when it names an input-required task — the run resuming it with the message.
   * With {@code streamed}, the run also publishes its answer's tokens ({@link A2aProgress#MODE}).
   * Call with the subscription to {@code runId} already open; a refusal names states as
   * {@code version} does.
   */
  Started start(Context ctx, A2aVersion version, Assistant assistant, Map<String, Object> message, String runId,
      boolean streamed) {
    String owner = Http.owner(ctx);
    String taskId = (String) message.get("taskId");
    String contextId = (String) message.get("contextId");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("assistant_id", assistant.assistantId());
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put(MESSAGE_KEY, message);
    String threadId;
    if (taskId != null) {
      Map<String, Object> task = get(ctx, assistant, taskId, null);
      threadId = (String) task.get("contextId");
      if (contextId != null && !PublicIds.thread(ctx, contextId).equals(threadId)) {
        throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, "task " + taskId + " belongs to context " + threadId
            + ", not " + contextId);
      }
      String state = state(task);
      if (!"input-required".equals(state)) {
        throw new A2aApi.RpcError(A2aApi.UNSUPPORTED_OPERATION, "task " + taskId + " is " + version.state(state)
            + (TERMINAL.contains(state)
            ? " (a terminal state): send a message without taskId to start a new task" : ": it takes no input now"));
      }
      body.put("command", Map.of("resume", A2aParts.resume(message)));
      metadata.put(TASK_KEY, taskId);
    } else {
      // the caller's own context by that name (a new one if none): another user's never shows through
      threadId = contextId == null ? UUID.randomUUID().toString()
          : services.db().tx(c -> PublicIds.claim(ctx, c, dev.trellis.server.db.IdAliases.Kind.THREAD, contextId));
      body.put("input", A2aParts.input(message, services.graph(assistant.graphId()).signature().inputKeys(),
          assistant.name()));
      body.put("if_not_exists", "create");
      taskId = runId;
    }
    body.put("metadata", metadata);
    if (streamed) {
      body.put("stream_mode", List.of(A2aProgress.MODE));
    }
    try {
      creation.submit(owner, threadId, body, runId);
    } catch (ServerException e) {
      throw new A2aApi.RpcError(A2aApi.INVALID_PARAMS, e.getMessage());
    }
    return new Started(taskId, threadId, runId);
  }

  /**
   * The task {@code taskId} of the caller on {@code assistant}, as A2A's Task object: history
   * trimmed to the last {@code historyLength} messages (null: all; 0: none, the field omitted).
   * A task of another assistant, or of another user, is not found.
   */
  Map<String, Object> get(Context ctx, Assistant assistant, String taskId, Integer historyLength) {
    String owner = Http.owner(ctx);
    List<RunRow> taskRuns = services.db().tx(c -> {
      RunRow first = services.runs().get(c, taskId, owner);
      if (first == null || first.temporary() || !first.assistantId().equals(assistant.assistantId())
          || first.metadata().get(TASK_KEY) != null) {
        return List.<RunRow>of();
      }
      return services.runs().inOrder(c, first.threadId(), owner).stream()
          .filter(r -> r.runId().equals(taskId) || taskId.equals(r.metadata().get(TASK_KEY))).toList();
    });
    if (taskRuns.isEmpty()) {
      throw new A2aApi.RpcError(A2aApi.TASK_NOT_FOUND, "no task " + ApiException.echo(taskId) + " of "
          + assistant.name());
    }
    return task(assistant, taskId, taskRuns, historyLength);
  }

  /**
   * The task made of {@code taskRuns} (its first run, whose id is {@code taskId}, then the runs
   * that resumed it, oldest first), with its history trimmed as {@link #get} says.
   */
  Map<String, Object> task(Assistant assistant, String taskId, List<RunRow> taskRuns, Integer historyLength) {
    String contextId = taskRuns.getFirst().threadId();
    List<Object> history = new ArrayList<>();
    Map<String, Object> status = null;
    List<Map<String, Object>> artifacts = List.of();
    for (RunRow run : taskRuns) {
      if (status != null && status.get("message") != null) {
        history.add(status.get("message")); // what the previous run asked, answered by this one
      }
      if (run.metadata().get(MESSAGE_KEY) != null) {
        history.add(run.metadata().get(MESSAGE_KEY));
      }
      Outcome o = outcome(run, taskId, contextId);
      status = o.status;
      artifacts = o.artifacts;
    }
    if (historyLength != null && history.size() > historyLength) {
      history = history.subList(history.size() - historyLength, history.size());
    }
    Map<String, Object> task = new LinkedHashMap<>();
    task.put("kind", "task");
    task.put("id", taskId);
    task.put("contextId", contextId);
    task.put("status", status);
    if (historyLength == null || historyLength > 0) {
      task.put("history", history);
    }
    if (!artifacts.isEmpty()) {
      task.put("artifacts", artifacts);
    }
    task.put("metadata", Map.of("assistant_id", assistant.assistantId(), "run_id", taskRuns.getLast().runId()));
    return task;
  }

  /** Cancels the task's working run and answers the task once it has stopped; a refusal names states as {@code version} does. */
  Map<String, Object> cancel(Context ctx, A2aVersion version, Assistant assistant, String taskId) {
    Map<String, Object> task = get(ctx, assistant, taskId, null);
    String state = state(task);
    if (!"working".equals(state) && !"submitted".equals(state)) {
      throw new A2aApi.RpcError(A2aApi.TASK_NOT_CANCELABLE, "task " + taskId + " is " + version.state(state)
          + ": only a " + version.states("submitted", "working") + " task can be canceled");
    }
    String runId = (String) ((Map<?, ?>) task.get("metadata")).get("run_id");
    try (EventBus.Subscription sub = services.bus().subscribe(runId, 0)) {
      runs.cancelRun(runId, "interrupt");
      awaitEnd(sub, runId, () -> { });
    }
    return get(ctx, assistant, taskId, null);
  }

  /** Waits until run {@code runId} has ended, calling {@code idle} each poll interval it stays silent. */
  void awaitEnd(EventBus.Subscription sub, String runId, Runnable idle) {
    try {
      while (true) {
        RunEvent e = sub.nextDone(2_000);
        if (e != null) {
          return;
        }
        RunStatus status = services.runs().status(runId);
        if (status == null || status.terminal()) {
          return;
        }
        idle.run();
      }
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      throw new ApiException(503, "interrupted while waiting for the run");
    }
  }

  static String state(Map<String, Object> task) {
    return (String) ((Map<?, ?>) task.get("status")).get("state");
  }

  private record Outcome(Map<String, Object> status, List<Map<String, Object>> artifacts) {}

  private Outcome outcome(RunRow run, String taskId, String contextId) {
    List<Map<String, Object>> artifacts = List.of();
    String state;
    Map<String, Object> message = null;
    switch (run.status()) {
      case PENDING -> state = "submitted";
      case RUNNING -> state = "working";
      case INTERRUPTED -> state = "canceled";
      case ERROR, TIMEOUT -> {
        state = "failed";
        Object result = result(run);
        Object error = result instanceof Map<?, ?> m ? m.get("__error__") : null;
        String why = error instanceof Map<?, ?> em && em.get("message") != null ? String.valueOf(em.get("message"))
            : run.status() == RunStatus.TIMEOUT ? "the run timed out" : "the run failed";
        message = A2aParts.agentMessage(List.of(A2aParts.text(why)), taskId, contextId);
      }
      default -> {
        Object result = result(run);
        Map<String, Object> values = new LinkedHashMap<>();
        if (result instanceof Map<?, ?> m) {
          m.forEach((k, v) -> values.put(String.valueOf(k), v));
        }
        if (values.remove("__interrupt__") instanceof List<?> interrupts && !interrupts.isEmpty()) {
          state = "input-required";
          message = A2aParts.agentMessage(A2aParts.ofInterrupts(interrupts), taskId, contextId);
        } else {
          state = "completed";
          List<Map<String, Object>> parts = A2aParts.ofValues(values);
          message = A2aParts.agentMessage(parts, taskId, contextId);
          artifacts = List.of(Map.of("artifactId", run.runId(), "name", "result", "parts", parts));
        }
      }
    }
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("state", state);
    if (message != null) {
      status.put("message", message);
    }
    status.put("timestamp", run.updatedAt());
    return new Outcome(status, artifacts);
  }

  private Object result(RunRow run) {
    Object stored = services.runResult(run.runId());
    return stored instanceof String text ? Json.read(text) : stored;
  }
}
