package dev.trellis.server.queue;

import dev.trellis.graph.Command;
import dev.trellis.graph.Send;
import dev.trellis.graph.Update;
import dev.trellis.server.error.ServerException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run body's {@code command}, checked for shape when the run is created: values to write
 * ({@code update} as an object or {@code [key, value]} pairs), where to go ({@code goto}: node
 * names and {@code {node, input}} sends) and the value to resume with. Immutable.
 *
 * @param update the values the command writes, in the order given
 * @param gotos node names and {@link Send}s
 * @param resume the resume value, or null
 */
public record RunCommand(Map<String, Object> update, List<Object> gotos, Object resume) {
  public RunCommand {
    update = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(update));
    gotos = List.copyOf(gotos);
  }

  /** Parses {@code command}; refused naming the culprit when it has another shape. */
  @SuppressWarnings("unchecked")
  static RunCommand parse(Object command) {
    if (!(command instanceof Map<?, ?> m)) {
      throw ServerException.invalid("\"command\" must be an object with resume, update or goto");
    }
    if (!m.containsKey("resume") && m.get("update") == null && m.get("goto") == null) {
      throw ServerException.invalid("\"command\" needs at least one of resume, update, goto");
    }
    Object update = m.get("update");
    Map<String, Object> values = new LinkedHashMap<>();
    if (update instanceof Map<?, ?> u) {
      values.putAll((Map<String, Object>) u);
    } else if (update instanceof List<?> pairs) {
      for (Object p : pairs) {
        if (!(p instanceof List<?> kv) || kv.size() != 2 || !(kv.get(0) instanceof String k)) {
          throw ServerException.invalid("\"command.update\" as a list holds [key, value] pairs");
        }
        values.put(k, kv.get(1));
      }
    } else if (update != null) {
      throw ServerException.invalid("\"command.update\" must be an object or a list of [key, value] pairs");
    }
    List<Object> gotos = new ArrayList<>();
    Object g = m.get("goto");
    for (Object one : g instanceof List<?> l ? l : g == null ? List.of() : List.of(g)) {
      if (one instanceof String s) {
        gotos.add(s);
      } else if (one instanceof Map<?, ?> send && send.get("node") instanceof String node) {
        gotos.add(Send.to(node, send.get("input")));
      } else {
        throw ServerException.invalid("\"command.goto\" takes node names or {node, input} objects");
      }
    }
    return new RunCommand(values, gotos, m.get("resume"));
  }

  /** Whether the resume value is an object that may map interrupt ids to values (then pending ids are needed). */
  public boolean resumesById() {
    return resume instanceof Map<?, ?>;
  }

  /**
   * The engine's command; a resume object whose keys are all among {@code pendingInterruptIds}
   * resumes those interrupts by id, any other resume value is passed as is.
   */
  @SuppressWarnings("unchecked")
  public Command toCommand(List<String> pendingInterruptIds) {
    Object r = resume;
    if (r instanceof Map<?, ?> byId && pendingInterruptIds != null && !byId.isEmpty()
        && pendingInterruptIds.containsAll(byId.keySet())) {
      r = Map.copyOf((Map<String, Object>) byId);
    }
    return new Command(Update.of(update), gotos, r, false);
  }
}
