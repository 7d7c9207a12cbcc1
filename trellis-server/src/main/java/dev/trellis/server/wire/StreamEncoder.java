package dev.trellis.server.wire;

import dev.trellis.server.wire.Json;
import dev.trellis.server.wire.Wire;
import dev.trellis.stream.StreamPart;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Turns the engine's stream parts into LangGraph's SSE events, for the modes a client asked
 * for: {@code values}, {@code updates} (with {@code __interrupt__}), {@code custom},
 * {@code messages}/{@code messages-tuple}, {@code tasks}, {@code checkpoints}, {@code debug},
 * {@code events}. Events from subgraphs are named {@code mode|node:task|...}.
 */
public final class StreamEncoder {
  /**
   * An SSE event before numbering. Its data may be built on first read ({@link #lazy}): an
   * event nobody reads (a {@code wait} run's steps) never converts the state it carries.
   */
  public static final class Out {
    private final String event;
    private Object data;
    private Supplier<?> pending;
    /** The data's JSON text when it is written another way than {@code Json.write(data())} (the same text), else null. */
    private Supplier<String> json;

    public Out(String event, Object data) {
      this.event = event;
      this.data = data;
    }

    private Out(String event, Supplier<?> data) {
      this.event = event;
      this.pending = data;
    }

    /** An event whose data is built by {@code data} the first time it is read, once. */
    public static Out lazy(String event, Supplier<?> data) {
      return new Out(event, data);
    }

    /** As {@link #lazy}, with {@code json} writing the same text as {@code Json.write(data())} without building the data. */
    static Out lazy(String event, Supplier<?> data, Supplier<String> json) {
      Out o = new Out(event, data);
      o.json = json;
      return o;
    }

    public String event() {
      return event;
    }

    /** The event's data as JSON text (for a root {@code values} event, reusing the text of the thread's long lists). */
    public String json() {
      Supplier<String> j;
      synchronized (this) {
        j = json;
      }
      return j != null ? j.get() : Json.write(data());
    }

    /** The event's data, plain JSON values (built now if it was not yet). */
    public synchronized Object data() {
      if (pending != null) {
        data = pending.get();
        pending = null;
      }
      return data;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Out other && event.equals(other.event) && java.util.Objects.equals(data(), other.data());
    }

    @Override
    public int hashCode() {
      return java.util.Objects.hash(event, data());
    }

    @Override
    public String toString() {
      return "Out[event=" + event + ", data=" + data() + "]";
    }
  }

  /** A value computed on first use, once (thread-safe: events are read by other threads). */
  private static final class Once<T> implements Supplier<T> {
    private Supplier<? extends T> make;
    private T value;

    Once(Supplier<? extends T> make) {
      this.make = make;
    }

    @Override
    public synchronized T get() {
      if (make != null) {
        value = make.get();
        make = null;
      }
      return value;
    }
  }

  private final StreamModes modes;
  private final boolean subgraphs;
  private final String runId;
  private final String threadId;
  /** The last root values, converted to plain JSON values when first asked for. */
  private Supplier<Map<String, Object>> lastValues = Map::of;
  /** The same values unconverted (the engine's, with a pause's plain {@code __interrupt__} list), and their JSON text once written. */
  private Map<String, Object> lastRaw = Map.of();
  private Supplier<String> lastJson = () -> "{}";
  private final MessageEvents messages;
  /** Chat-model calls in progress: call id → model name, for their stream events. */
  private final Map<String, String> callNames = new java.util.HashMap<>();
  /**
   * Deprecated {@code messages/*} events of a step's updates, held until that step's root
   * {@code values} event has gone out: LangGraph sends the step's values first.
   */
  private final List<Out> afterValues = new ArrayList<>();

  public StreamEncoder(StreamModes modes, boolean subgraphs, String runId, String threadId) {
    this.modes = modes;
    this.subgraphs = subgraphs;
    this.runId = runId;
    this.threadId = threadId;
    this.messages = new MessageEvents(this.modes, runId, threadId);
  }

  /** The last root values seen: the run's result (converted once, here or by their event's reader). */
  public Map<String, Object> lastValues() {
    return lastValues.get();
  }

  /**
   * The last root values seen as JSON text (what {@link #lastValues} would write), written once
   * from the engine's values without building their plain copy: a run's result, which a waiting
   * client reads and the thread's values repeat.
   */
  public String lastValuesJson() {
    return lastJson.get();
  }

  /** The last root values seen as the engine holds them (a pause's {@code __interrupt__} list already plain). */
  public Map<String, Object> lastRawValues() {
    return lastRaw;
  }

  private void raw(Map<String, Object> values) {
    lastRaw = values;
    lastJson = new Once<>(() -> StateJson.write(threadId, values));
  }

