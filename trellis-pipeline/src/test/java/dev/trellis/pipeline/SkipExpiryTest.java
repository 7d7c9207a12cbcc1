package dev.trellis.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Skip state older than the pipeline's maximum skip age is not reused: the tool (or the slice) runs again. */
class SkipExpiryTest {
  final TestClock clock = TestClock.at(Instant.parse("2026-11-26T10:00:00Z"));
  final AtomicInteger calls = new AtomicInteger();
  final SkipStore store = new InMemorySkipStore();

  ToolPipeline pipeline(Duration maxAge) {
    return ToolPipeline.builder().skipStore(store).clock(clock).maxSkipAge(maxAge)
        .tool(PipelineToolSpec.named("patient_context"), args -> {
          calls.incrementAndGet();
          return ToolOutput.of(Map.of("patient", args.get("patient_id")), 1.0);
        }).build();
  }

  static final Map<String, Map<String, Object>> SLICE = Map.of("patient_context", Map.of("patient_id", "pat-1"));

  @Test
  void unchangedToolIsSkippedWithinTheAgeAndRunsAgainAfterIt() {
    ToolPipeline p = pipeline(Duration.ofMinutes(30));
    p.run("s", SLICE, e -> { });
    clock.advance(Duration.ofMinutes(30));
    assertEquals(List.of("patient_context"), p.run("s", SLICE, e -> { }).skipped(), "30 minutes old: still fresh");
    assertEquals(1, calls.get());
    clock.advance(Duration.ofMinutes(1));
    assertEquals(List.of(), p.run("s", SLICE, e -> { }).skipped(), "31 minutes old: expired");
    assertEquals(2, calls.get());
  }

  @Test
  void withoutAMaximumAgeSkipStateNeverExpires() {
    ToolPipeline p = pipeline(null);
    p.run("s", SLICE, e -> { });
    clock.advance(Duration.ofDays(365));
    assertEquals(List.of("patient_context"), p.run("s", SLICE, e -> { }).skipped());
    assertEquals(1, calls.get());
  }

  @Test
  void anAssembledSliceOlderThanTheAgeIsAssembledAgain() throws Exception {
    ToolPipeline p = pipeline(Duration.ofMinutes(5));
    SessionAssembler assembler = new SessionAssembler();
    assembler.enqueue("s", p, SLICE, e -> { }).get(30, TimeUnit.SECONDS);
    assertTrue(assembler.enqueue("s", p, SLICE, e -> { }).get(30, TimeUnit.SECONDS).reused());
    clock.advance(Duration.ofMinutes(6));
    SessionAssembler.Assembly late = assembler.enqueue("s", p, SLICE, e -> { }).get(30, TimeUnit.SECONDS);
    assertFalse(late.reused());
    assertEquals(2, calls.get());
  }

  @Test
  void aMaximumAgeMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> ToolPipeline.builder().maxSkipAge(Duration.ZERO));
  }
}
