package dev.trellis.apps.neura;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.checkpoint.store.InMemoryStore;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.pipeline.InMemorySkipStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Neura's turn graph in memory (the bundled dataset, an in-memory checkpointer and store), driven a chat message at a
 * time as a chat UI does: each turn sends only its new message on the thread.
 */
abstract class ChatTurns {
  /** The graph's clock: Friday 27 November 2026, 10:00 UTC ("thursday" is 3 December, "next monday" 30 November). */
  static final java.time.Clock CLOCK = java.time.Clock.fixed(java.time.Instant.parse("2026-11-27T10:00:00Z"),
      java.time.ZoneOffset.UTC);
  final NeuraDeps deps = NeuraDeps.bundled().withSkipStore(new InMemorySkipStore()).withClock(CLOCK);
  final CompiledGraph graph = NeuraTurn.graph(CompileOptions.checkpointer(new InMemorySaver()).withStore(new InMemoryStore()),
      deps);

  /** One turn on {@code thread}: {@code message} from the patient {@code patient} (null: no patient record). */
  State say(String thread, String patient, String message) {
    Map<String, Object> input = new HashMap<>();
    input.put("messages", List.of(Map.of("type", "human", "content", message)));
    input.put("session_id", thread);
    if (patient != null) {
      input.put("patient_id", patient);
    }
    return graph.invoke(input, RunConfig.thread(thread).withContext(deps));
  }
}