  public List<Out> encode(StreamPart part) {
    List<Out> out = new ArrayList<>();
    boolean root = part.namespace().isEmpty();
    if (!root && !subgraphs) {
      return out;
    }
    String suffix = root ? "" : "|" + String.join("|", part.namespace());
    switch (part) {
      case StreamPart.Values v -> {
        if (root) {
          Once<Map<String, Object>> values = new Once<>(() -> plainMap(v.values()));
          lastValues = values;
          raw(v.values());
          if (messages.wanted()) {
            messages.state(values.get());
          }
          if (modes.wants("values")) {
            out.add(Out.lazy("values", values, lastJson));
          }
          flushAfterValues(out);
        } else {
          addLazy(out, "values", suffix, () -> plainMap(v.values()));
        }
      }
      case StreamPart.Updates u -> {
        if (modes.wants("updates") || messages.wanted()) {
          Once<Object> update = new Once<>(() -> Json.plain(u.update()));
          addLazy(out, "updates", suffix, () -> single(u.node(), update.get()));
          if (messages.wanted()) {
            List<Out> msgs = new ArrayList<>();
            messages.update(u, update.get(), suffix, msgs);
            for (Out o : msgs) {
              (modes.wants("values") && o.event().startsWith("messages/") ? afterValues : out).add(o);
            }
          }
        }
      }
      case StreamPart.Interrupted i -> {
        List<Map<String, Object>> list = Wire.interrupts(i.interrupts());
        add(out, "updates", suffix, () -> single("__interrupt__", list));
        if (root) {
          Supplier<Map<String, Object>> before = lastValues;
          Once<Map<String, Object>> merged = new Once<>(() -> {
            Map<String, Object> m = new LinkedHashMap<>(before.get());
            m.put("__interrupt__", list);
            return m;
          });
          lastValues = merged;
          Map<String, Object> raw = new LinkedHashMap<>(lastRaw);
          raw.put("__interrupt__", list);
          raw(raw);
          if (modes.wants("values")) {
            out.add(Out.lazy("values", merged, lastJson));
          }
          flushAfterValues(out);
        }
      }
      case StreamPart.Custom c -> add(out, "custom", suffix, () -> Json.plain(c.value()));
      case StreamPart.Data d -> add(out, d.mode().wireName(), suffix, () -> Json.plain(d.data()));
      case StreamPart.MessageChunk m -> {
        messages.chunk(m, suffix, out);
        String callId = callIdOf(m.messageId());
        add(out, "events", suffix, () -> event("on_chat_model_stream", callNames.getOrDefault(callId, m.node()),
            callId, Map.of("chunk", MessageEvents.aiChunk(m.messageId(), m.text())), m.node(), m.step(),
            List.of(runId, m.taskId())));
      }
      case StreamPart.CallEvent c -> add(out, "events", suffix, () -> callEvent(c));
      case StreamPart.PushedMessage m -> messages.pushed(m, Json.plain(m.message()), suffix, out);
      case StreamPart.TaskStart t -> {
        addLazy(out, "tasks", suffix, () -> taskStart(t));
        add(out, "events", suffix, () -> event("on_chain_start", t.name(), t.id(),
            Map.of("input", orEmpty(Json.plain(t.input()))), t.name(), t.step(), List.of(runId)));
      }
      case StreamPart.TaskResult t -> {
        addLazy(out, "tasks", suffix, () -> taskResult(t));
        add(out, "events", suffix, () -> event(t.error() == null ? "on_chain_end" : "on_chain_error", t.name(), t.id(),
            t.error() == null ? Map.of("output", orEmpty(Json.plain(t.result()))) : Map.of("error", t.error()),
            t.name(), t.step(), List.of(runId)));
      }
      case StreamPart.CheckpointEvent c -> addLazy(out, "checkpoints", suffix, () -> checkpoint(c));
      case StreamPart.Debug d -> add(out, "debug", suffix, () -> {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", d.type());
        m.put("step", d.step());
        m.put("timestamp", Instant.now().toString());
        m.put("payload", switch (d.payload()) {
          case StreamPart.TaskStart t -> taskStart(t);
          case StreamPart.TaskResult t -> taskResult(t);
          case StreamPart.CheckpointEvent c -> debugCheckpoint(c);
          default -> Json.plain(d.payload());
        });
        return m;
      });
    }
    return out;
  }

  /** Adds an event of {@code mode} when the client asked for it; {@code data} is built only then, now. */
  private void add(List<Out> out, String mode, String suffix, Supplier<?> data) {
    if (modes.wants(mode)) {
      out.add(new Out(mode + suffix, data.get()));
    }
  }

  /**
   * Adds an event of {@code mode} when the client asked for it, its data built when the event is
   * first read; {@code data} must depend on the stream part alone (not on this encoder's state,
   * the clock, or anything a later part changes).
   */
  private void addLazy(List<Out> out, String mode, String suffix, Supplier<?> data) {
    if (modes.wants(mode)) {
      out.add(Out.lazy(mode + suffix, data));
    }
  }

