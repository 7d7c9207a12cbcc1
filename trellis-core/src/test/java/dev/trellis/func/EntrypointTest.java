package dev.trellis.func;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.policy.RetryPolicy;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The functional API: durable tasks inside a plain-Java workflow. */
class EntrypointTest {
  private static CompileOptions saver() {
    return CompileOptions.checkpointer(new InMemorySaver()).withSleeper(d -> { });
  }

  @Test
  void tasksCalledWithoutWaitingRunInParallel() {
    CountDownLatch both = new CountDownLatch(2);
    Task<String, String> meet = Task.of("meet", (name, rt) -> {
      both.countDown();
      assertTrue(both.await(5, TimeUnit.SECONDS), "the other task never started: calls are not parallel");
      return "hi " + name;
    });
    Entrypoint<String, String> ep = Entrypoint.of("greet", (String in, WorkflowContext ctx) -> {
      TaskFuture<String> a = ctx.call(meet, in);
      TaskFuture<String> b = ctx.call(meet, in + "!");
      return a.get() + ", " + b.get();
    }, saver());
    assertEquals("hi ann, hi ann!", ep.invoke("ann", RunConfig.thread("p")));
  }

  @Test
  void resumeReplaysFinishedTasksFromTheirSavedResults() {
    AtomicInteger expensive = new AtomicInteger();
    Task<Integer, Integer> square = Task.of("square", (x, rt) -> {
      expensive.incrementAndGet();
      return x * x;
    });
    Entrypoint<Integer, String> ep = Entrypoint.of("approve", (Integer x, WorkflowContext ctx) -> {
      int sq = ctx.call(square, x).get();
      String answer = ctx.interrupt("publish " + sq + "?");
      return sq + " " + answer;
    }, saver());
    RunConfig t = RunConfig.thread("r");
    assertNull(ep.invoke(7, t), "paused");
    assertEquals("publish 49?", ep.getState(t).interrupts().getFirst().value());
    assertEquals("49 yes", ep.resume("yes", t));
    assertEquals(1, expensive.get(), "the finished task was not run again on resume");
  }

  @Test
  void interruptInsideATaskIsAnsweredInsideTheTask() {
    Task<String, String> ask = Task.of("ask", (q, rt) -> "answer to " + q + ": " + rt.<String>interrupt(q));
    Entrypoint<String, String> ep = Entrypoint.of("wf", (String q, WorkflowContext ctx) -> ctx.call(ask, q).get(), saver());
    RunConfig t = RunConfig.thread("i");
    assertNull(ep.invoke("why?", t));
    assertEquals("why?", ep.getState(t).interrupts().getFirst().value());
    assertEquals("answer to why?: because", ep.resume("because", t));
  }

  @Test
  void previousCarriesTheSavedValueToTheNextRun() {
    Entrypoint<Integer, Integer> counter = Entrypoint.of("counter", (Integer add, WorkflowContext ctx) -> {
      Integer before = ctx.previous();
      int total = (before == null ? 0 : before) + add;
      return Entrypoint.finalValue(total * 100, total);
    }, saver());
    RunConfig t = RunConfig.thread("c");
    assertEquals(100, counter.invoke(1, t));
    assertEquals(300, counter.invoke(2, t), "previous is the saved 1, not the returned 100");
  }

  @Test
  void tasksRetryByTheirPolicy() {
    AtomicInteger calls = new AtomicInteger();
    Task<String, String> flaky = Task.of("flaky", (String s, dev.trellis.runtime.Runtime rt) -> {
      if (calls.incrementAndGet() < 3) {
        throw new java.io.IOException("transient");
      }
      return s.toUpperCase();
    }).withRetry(RetryPolicy.maxAttempts(3));
    Entrypoint<String, String> ep = Entrypoint.of("wf", (String s, WorkflowContext ctx) -> ctx.call(flaky, s).get(), saver());
    assertEquals("OK", ep.invoke("ok", RunConfig.thread("retry")));
    assertEquals(3, calls.get());
  }

  @Test
  void afterAFailureOnlyUnfinishedTasksRunAgain() {
    AtomicInteger first = new AtomicInteger();
    AtomicInteger second = new AtomicInteger();
    Task<String, String> a = Task.of("a", (s, rt) -> {
      first.incrementAndGet();
      return s + "a";
    });
    Task<String, String> b = Task.of("b", (s, rt) -> {
      if (second.incrementAndGet() == 1) {
        throw new IllegalStateException("b broke once");
      }
      return s + "b";
    });
    Entrypoint<String, String> ep = Entrypoint.of("wf", (String s, WorkflowContext ctx) ->
        ctx.call(b, ctx.call(a, s).get()).get(), saver());
    RunConfig t = RunConfig.thread("f");
    assertThrows(RuntimeException.class, () -> ep.invoke("x", t));
    assertEquals("xab", ep.graph().invoke(null, t).get("output"));
    assertEquals(1, first.get(), "a finished before the failure and is replayed");
    assertEquals(2, second.get());
    assertEquals(List.of(), ep.getState(t).next());
  }

  @Test
  void cachedTasksAreServedAcrossRunsByArgument() {
    AtomicInteger runs = new AtomicInteger();
    Task<Integer, Integer> slow = Task.of("slow", (Integer x, dev.trellis.runtime.Runtime rt) -> {
      runs.incrementAndGet();
      return x + 1;
    }).withCache(null);
    Entrypoint<Integer, Integer> ep = Entrypoint.of("wf", (Integer x, WorkflowContext ctx) -> ctx.call(slow, x).get(),
        saver().withCache(new dev.trellis.checkpoint.cache.InMemoryCache()));
    assertEquals(2, ep.invoke(1, RunConfig.thread("c1")));
    assertEquals(2, ep.invoke(1, RunConfig.thread("c2")));
    assertEquals(3, ep.invoke(2, RunConfig.thread("c3")));
    assertEquals(2, runs.get(), "the second call with argument 1 came from the cache");
  }
}
