package dev.trellis.server.api;

import dev.trellis.server.error.ApiException;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunEvent;
import dev.trellis.server.queue.RunStatus;
import dev.trellis.server.queue.Services;
import dev.trellis.server.wire.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A task's progress as A2A stream events (0.3 shapes; {@link A2aV1} translates), read from its
 * run's {@code messages} stream on the event bus: the answer's text as the model produces it,
 * as {@code artifact-update}s of the task's result artifact — a new AI message replaces what the
 * artifact held ({@code append: false}), each further token of it is appended
 * ({@code append: true}) — then, when the run ends, the whole result artifact
 * ({@code lastChunk: true}, replacing the streamed text with what {@code tasks/get} returns)
 * and the final status. A run that stops at an interrupt ends with its {@code input-required}
 * status; a failed or cancelled one with {@code failed} or {@code canceled}.
 */
final class A2aProgress {
  /** The stream mode whose events carry the answer's tokens (LangGraph's {@code messages-tuple}). */
  static final String MODE = "messages-tuple";

  private final Services services;
  private final A2aTasks.Started started;
  private final Consumer<Map<String, Object>> emit;
  private String streaming;

  A2aProgress(Services services, A2aTasks.Started started, Consumer<Map<String, Object>> emit) {
    this.services = services;
    this.started = started;
    this.emit = emit;
  }

  /**
   * Emits the run's progress until it ends (calling {@code idle} each poll interval it stays
   * silent), then its result artifact and final status from {@code task} (the task as it is then).
   */
  void follow(EventBus.Subscription sub, Runnable idle, Supplier<Map<String, Object>> task) {
    try {
      while (true) {
        RunEvent e = sub.next(2_000);
        if (e == null) {
          RunStatus status = services.runs().status(started.runId());
          if (status == null || status.terminal()) {
            break;
          }
          idle.run();
        } else if (e.done()) {
          break;
        } else if ("messages".equals(e.event())) {
          token(Json.read(e.data()));
        }
      }
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      throw new ApiException(503, "interrupted while following the run");
    }
    Map<String, Object> done = task.get();
    if (done.get("artifacts") instanceof List<?> artifacts) {
      for (Object artifact : artifacts) {
        emit.accept(artifactUpdate(artifact, false, true));
      }
    }
    emit.accept(statusUpdate(started, status(done), true));
  }

  /** One {@code [message, metadata]} of the messages stream: an AI message's text, streamed or whole. */
  private void token(Object tuple) {
    if (!(tuple instanceof List<?> l) || l.isEmpty() || !(l.getFirst() instanceof Map<?, ?> msg)
        || !(msg.get("content") instanceof String text) || text.isEmpty()) {
      return;
    }
    Object type = msg.get("type");
    if (!"AIMessageChunk".equals(type) && !"ai".equals(type)) {
      return;
    }
    String id = String.valueOf(msg.get("id"));
    boolean append = "AIMessageChunk".equals(type) && id.equals(streaming);
    streaming = id;
    Map<String, Object> artifact = new LinkedHashMap<>();
    artifact.put("artifactId", started.runId());
    artifact.put("name", "result");
    artifact.put("parts", List.of(A2aParts.text(text)));
    emit.accept(artifactUpdate(artifact, append, false));
  }

  private Map<String, Object> artifactUpdate(Object artifact, boolean append, boolean last) {
    Map<String, Object> update = new LinkedHashMap<>();
    update.put("kind", "artifact-update");
    update.put("taskId", started.taskId());
    update.put("contextId", started.contextId());
    update.put("artifact", artifact);
    update.put("append", append);
    update.put("lastChunk", last);
    return update;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> status(Map<String, Object> task) {
    return (Map<String, Object>) task.get("status");
  }

  static Map<String, Object> statusUpdate(A2aTasks.Started started, Map<String, Object> status, boolean last) {
    Map<String, Object> update = new LinkedHashMap<>();
    update.put("kind", "status-update");
    update.put("taskId", started.taskId());
    update.put("contextId", started.contextId());
    update.put("status", status);
    update.put("final", last);
    return update;
  }
}
