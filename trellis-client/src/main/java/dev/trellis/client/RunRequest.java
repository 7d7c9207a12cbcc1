package dev.trellis.client;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What to run: an assistant (or graph id) with its input or {@link Command} and the options of
 * LangGraph's {@code runs.create/stream/wait} — stream modes, config, context, metadata,
 * breakpoints, multitask strategy, what to do when the thread is missing or the client goes
 * away. Immutable; built with {@link #builder(String)}; {@link #toMap()} is the request body.
 */
public final class RunRequest {
  private final Map<String, Object> body;

  private RunRequest(Map<String, Object> body) {
    this.body = Collections.unmodifiableMap(new LinkedHashMap<>(body));
  }

  /** A request for {@code assistantId} with no input. */
  public static RunRequest of(String assistantId) {
    return builder(assistantId).build();
  }

  /** A request for {@code assistantId} with {@code input}. */
  public static RunRequest of(String assistantId, Object input) {
    return builder(assistantId).input(input).build();
  }

  /** A builder for a run of {@code assistantId} (an assistant id or a graph id). */
  public static Builder builder(String assistantId) {
    if (assistantId == null || assistantId.isBlank()) {
      throw new IllegalArgumentException("a run needs an assistant id (or graph id)");
    }
    return new Builder(assistantId);
  }

  /** The assistant (or graph) to run. */
  public String assistantId() {
    return (String) body.get("assistant_id");
  }

  /** The wire names of the stream modes asked for (empty: the server's default, {@code values}). */
  @SuppressWarnings("unchecked")
  public List<String> streamModes() {
    Object modes = body.get("stream_mode");
    return modes == null ? List.of() : (List<String>) modes;
  }

  /** The request body (snake_case, as LangGraph's API takes it). */
  public Map<String, Object> toMap() {
    return body;
  }

  /** A builder from this request, to change some of it. */
  public Builder toBuilder() {
    Builder b = new Builder(assistantId());
    b.body.putAll(body);
    return b;
  }

  @Override
  public String toString() {
    return "RunRequest" + body;
  }

  /** Builds a {@link RunRequest}; each setter replaces what was set before. Not thread-safe. */
  public static final class Builder {
    private final Map<String, Object> body = new LinkedHashMap<>();

    private Builder(String assistantId) {
      body.put("assistant_id", assistantId);
    }

    /** The graph's input (null: none, e.g. to continue from a breakpoint). */
    public Builder input(Object input) {
      return set("input", input);
    }

    /** Resume, update or go to instead of (or besides) input. */
    public Builder command(Command command) {
      return set("command", command == null ? null : command.toMap());
    }

    /** Stream modes for {@code stream} (ignored by {@code wait} and {@code create}). */
    public Builder streamMode(StreamMode... modes) {
      return set("stream_mode", Arrays.stream(modes).map(StreamMode::wireName).toList());
    }

    /** Also stream the events of subgraphs (their event names carry the namespace). */
    public Builder streamSubgraphs(boolean on) {
      return set("stream_subgraphs", on);
    }

    /** Keep the run's events so the stream can be joined again after a disconnect ({@code joinStream}). */
    public Builder streamResumable(boolean on) {
      return set("stream_resumable", on);
    }

    /** The run's config ({@code configurable}, {@code recursion_limit}, {@code tags}...). */
    public Builder config(Map<String, ?> config) {
      return set("config", config == null ? null : new LinkedHashMap<>(config));
    }

    /** The run's context (the graph's typed context). */
    public Builder context(Map<String, ?> context) {
      return set("context", context == null ? null : new LinkedHashMap<>(context));
    }

    /** Metadata saved on the run and in its checkpoints. */
    public Builder metadata(Map<String, ?> metadata) {
      return set("metadata", metadata == null ? null : new LinkedHashMap<>(metadata));
    }

    /** Pause before these nodes ({@code "*"}: all). */
    public Builder interruptBefore(String... nodes) {
      return set("interrupt_before", nodes.length == 1 && nodes[0].equals("*") ? "*" : List.of(nodes));
    }

    /** Pause after these nodes ({@code "*"}: all). */
    public Builder interruptAfter(String... nodes) {
      return set("interrupt_after", nodes.length == 1 && nodes[0].equals("*") ? "*" : List.of(nodes));
    }

    /** Start from (fork) this checkpoint of the thread. */
    public Builder checkpointId(String checkpointId) {
      return set("checkpoint_id", checkpointId);
    }

    /** {@code reject}, {@code interrupt}, {@code rollback} or {@code enqueue}: what happens when the thread is busy. */
    public Builder multitaskStrategy(String strategy) {
      return set("multitask_strategy", strategy);
    }

    /** {@code create} (make the thread when it is missing) or {@code reject} (404, the default). */
    public Builder ifNotExists(String what) {
      return set("if_not_exists", what);
    }

    /** {@code delete} or {@code keep}: what becomes of a stateless run's thread. */
    public Builder onCompletion(String what) {
      return set("on_completion", what);
    }

    /** {@code cancel} or {@code continue}: what the run does when this client disconnects. */
    public Builder onDisconnect(String what) {
      return set("on_disconnect", what);
    }

    /** A URL the server POSTs the run to when it ends. */
    public Builder webhook(String url) {
      return set("webhook", url);
    }

    /** Start the run this many seconds from now. */
    public Builder afterSeconds(int seconds) {
      return set("after_seconds", seconds);
    }

    /** {@code sync}, {@code async} or {@code exit}: when checkpoints are saved. */
    public Builder durability(String durability) {
      return set("durability", durability);
    }

    /** Any other field of the request body, by its wire name (for options this builder does not name). */
    public Builder set(String field, Object value) {
      if (value == null) {
        body.remove(field);
      } else {
        body.put(field, value);
      }
      return this;
    }

    public RunRequest build() {
      return new RunRequest(body);
    }
  }
}
