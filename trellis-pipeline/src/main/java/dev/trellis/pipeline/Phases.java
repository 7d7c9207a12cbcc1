package dev.trellis.pipeline;

import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Kahn's sort of tools into phases (seed 000): a phase holds the tools whose dependencies
 * all ran in earlier phases, sorted by name. Fails naming an unknown dependency or a cycle
 * ({@code a → b → a}). Pure; shared by {@link ToolPipeline} and {@link ToolRegistry}.
 */
final class Phases {
  private Phases() {
  }

  static List<List<String>> of(Map<String, PipelineToolSpec> specs) {
    for (PipelineToolSpec s : specs.values()) {
      for (String d : s.dependsOn()) {
        if (!specs.containsKey(d)) {
          throw new InvalidGraphException(ErrorCode.UNKNOWN_TOOL, "tool \"" + s.name() + "\" depends on \"" + d
              + "\", which is not in the pipeline (tools: " + String.join(", ", new TreeMap<>(specs).keySet()) + ")");
        }
      }
    }
    Map<String, Set<String>> waiting = new TreeMap<>();
    specs.values().forEach(s -> waiting.put(s.name(), new LinkedHashSet<>(s.dependsOn())));
    List<List<String>> out = new ArrayList<>();
    Set<String> done = new LinkedHashSet<>();
    while (!waiting.isEmpty()) {
      List<String> ready = waiting.entrySet().stream().filter(e -> done.containsAll(e.getValue())).map(Map.Entry::getKey)
          .toList();
      if (ready.isEmpty()) {
        throw new InvalidGraphException(ErrorCode.TOOL_CYCLE, "tool dependencies form a cycle: " + cycle(waiting));
      }
      ready.forEach(waiting::remove);
      done.addAll(ready);
      out.add(List.copyOf(ready));
    }
    return List.copyOf(out);
  }

  /** One cycle among the tools still waiting (each waits on another waiting tool). */
  private static String cycle(Map<String, Set<String>> waiting) {
    String cur = waiting.keySet().iterator().next();
    List<String> path = new ArrayList<>();
    while (!path.contains(cur)) {
      path.add(cur);
      cur = waiting.get(cur).stream().filter(waiting::containsKey).sorted().findFirst().orElseThrow();
    }
    List<String> loop = new ArrayList<>(path.subList(path.indexOf(cur), path.size()));
    loop.add(cur);
    return String.join(" → ", loop);
  }
}
