package dev.trellis.client;

import static dev.trellis.client.Transport.seg;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Runs of a thread ({@code threadId} given) or stateless runs ({@code threadId} null): start
 * one in the background, stream it, wait for it, join it again later (also its stream, after a
 * disconnect, from the last event seen), cancel it. Thread-safe.
 */
public final class RunsClient {
  private final Transport t;

  RunsClient(Transport t) {
    this.t = t;
  }

  private static String base(String threadId) {
    return threadId == null ? "/runs" : "/threads/" + seg(threadId) + "/runs";
  }

  /** Starts the run and returns its events as they happen (the modes of {@link RunRequest.Builder#streamMode}). */
  public EventStream stream(String threadId, RunRequest request) {
    return new EventStream(t.open("POST", base(threadId) + "/stream", request.toMap(), Map.of()));
  }

  /** Starts the run in the background. */
  public Run create(String threadId, RunRequest request) {
    return t.json("POST", base(threadId), request.toMap(), Json.type(Run.class));
  }

  /** Starts stateless runs in the background, one per request. */
  public List<Run> createBatch(List<RunRequest> requests) {
    return t.json("POST", "/runs/batch", requests.stream().map(RunRequest::toMap).toList(), Json.listOf(Run.class));
  }

  /**
   * Runs and waits for the end: the final state values (with {@code __interrupt__} when the run
   * paused). A run that failed throws {@link RemoteRunException}.
   */
  public Map<String, Object> wait(String threadId, RunRequest request) {
    return result(t.json("POST", base(threadId) + "/wait", request.toMap(), Json.type(Object.class)));
  }

  /** The thread's runs, newest first (at most {@code limit}, skipping {@code offset}; {@code status} null: any). */
  public List<Run> list(String threadId, int limit, int offset, String status) {
    String q = "?" + Transport.param("limit", limit) + "&" + Transport.param("offset", offset)
        + (status == null ? "" : "&" + Transport.param("status", status));
    return t.json("GET", base(threadId) + q, null, Json.listOf(Run.class));
  }

  public Run get(String threadId, String runId) {
    return t.json("GET", base(threadId) + "/" + seg(runId), null, Json.type(Run.class));
  }

  /** Waits for the run to end and returns its final values, like {@link #wait}. */
  public Map<String, Object> join(String threadId, String runId) {
    return result(t.json("GET", base(threadId) + "/" + seg(runId) + "/join", null, Json.type(Object.class)));
  }

  /**
   * The run's stream again: from now on, or right after {@code lastEventId} (null: from now;
   * {@code "0"}: from its first event — the run must have been created with
   * {@code streamResumable(true)} for its past events to be kept), limited to {@code modes}
   * (none: every mode it streams). {@code cancelOnDisconnect} cancels the run when this
   * stream is closed before the run ends.
   */
  public EventStream joinStream(String threadId, String runId, String lastEventId, boolean cancelOnDisconnect,
      StreamMode... modes) {
    StringBuilder q = new StringBuilder();
    if (modes.length > 0) {
      q.append(Transport.param("stream_mode",
          Json.write(Arrays.stream(modes).map(StreamMode::wireName).collect(Collectors.toList()))));
    }
    if (cancelOnDisconnect) {
      q.append(q.isEmpty() ? "" : "&").append("cancel_on_disconnect=true");
    }
    String path = (threadId == null ? "/runs" : base(threadId)) + "/" + seg(runId) + "/stream"
        + (q.isEmpty() ? "" : "?" + q);
    Map<String, String> headers = lastEventId == null ? Map.of() : Map.of("Last-Event-ID", lastEventId);
    return new EventStream(t.open("GET", path, null, headers));
  }

  /** Joins the run's stream from now on, every mode. */
  public EventStream joinStream(String threadId, String runId) {
    return joinStream(threadId, runId, null, false);
  }

  /**
   * Cancels the run: {@code action} {@code interrupt} (stop it, keep what it saved) or
   * {@code rollback} (stop it and delete it and its checkpoints); with {@code wait}, returns once it stopped.
   */
  public void cancel(String threadId, String runId, boolean wait, String action) {
    t.json("POST", base(threadId) + "/" + seg(runId) + "/cancel?" + Transport.param("wait", wait) + "&"
        + Transport.param("action", action), null, null);
  }

  /** Cancels the run (interrupt), without waiting. */
  public void cancel(String threadId, String runId) {
    cancel(threadId, runId, false, "interrupt");
  }

  /** Deletes a finished run. */
  public void delete(String threadId, String runId) {
    t.json("DELETE", base(threadId) + "/" + seg(runId), null, null);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> result(Object reply) {
    if (reply instanceof Map<?, ?> m) {
      if (m.get("__error__") != null) {
        throw RemoteRunException.of(m.get("__error__"));
      }
      return (Map<String, Object>) m;
    }
    return reply == null ? Map.of() : Map.of("__value__", reply);
  }
}
