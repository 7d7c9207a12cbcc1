package dev.trellis.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.error.InvalidGraphException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Seed 000's context-assembly pipeline: phases, merge order, retry classes, degradation, skip gates, events. */
class ToolPipelineTest {
  private final List<Object> events = Collections.synchronizedList(new ArrayList<>());
  private final List<Duration> waits = Collections.synchronizedList(new ArrayList<>());

  private static PipelineTool returns(Object value, double completeness) {
    return args -> ToolOutput.of(value, completeness);
  }

  /** client_signal, provider_genome, patient_context in phase 1; therapeutic_fit (needs all three) in phase 2. */
  private ToolPipeline.Builder neura(PipelineTool fit) {
    return ToolPipeline.builder().sleeper(waits::add)
        .tool(PipelineToolSpec.named("client_signal"), returns("signal", 0.9))
        .tool(PipelineToolSpec.named("provider_genome"), returns("genome", 0.9))
        .tool(PipelineToolSpec.named("patient_context").asOptional(), returns("patient", 0.9))
        .tool(PipelineToolSpec.named("therapeutic_fit").dependsOn("client_signal", "provider_genome")
            .inject("client_signal").defaults(Map.of("k", 5, "mode", "default")), fit);
  }

  @Test
  void toolsSortIntoPhasesByDependencies() {
    assertEquals(List.of(List.of("client_signal", "patient_context", "provider_genome"), List.of("therapeutic_fit")),
        neura(returns("fit", 1)).build().phases());
  }

  @Test
  void toolsOfOnePhaseRunInParallel() {
    CountDownLatch all = new CountDownLatch(2);
    PipelineTool waitsForSibling = args -> {
      all.countDown();
      assertTrue(all.await(5, TimeUnit.SECONDS), "phase tools did not run concurrently");
      return ToolOutput.of("ok", 1);
    };
    Bundle b = ToolPipeline.builder().tool(PipelineToolSpec.named("a"), waitsForSibling).tool(PipelineToolSpec.named("b"), waitsForSibling)
        .build().run(null, Map.of(), events::add);
    assertFalse(b.failed());
  }

  @Test
  void argumentsMergeDefaultsThenInjectedThenOverrides() {
    List<Map<String, Object>> seen = new ArrayList<>();
    Bundle b = neura(args -> {
      seen.add(args);
      return ToolOutput.of("fit", 1);
    }).build().run(null, Map.of("therapeutic_fit", Map.of("mode", "caller", "client_signal", "overridden")), events::add);
    assertEquals(Map.of("k", 5, "mode", "caller", "client_signal", "overridden"), seen.getFirst());
    assertEquals(List.of("client_signal", "patient_context", "provider_genome", "therapeutic_fit"),
        List.copyOf(b.sections().keySet()));
  }

  @Test
  void injectedOutputsOfEarlierPhasesArePassedIn() {
    List<Map<String, Object>> seen = new ArrayList<>();
    neura(args -> {
      seen.add(args);
      return ToolOutput.of("fit", 1);
    }).build().run(null, Map.of(), events::add);
    assertEquals("signal", seen.getFirst().get("client_signal"));
  }

  @Test
  void retryableFailuresAreRetriedWithDoublingBackoff() {
    AtomicInteger calls = new AtomicInteger();
    Bundle b = ToolPipeline.builder().sleeper(waits::add)
        .tool(PipelineToolSpec.named("flaky").retries(3, Duration.ofMillis(100)), args -> {
          int n = calls.incrementAndGet();
          if (n == 1) {
            throw new IOException("connection reset");
          }
          if (n == 2) {
            throw new ToolException(503, "unavailable");
          }
          return ToolOutput.of("ok", 1);
        }).build().run(null, Map.of(), events::add);
    assertEquals(3, calls.get());
    assertEquals(List.of(Duration.ofMillis(100), Duration.ofMillis(200)), waits);
    assertEquals("ok", b.sections().get("flaky"));
  }

  @Test
  void clientErrorsAndUnclassifiedExceptionsAreNotRetried() {
    for (Exception e : List.of(new ToolException(422, "bad argument"), new IllegalStateException("bug"))) {
      AtomicInteger calls = new AtomicInteger();
      Bundle b = ToolPipeline.builder().sleeper(waits::add)
          .tool(PipelineToolSpec.named("t").retries(3, Duration.ofMillis(1)), args -> {
            calls.incrementAndGet();
            throw e;
          }).build().run(null, Map.of(), events::add);
      assertEquals(1, calls.get(), e.toString());
      assertTrue(b.failed());
    }
  }

