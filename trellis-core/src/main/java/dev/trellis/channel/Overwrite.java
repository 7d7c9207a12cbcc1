package dev.trellis.channel;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Map;

/**
 * A write that bypasses a key's reducer and replaces its value (LangGraph's {@code Overwrite}):
 * {@code Update.of(items, new Overwrite(List.of("b")))} sets {@code items} to {@code ["b"]}
 * whatever the reducer would have made of it. Writes after it in the same step are ignored;
 * two in one step are an error. On the wire it is {@code {"__overwrite__": value}}, which is
 * also accepted as input (as is {@code {"type": "__overwrite__", "value": v}}).
 */
public record Overwrite(Object value) {
  /** The wire key. */
  public static final String KEY = "__overwrite__";

  /** The wire form. */
  @JsonValue
  public Map<String, Object> wire() {
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put(KEY, value);
    return m;
  }

  /** {@code write} as an Overwrite (typed or in a wire form), or null when it is an ordinary write. */
  public static Overwrite from(Object write) {
    if (write instanceof Overwrite o) {
      return o;
    }
    if (write instanceof Map<?, ?> m) {
      if (m.size() == 1 && m.containsKey(KEY)) {
        return new Overwrite(m.get(KEY));
      }
      if (KEY.equals(m.get("type")) && m.containsKey("value")) {
        return new Overwrite(m.get("value"));
      }
    }
    return null;
  }
}