  private static Object orEmpty(Object value) {
    return value == null ? Map.of() : value;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> plainMap(Map<String, Object> values) {
    Object p = Json.plain(values);
    return p instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  private static Map<String, Object> single(String key, Object value) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(key, value);
    return m;
  }

  /**
   * A chat model's or a tool's start or end as LangChain's {@code astream_events} v2 sends
   * it: the model's input messages as {@code {"messages": [[...]]}}, a tool's arguments as its
   * input; the end repeats the input beside the output (the answer, the tool message).
   */
  private Map<String, Object> callEvent(StreamPart.CallEvent c) {
    boolean model = c.kind() == StreamPart.CallEvent.Kind.CHAT_MODEL;
    Object input = model ? Map.of("messages", List.of(orEmptyList(Json.plain(c.input())))) : orEmpty(Json.plain(c.input()));
    Map<String, Object> data = new LinkedHashMap<>();
    if (c.end()) {
      callNames.remove(c.callId());
      data.put("output", Json.plain(c.output()));
    } else if (model) {
      callNames.put(c.callId(), c.name());
    }
    data.put("input", input);
    String kind = model ? "chat_model" : "tool";
    return event("on_" + kind + (c.end() ? "_end" : "_start"), c.name(), c.callId(), data, c.node(), c.step(),
        List.of(runId, c.taskId()));
  }

  /** The chat-model call a message id names: LangChain's answers are {@code run-<call's run id>}. */
  private static String callIdOf(String messageId) {
    return messageId.startsWith("run-") ? messageId.substring(4) : messageId;
  }

  private static Object orEmptyList(Object value) {
    return value == null ? List.of() : value;
  }

  /**
   * A LangChain {@code astream_events} v2 event: graph-level events carry the run id, node
   * events their task id, chat-model and tool events their call's id; {@code parents} lists
   * the enclosing runs, outermost first (the graph run, then the node's task).
   */
  private Map<String, Object> event(String name, String who, String id, Map<String, Object> data, String node, int step,
      List<String> parents) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("event", name);
    e.put("name", who);
    e.put("run_id", id);
    e.put("tags", node == null ? List.of() : List.of("graph:step:" + step));
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("thread_id", threadId);
    meta.put("run_id", runId);
    if (node != null) {
      meta.put("langgraph_node", node);
      meta.put("langgraph_step", step);
    }
    e.put("metadata", meta);
    e.put("data", data);
    e.put("parent_ids", parents);
    return e;
  }

  /** The graph's own start event (before the first part), for the {@code events} mode. */
  public List<Out> start(Object input, String graphName) {
    List<Out> out = new ArrayList<>();
    add(out, "events", "", () -> event("on_chain_start", graphName, runId, Map.of("input", orEmpty(Json.plain(input))),
        null, -1, List.of()));
    return out;
  }

  private void flushAfterValues(List<Out> out) {
    out.addAll(afterValues);
    afterValues.clear();
  }

  /** Whatever is still held after the last part (sent when the run's graph has ended, whatever its end). */
  public List<Out> held() {
    List<Out> out = new ArrayList<>();
    flushAfterValues(out);
    return out;
  }

  /** The graph's own end event, for the {@code events} mode: sent once the run's end is committed, after {@link #held}. */
  public List<Out> graphEnd(String graphName) {
    List<Out> out = new ArrayList<>();
    Supplier<Map<String, Object>> last = lastValues;
    add(out, "events", "", () -> event("on_chain_end", graphName, runId, Map.of("output", last.get()), null, -1, List.of()));
    return out;
  }

  private static Map<String, Object> taskStart(StreamPart.TaskStart t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", t.id());
    m.put("name", t.name());
    m.put("input", Json.plain(t.input()));
    m.put("triggers", t.triggers());
    m.put("interrupts", List.of());
    return m;
  }

  private static Map<String, Object> taskResult(StreamPart.TaskResult t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", t.id());
    m.put("name", t.name());
    m.put("error", t.error());
    m.put("result", Json.plain(t.result()));
    m.put("interrupts", Wire.interrupts(t.interrupts()));
    return m;
  }

  /**
   * A checkpoint in the debug mode: as in the checkpoints mode, plus {@code checkpoint} and
   * {@code parent_checkpoint} ({@code {thread_id, checkpoint_ns, checkpoint_id,
   * checkpoint_map}}, null for the first) as LangGraph's servers add them.
   */
  private static Map<String, Object> debugCheckpoint(StreamPart.CheckpointEvent c) {
    Map<String, Object> m = checkpoint(c);
    m.put("checkpoint", Wire.checkpoint(c.config()));
    m.put("parent_checkpoint", Wire.checkpoint(c.parentConfig()));
    return m;
  }

  private static Map<String, Object> checkpoint(StreamPart.CheckpointEvent c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("config", Wire.config(c.config()));
    m.put("parent_config", Wire.config(c.parentConfig()));
    m.put("values", Json.plain(c.values()));
    m.put("metadata", Wire.metadata(c.metadata()));
    m.put("next", c.next());
    m.put("tasks", List.of());
    return m;
  }
}
