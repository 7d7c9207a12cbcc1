package dev.trellis.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The hook around a pipeline's tool calls: once per call (its attempts together), with the merged arguments and the outcome. */
class ToolCallHookTest {
  private final List<String> seen = Collections.synchronizedList(new ArrayList<>());
  private final ToolCallHook recording = (tool, args, work) -> {
    try {
      ToolOutput out = work.call();
      seen.add(tool + " " + new java.util.TreeMap<>(args) + " -> " + out.value());
      return out;
    } catch (Exception e) {
      seen.add(tool + " " + new java.util.TreeMap<>(args) + " !! " + e.getClass().getSimpleName());
      throw e;
    }
  };

  @Test
  void eachToolCallRunsInsideTheHookWithItsMergedArgumentsAndResult() {
    Bundle b = ToolPipeline.builder().around(recording)
        .tool(PipelineToolSpec.named("a"), args -> ToolOutput.of(Map.of("x", 1), 1))
        .tool(PipelineToolSpec.named("b").dependsOn("a").inject("x").defaults(Map.of("k", 2)),
            args -> ToolOutput.of("b of " + args.get("x"), 1))
        .build().run(null, Map.of("b", Map.of("k", 3)), e -> { });
    assertEquals(Map.of("a", Map.of("x", 1), "b", "b of 1"), b.sections());
    assertEquals(List.of("a {} -> {x=1}", "b {k=3, x=1} -> b of 1"), seen.stream().sorted().toList());
  }

  @Test
  void retriesAreOneCallAndAFailureReachesTheHook() {
    AtomicInteger attempts = new AtomicInteger();
    ToolPipeline p = ToolPipeline.builder().around(recording).sleeper(d -> { })
        .tool(PipelineToolSpec.named("flaky").retries(1, Duration.ofMillis(1)), args -> {
          if (attempts.incrementAndGet() == 1) {
            throw new IOException("blip");
          }
          return ToolOutput.of("ok", 1);
        })
        .tool(PipelineToolSpec.named("broken").asOptional(), args -> {
          throw new IllegalStateException("down");
        })
        .build();
    Bundle b = p.run(null, Map.of(), e -> { });
    assertEquals(2, attempts.get());
    assertTrue(b.missing().contains("broken"));
    assertEquals(List.of("broken {} !! IllegalStateException", "flaky {} -> ok"), seen.stream().sorted().toList());
  }

  @Test
  void aSkippedToolIsNoCall() {
    ToolPipeline p = ToolPipeline.builder().around(recording)
        .tool(PipelineToolSpec.named("a"), args -> ToolOutput.of("a", 1)).build();
    p.run("s1", Map.of(), e -> { });
    p.run("s1", Map.of(), e -> { });
    assertEquals(List.of("a {} -> a"), seen);
  }
}