  @Test
  void timeoutsAreRetryable() {
    AtomicInteger calls = new AtomicInteger();
    Bundle b = ToolPipeline.builder().sleeper(waits::add)
        .tool(PipelineToolSpec.named("slow").timeout(Duration.ofMillis(50)).retries(1, Duration.ZERO), args -> {
          if (calls.incrementAndGet() == 1) {
            new CountDownLatch(1).await(); // hangs until cancelled by the timeout
          }
          return ToolOutput.of("fast now", 1);
        }).build().run(null, Map.of(), events::add);
    assertEquals(2, calls.get());
    assertEquals("fast now", b.sections().get("slow"));
  }

  @Test
  void optionalFailureDegradesTheBundle() {
    Bundle b = ToolPipeline.builder()
        .tool(PipelineToolSpec.named("core"), returns("c", 1))
        .tool(PipelineToolSpec.named("extra").asOptional(), args -> {
          throw new ToolException(404, "no profile");
        }).build().run(null, Map.of(), events::add);
    assertFalse(b.failed());
    assertTrue(b.degraded());
    assertEquals(List.of("extra"), b.missing());
    assertEquals(Map.of("core", "c"), b.sections());
  }

  @Test
  void requiredFailureFailsTheBundleAndStopsLaterPhases() {
    AtomicInteger fitCalls = new AtomicInteger();
    Bundle b = ToolPipeline.builder()
        .tool(PipelineToolSpec.named("client_signal"), args -> {
          throw new ToolException(400, "bad");
        })
        .tool(PipelineToolSpec.named("fit").dependsOn("client_signal"), args -> {
          fitCalls.incrementAndGet();
          return ToolOutput.of("f", 1);
        }).build().run(null, Map.of(), events::add);
    assertTrue(b.failed());
    assertEquals(0, fitCalls.get());
    assertTrue(b.errors().get("client_signal").contains("400"));
  }

  @Test
  void completeAndUnchangedToolsAreSkippedOnTheNextTurn() {
    AtomicInteger fitCalls = new AtomicInteger();
    ToolPipeline p = neura(args -> {
      fitCalls.incrementAndGet();
      return ToolOutput.of("fit", 0.8);
    }).build();
    p.run("session-1", Map.of(), events::add);
    Bundle second = p.run("session-1", Map.of(), events::add);
    assertEquals(1, fitCalls.get());
    assertEquals(List.of("client_signal", "patient_context", "provider_genome", "therapeutic_fit"), second.skipped());
    assertEquals("fit", second.sections().get("therapeutic_fit"));
    p.run("session-2", Map.of(), events::add);
    assertEquals(2, fitCalls.get(), "skip state is per session");
  }

  @Test
  void lowCompletenessIsNotSkipped() {
    AtomicInteger calls = new AtomicInteger();
    ToolPipeline p = ToolPipeline.builder().tool(PipelineToolSpec.named("t"), args -> {
      calls.incrementAndGet();
      return ToolOutput.of("partial", 0.3);
    }).build();
    p.run("s", Map.of(), events::add);
    p.run("s", Map.of(), events::add);
    assertEquals(2, calls.get());
  }

  @Test
  void changedInputIsNotSkipped() {
    AtomicInteger calls = new AtomicInteger();
    ToolPipeline p = ToolPipeline.builder().tool(PipelineToolSpec.named("t"), args -> {
      calls.incrementAndGet();
      return ToolOutput.of(args.get("q"), 1);
    }).build();
    p.run("s", Map.of("t", Map.of("q", "first")), events::add);
    Bundle b = p.run("s", Map.of("t", Map.of("q", "second")), events::add);
    assertEquals(2, calls.get());
    assertEquals("second", b.sections().get("t"));
  }

  @Test
  void skipStateIsSharedThroughTheStore() {
    InMemorySkipStore shared = new InMemorySkipStore();
    AtomicInteger calls = new AtomicInteger();
    PipelineTool t = args -> {
      calls.incrementAndGet();
      return ToolOutput.of("v", 1);
    };
    ToolPipeline.builder().skipStore(shared).tool(PipelineToolSpec.named("t"), t).build().run("s", Map.of(), events::add);
    ToolPipeline.builder().skipStore(shared).tool(PipelineToolSpec.named("t"), t).build().run("s", Map.of(), events::add);
    assertEquals(1, calls.get(), "a second worker with the same store skips");
  }

  @SuppressWarnings("unchecked")
  @Test
  void progressEventsGoToTheWriter() {
    neura(returns("fit", 1)).build().run(null, Map.of(), events::add);
    List<String> kinds = events.stream().map(e -> (String) ((Map<String, Object>) e).get("event")).toList();
    assertEquals(2, kinds.stream().filter("phase_start"::equals).count());
    assertEquals(4, kinds.stream().filter("tool_end"::equals).count());
  }

