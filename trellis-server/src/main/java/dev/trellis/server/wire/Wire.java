package dev.trellis.server.wire;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.TaskState;
import dev.trellis.runtime.Interrupt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** LangGraph's wire shapes of the engine's state objects: ThreadState, checkpoints, interrupts. */
public final class Wire {
  private Wire() {}

  public static Map<String, Object> checkpoint(CheckpointConfig c) {
    if (c == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("thread_id", c.threadId());
    m.put("checkpoint_ns", c.namespace());
    m.put("checkpoint_id", c.checkpointId());
    m.put("checkpoint_map", null);
    return m;
  }

  /** The checkpoint a request body names ({@code checkpoint_id}, else {@code checkpoint.checkpoint_id}), or null. */
  public static String checkpointId(Map<String, Object> body) {
    String id = Json.string(body, "checkpoint_id");
    if (id == null && body.get("checkpoint") instanceof Map<?, ?> cp && cp.get("checkpoint_id") instanceof String s) {
      id = s;
    }
    return id;
  }

  /** A run config in the shape of LangGraph's {@code {configurable: {thread_id, checkpoint_ns, checkpoint_id}}}. */
  public static Map<String, Object> config(CheckpointConfig c) {
    return c == null ? null : Map.of("configurable", checkpoint(c));
  }

  public static Map<String, Object> metadata(CheckpointMetadata md) {
    if (md == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    md.extra().forEach((k, v) -> m.put(k, Json.plain(v)));
    m.put("source", md.source());
    m.put("step", md.step());
    if (!md.writes().isEmpty()) {
      m.put("writes", Json.plain(md.writes())); // a checkpoint saved before the engine stopped recording them (LangGraph 1.2.12 has none)
    }
    m.put("parents", Map.of());
    return m;
  }

  public static List<Map<String, Object>> interrupts(List<Interrupt> list) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Interrupt i : list) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("value", Json.plain(i.value()));
      m.put("id", i.id());
      out.add(m);
    }
    return out;
  }

  /** {@code {task_id: [Interrupt]}} of a snapshot's pending interrupts (a Thread's {@code interrupts}). */
  public static Map<String, Object> interruptsByTask(StateSnapshot s) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (s == null) {
      return out;
    }
    for (TaskState t : s.tasks()) {
      if (!t.interrupts().isEmpty()) {
        out.put(t.id(), interrupts(t.interrupts()));
      }
    }
    return out;
  }

  /** A ThreadState: values, next, tasks, checkpoint, parent, metadata, created_at, interrupts. */
  public static Map<String, Object> state(StateSnapshot s, String createdAt) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("values", Json.plain(s.values()));
    m.put("next", s.next());
    List<Map<String, Object>> tasks = new ArrayList<>();
    for (TaskState t : s.tasks()) {
      Map<String, Object> tm = new LinkedHashMap<>();
      tm.put("id", t.id());
      tm.put("name", t.name());
      tm.put("path", List.of("__pregel_pull", t.name()));
      tm.put("error", t.error());
      tm.put("interrupts", interrupts(t.interrupts()));
      tm.put("checkpoint", null);
      tm.put("state", t.state() == null ? null : state(t.state(), null));
      tm.put("result", null);
      tasks.add(tm);
    }
    m.put("tasks", tasks);
    m.put("checkpoint", checkpoint(s.config()));
    m.put("parent_checkpoint", checkpoint(s.parentConfig()));
    m.put("metadata", metadata(s.metadata()));
    m.put("created_at", createdAt);
    m.put("interrupts", interrupts(s.interrupts()));
    return m;
  }

  /** The state of a thread that never ran. */
  public static Map<String, Object> emptyState() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("values", Map.of());
    m.put("next", List.of());
    m.put("tasks", List.of());
    m.put("checkpoint", null);
    m.put("parent_checkpoint", null);
    m.put("metadata", null);
    m.put("created_at", null);
    m.put("interrupts", List.of());
    return m;
  }
}
