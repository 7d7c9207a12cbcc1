package dev.trellis.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pipeline inside a graph node: its events arrive on the run's custom stream, its bundle in state. */
class PipelineInGraphTest {
  static final Key<Map<String, Object>> CONTEXT = Key.of("context", (Class<Map<String, Object>>) (Class<?>) Map.class);

  @Test
  void assemblyNodeStreamsToolEventsAndStoresTheBundle() {
    ToolPipeline pipeline = ToolPipeline.builder()
        .tool(PipelineToolSpec.named("client_signal"), args -> ToolOutput.of("calm", 1))
        .tool(PipelineToolSpec.named("therapeutic_fit").dependsOn("client_signal").inject("client_signal"),
            args -> ToolOutput.of("fit for " + args.get("client_signal"), 1))
        .build();
    CompiledGraph g = StateGraph.of(Schema.of(CONTEXT))
        .addNode("context_assembly", (s, rt) -> Update.of(CONTEXT, pipeline.run(rt.threadId(), Map.of(), rt.stream()).sections()))
        .addEdge(StateGraph.START, "context_assembly").compile();
    List<StreamPart> parts = new ArrayList<>();
    try (GraphStream stream = g.stream(Map.of(), RunConfig.DEFAULT, StreamMode.CUSTOM, StreamMode.VALUES)) {
      stream.forEach(parts::add);
    }
    List<Object> custom = parts.stream().filter(p -> p instanceof StreamPart.Custom).map(p -> ((StreamPart.Custom) p).value())
        .toList();
    assertEquals(6, custom.size(), custom.toString());
    assertTrue(custom.contains(Map.of("event", "tool_end", "tool", "therapeutic_fit", "attempts", 1, "completeness", 1.0)));
    StreamPart.Values last = (StreamPart.Values) parts.getLast();
    assertEquals(Map.of("client_signal", "calm", "therapeutic_fit", "fit for calm"), last.values().get("context"));
  }
}