  @Test
  void unknownDependencyIsABuildError() {
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> ToolPipeline.builder()
        .tool(PipelineToolSpec.named("a").dependsOn("ghost"), returns(1, 1)).build());
    assertTrue(e.getMessage().contains("tool \"a\" depends on \"ghost\""), e.getMessage());
  }

  @Test
  void dependencyCycleIsABuildErrorNamingTheCycle() {
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> ToolPipeline.builder()
        .tool(PipelineToolSpec.named("a").dependsOn("b"), returns(1, 1))
        .tool(PipelineToolSpec.named("b").dependsOn("a"), returns(1, 1)).build());
    assertTrue(e.getMessage().contains("a → b → a"), e.getMessage());
  }

  /** client_signal and provider_genome each produce a map of keys; therapeutic_fit injects two of them. */
  private ToolPipeline.Builder byKeys(PipelineTool signal, PipelineTool fit) {
    return ToolPipeline.builder()
        .tool(PipelineToolSpec.named("client_signal"), signal)
        .tool(PipelineToolSpec.named("provider_genome"), returns(Map.of("genome_summary", List.of("ana:cbt"),
            "providers", List.of("ana", "ben")), 1))
        .tool(PipelineToolSpec.named("therapeutic_fit").dependsOn("client_signal", "provider_genome")
            .inject("signal_summary", "genome_summary"), fit);
  }

  @Test
  void injectInputsPassOutputKeysOfEarlierPhasesNotWholeOutputs() {
    List<Map<String, Object>> seen = new ArrayList<>();
    byKeys(returns(Map.of("signal_summary", "mentions anxiety", "themes", List.of("anxiety")), 1), args -> {
      seen.add(args);
      return ToolOutput.of("fit", 1);
    }).build().run(null, Map.of(), events::add);
    assertEquals(Map.of("signal_summary", "mentions anxiety", "genome_summary", List.of("ana:cbt")), seen.getFirst());
  }

  @SuppressWarnings("unchecked")
  @Test
  void aKeyNoEarlierToolProducedIsLeftOutAndReported() {
    List<Map<String, Object>> seen = new ArrayList<>();
    byKeys(returns(Map.of("themes", List.of()), 1), args -> {
      seen.add(args);
      return ToolOutput.of("fit", 1);
    }).build().run(null, Map.of(), events::add);
    assertEquals(Map.of("genome_summary", List.of("ana:cbt")), seen.getFirst());
    assertTrue(events.contains(Map.of("event", "input_missing", "tool", "therapeutic_fit", "key", "signal_summary")),
        events.toString());
  }

  @Test
  void aConsumerIsSkippedWhenItsInjectedKeysAreUnchangedThoughTheProducerReran() {
    AtomicInteger fitCalls = new AtomicInteger();
    PipelineTool signal = args -> ToolOutput.of(Map.of("signal_summary", "mentions grief", "message", args.get("message")), 1);
    ToolPipeline p = byKeys(signal, args -> {
      fitCalls.incrementAndGet();
      return ToolOutput.of("fit", 1);
    }).build();
    p.run("s", Map.of("client_signal", Map.of("message", "my grief")), events::add);
    Bundle second = p.run("s", Map.of("client_signal", Map.of("message", "ok, thanks")), events::add);
    assertEquals(1, fitCalls.get(), "the upstream signal did not change");
    assertEquals(List.of("provider_genome", "therapeutic_fit"), second.skipped());
  }

  @Test
  void toolNamesStartingWithTwoUnderscoresAreReserved() {
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> ToolPipeline.builder()
        .tool(PipelineToolSpec.named("__slice__"), returns(1, 1)));
    assertTrue(e.getMessage().contains("reserved"), e.getMessage());
  }

  @SuppressWarnings("unchecked")
  @Test
  void aFailingSkipStoreDoesNotFailTheTool() {
    SkipStore broken = new SkipStore() {
      @Override
      public java.util.Optional<Entry> get(String session, String tool) {
        return java.util.Optional.empty();
      }

      @Override
      public void put(String session, String tool, Entry entry) {
        throw new IllegalStateException("database unavailable");
      }
    };
    Bundle b = ToolPipeline.builder().skipStore(broken).tool(PipelineToolSpec.named("t"), returns("v", 1)).build()
        .run("s", Map.of(), events::add);
    assertEquals(Map.of("t", "v"), b.sections());
    assertTrue(events.stream().anyMatch(e -> "skip_state_not_saved".equals(((Map<String, Object>) e).get("event"))));
  }
}
