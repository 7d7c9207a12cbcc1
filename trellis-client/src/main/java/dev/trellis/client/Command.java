package dev.trellis.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run does instead of taking input (LangGraph's {@code Command}): resume a paused
 * thread with a value (or values by interrupt id), apply an update, and/or go to nodes.
 *
 * @param resume the answer to the pending interrupt(s): a value, or a map of interrupt id to value
 * @param update state values to write first, or null
 * @param gotos node names to run next (empty for none)
 */
public record Command(Object resume, Map<String, Object> update, List<String> gotos) {
  public Command {
    gotos = gotos == null ? List.of() : List.copyOf(gotos);
  }

  /** Resumes the pending interrupt with {@code value}. */
  public static Command resume(Object value) {
    return new Command(value, null, List.of());
  }

  /** Resumes several pending interrupts, each by its id. */
  public static Command resumeById(Map<String, ?> valuesById) {
    return new Command(Map.copyOf(valuesById), null, List.of());
  }

  /** Writes {@code values} to state, then continues. */
  public static Command update(Map<String, ?> values) {
    return new Command(null, new LinkedHashMap<>(values), List.of());
  }

  /** A copy that also goes to {@code nodes}. */
  public Command withGoto(String... nodes) {
    return new Command(resume, update, List.of(nodes));
  }

  /** The wire form: {@code resume}, {@code update}, {@code goto}; absent parts left out. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    if (resume != null) {
      m.put("resume", resume);
    }
    if (update != null) {
      m.put("update", update);
    }
    if (!gotos.isEmpty()) {
      m.put("goto", gotos.size() == 1 ? gotos.getFirst() : gotos);
    }
    return m;
  }
}
