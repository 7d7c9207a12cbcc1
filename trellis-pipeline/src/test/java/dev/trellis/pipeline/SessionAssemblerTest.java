package dev.trellis.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.store.InMemoryStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Seed 000's session assembler: a queue-fed background worker that does nothing on an identical slice. */
class SessionAssemblerTest {
  final List<Object> events = Collections.synchronizedList(new ArrayList<>());
  final AtomicInteger signalCalls = new AtomicInteger();
  final AtomicInteger profileCalls = new AtomicInteger();
  final SkipStore store = new InMemorySkipStore();

  /** client_signal reads the message (completeness 0.2: the per-tool gate never skips it); patient_context the id. */
  ToolPipeline pipeline(SkipStore skipStore) {
    return ToolPipeline.builder().skipStore(skipStore)
        .tool(PipelineToolSpec.named("client_signal"), args -> {
          signalCalls.incrementAndGet();
          return ToolOutput.of(Map.of("signal_summary", "said " + args.get("message")), 0.2);
        })
        .tool(PipelineToolSpec.named("patient_context"), args -> {
          profileCalls.incrementAndGet();
          return ToolOutput.of(Map.of("patient", args.get("patient_id")), 1);
        }).build();
  }

  static Map<String, Map<String, Object>> slice(String message) {
    return Map.of("client_signal", Map.of("message", message), "patient_context", Map.of("patient_id", "pat-1"));
  }

  static SessionAssembler.Assembly await(CompletableFuture<SessionAssembler.Assembly> f) throws Exception {
    return f.get(30, TimeUnit.SECONDS);
  }

  @Test
  void identicalSliceEnqueuedTwiceAssemblesOnce() throws Exception {
    SessionAssembler assembler = new SessionAssembler();
    ToolPipeline p = pipeline(store);
    SessionAssembler.Assembly first = await(assembler.enqueue("s1", p, slice("I can't sleep"), events::add));
    SessionAssembler.Assembly second = await(assembler.enqueue("s1", p, slice("I can't sleep"), events::add));
    assertEquals(1, signalCalls.get(), "client_signal is under the completeness gate, so only the slice gate saves it");
    assertEquals(1, profileCalls.get());
    assertFalse(first.reused());
    assertTrue(second.reused());
    assertEquals(first.bundle().sections(), second.bundle().sections());
    assertEquals(List.of("client_signal", "patient_context"), second.bundle().skipped());
    assertTrue(events.contains(Map.of("event", "assembly_reused", "session", "s1")), events.toString());
  }

  @Test
  void changedSliceReassembles() throws Exception {
    SessionAssembler assembler = new SessionAssembler();
    ToolPipeline p = pipeline(store);
    await(assembler.enqueue("s1", p, slice("I can't sleep"), events::add));
    SessionAssembler.Assembly changed = await(assembler.enqueue("s1", p, slice("and I'm anxious"), events::add));
    assertFalse(changed.reused());
    assertEquals(2, signalCalls.get());
    assertEquals(1, profileCalls.get(), "the per-tool gate still skips the unchanged, complete tool");
    assertEquals(Map.of("signal_summary", "said and I'm anxious"), changed.bundle().sections().get("client_signal"));
    await(assembler.enqueue("s2", p, slice("I can't sleep"), events::add));
    assertEquals(3, signalCalls.get(), "the slice state is per session");
  }

  @Test
  void identicalSliceArrivingWhileTheFirstRunsJoinsIt() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    AtomicInteger calls = new AtomicInteger();
    ToolPipeline p = ToolPipeline.builder().skipStore(store).tool(PipelineToolSpec.named("slow"), args -> {
      calls.incrementAndGet();
      started.countDown();
      release.await();
      return ToolOutput.of("done", 1);
    }).build();
    SessionAssembler assembler = new SessionAssembler();
    CompletableFuture<SessionAssembler.Assembly> a = assembler.enqueue("s", p, Map.of(), events::add);
    assertTrue(started.await(30, TimeUnit.SECONDS));
    CompletableFuture<SessionAssembler.Assembly> b = assembler.enqueue("s", p, Map.of(), events::add);
    assertSame(a, b);
    release.countDown();
    assertEquals("done", await(b).bundle().sections().get("slow"));
    assertEquals(1, calls.get());
  }

  @Test
  void slicesOfOneSessionAssembleOneAtATimeInArrivalOrder() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    ToolPipeline p = ToolPipeline.builder().skipStore(store).tool(PipelineToolSpec.named("t"), args -> {
      log.add("start " + args.get("q"));
      if ("first".equals(args.get("q"))) {
        release.await();
      }
      log.add("end " + args.get("q"));
      return ToolOutput.of(args.get("q"), 1);
    }).build();
    SessionAssembler assembler = new SessionAssembler();
    CompletableFuture<SessionAssembler.Assembly> first = assembler.enqueue("s", p, Map.of("t", Map.of("q", "first")), events::add);
    CompletableFuture<SessionAssembler.Assembly> second = assembler.enqueue("s", p, Map.of("t", Map.of("q", "second")), events::add);
    release.countDown();
    assertEquals("second", await(second).bundle().sections().get("t"));
    assertEquals("first", await(first).bundle().sections().get("t"));
    assertEquals(List.of("start first", "end first", "start second", "end second"), log);
  }

  @Test
  void theLastSliceIsDurableThroughTheStoreSoAnotherWorkerDoesNothing() throws Exception {
    SkipStore shared = new StoreSkipStore(new InMemoryStore());
    await(new SessionAssembler().enqueue("s1", pipeline(shared), slice("grief"), events::add));
    SessionAssembler.Assembly other = await(new SessionAssembler().enqueue("s1", pipeline(shared), slice("grief"),
        events::add));
    assertTrue(other.reused());
    assertEquals(1, signalCalls.get());
    assertEquals(Map.of("patient", "pat-1"), other.bundle().sections().get("patient_context"));
  }

  @Test
  void aDegradedAssemblyIsNotReused() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    ToolPipeline p = ToolPipeline.builder().skipStore(store)
        .tool(PipelineToolSpec.named("core"), args -> ToolOutput.of("c", 1))
        .tool(PipelineToolSpec.named("narrative").asOptional(), args -> {
          calls.incrementAndGet();
          throw new ToolException(503, "narrative store down");
        }).build();
    SessionAssembler assembler = new SessionAssembler();
    await(assembler.enqueue("s", p, Map.of(), events::add));
    SessionAssembler.Assembly again = await(assembler.enqueue("s", p, Map.of(), events::add));
    assertFalse(again.reused(), "the optional tool gets another chance");
    assertEquals(2, calls.get());
  }
}
