package dev.trellis.agent.ui;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.Key;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Generative UI (LangGraph's {@code graph/ui.py}): a node pushes UI messages — a component
 * name and its props — that LangGraph's {@code useStream} renders. Each push is written to the
 * custom stream as {@code {"type": "ui", "id", "name", "props", "metadata"}} (removals as
 * {@code {"type": "remove-ui", "id"}}) and to the {@code ui} state key, folded by
 * {@link #reduce}.
 */
public final class GenerativeUi {
  /** The {@code ui} key with {@link #reduce} (LangGraph's {@code ui_message_reducer}). */
  @SuppressWarnings("unchecked")
  public static final Key<List<Map<String, Object>>> KEY = Key.reducing("ui",
      (Class<List<Map<String, Object>>>) (Class<?>) List.class, GenerativeUi::reduce, List::of);

  private GenerativeUi() {}

  /** Pushes component {@code name} with {@code props}; returns the UI message. */
  public static Map<String, Object> push(Runtime rt, String name, Map<String, Object> props) {
    return push(rt, name, props, null, null, null, false);
  }

  /**
   * Pushes a UI message. {@code id} null makes a new one (reusing an id updates that message;
   * with {@code merge} its props are merged into the old ones); {@code message}, when given,
   * ties the UI to that chat message ({@code metadata.message_id}).
   */
  public static Map<String, Object> push(Runtime rt, String name, Map<String, Object> props, String id,
      Map<String, Object> metadata, Message message, boolean merge) {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("merge", merge);
    meta.put("name", rt.node());
    meta.put("tags", List.of());
    if (metadata != null) {
      meta.putAll(metadata);
    }
    if (message != null && message.id() != null) {
      meta.put("message_id", message.id());
    }
    Map<String, Object> evt = new LinkedHashMap<>();
    evt.put("type", "ui");
    evt.put("id", id != null ? id : UUID.randomUUID().toString());
    evt.put("name", Objects.requireNonNull(name, "name"));
    evt.put("props", props == null ? Map.of() : props);
    evt.put("metadata", meta);
    Map<String, Object> ui = Collections.unmodifiableMap(evt);
    rt.write(ui);
    rt.writeState(KEY.name(), List.of(ui));
    return ui;
  }

  /** Removes the UI message {@code id}. */
  public static void delete(Runtime rt, String id) {
    Map<String, Object> evt = Map.of("type", "remove-ui", "id", Objects.requireNonNull(id, "id"));
    rt.write(evt);
    rt.writeState(KEY.name(), List.of(evt));
  }

  /** Folds UI messages: a new id is appended, a known id replaced (props merged when its metadata says merge), a remove-ui drops its id. */
  @SuppressWarnings("unchecked")
  public static List<Map<String, Object>> reduce(List<Map<String, Object>> left, List<Map<String, Object>> right) {
    List<Map<String, Object>> out = new ArrayList<>(left == null ? List.of() : left);
    for (Map<String, Object> msg : right == null ? List.<Map<String, Object>>of() : right) {
      Object id = msg.get("id");
      if ("remove-ui".equals(msg.get("type"))) {
        out.removeIf(m -> Objects.equals(m.get("id"), id));
        continue;
      }
      int at = -1;
      for (int i = 0; i < out.size(); i++) {
        if (Objects.equals(out.get(i).get("id"), id)) {
          at = i;
          break;
        }
      }
      if (at < 0) {
        out.add(msg);
        continue;
      }
      Map<String, Object> meta = msg.get("metadata") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
      if (Boolean.TRUE.equals(meta.get("merge"))) {
        Map<String, Object> merged = new LinkedHashMap<>(msg);
        Map<String, Object> props = new LinkedHashMap<>((Map<String, Object>) out.get(at).getOrDefault("props", Map.of()));
        props.putAll((Map<String, Object>) msg.getOrDefault("props", Map.of()));
        merged.put("props", props);
        out.set(at, Collections.unmodifiableMap(merged));
      } else {
        out.set(at, msg);
      }
    }
    return Collections.unmodifiableList(out);
  }
}
