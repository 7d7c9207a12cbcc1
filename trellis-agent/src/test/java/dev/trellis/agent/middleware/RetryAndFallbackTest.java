package dev.trellis.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.State;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Model retry (waits recorded, not slept), fallback models, tool retry. */
class RetryAndFallbackTest {
  static Map<String, Object> ask(String t) {
    return Map.of("messages", List.of(Message.human(t)));
  }

  @SuppressWarnings("unchecked")
  static List<Message> messages(State s) {
    return (List<Message>) s.get("messages");
  }

  /** Fails {@code failures} times, then answers "ok". */
  static ScriptedChatModel flaky(int failures) {
    AtomicInteger n = new AtomicInteger();
    return new ScriptedChatModel(req -> {
      if (n.incrementAndGet() <= failures) {
        throw new IllegalStateException("overloaded " + n.get());
      }
      return Message.ai("ok");
    });
  }

  @Test
  void aFailingModelIsRetriedWithDoublingWaits() {
    List<Duration> waits = new ArrayList<>();
    ScriptedChatModel model = flaky(2);
    ModelRetry retry = ModelRetry.of(3);
    State out = Agent.builder(model).middleware(retry.withPolicy(retry.policy().withJitter(false)).withSleeper(waits::add))
        .compile(CompileOptions.DEFAULT).invoke(ask("hi"));
    assertEquals("ok", messages(out).getLast().text());
    assertEquals(3, model.requests().size());
    assertEquals(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2)), waits);
  }

  @Test
  void whenRetriesRunOutTheModelsErrorBecomesTheAnswerByDefaultOrFailsTheRunOnError() {
    State out = Agent.builder(flaky(5)).middleware(ModelRetry.of(1).withSleeper(d -> { }))
        .compile(CompileOptions.DEFAULT).invoke(ask("hi"));
    assertEquals("Model call failed after 2 attempts with IllegalStateException: overloaded 2",
        messages(out).getLast().text());
    var e = assertThrows(RuntimeException.class, () -> Agent.builder(flaky(5))
        .middleware(ModelRetry.of(1).withSleeper(d -> { }).onFailure(ExitBehavior.ERROR)).compile(CompileOptions.DEFAULT)
        .invoke(ask("hi")));
    assertEquals("overloaded 2", e.getCause().getMessage(), "the last failure fails the run");
  }

  @Test
  void aFailingModelFallsBackToTheNextModel() {
    ScriptedChatModel broken = flaky(99);
    ScriptedChatModel alsoBroken = flaky(99);
    ScriptedChatModel backup = ScriptedChatModel.replies(Message.ai("from backup"));
    State out = Agent.builder(broken).systemPrompt("be kind").middleware(new ModelFallback(alsoBroken, backup))
        .compile(CompileOptions.DEFAULT).invoke(ask("hi"));
    assertEquals("from backup", messages(out).getLast().text());
    assertEquals(1, alsoBroken.requests().size());
    assertEquals("be kind", backup.requests().getFirst().messages().getFirst().text(), "the same request goes to the fallback");
  }

  @Test
  void aFailingToolIsRetriedThenAnsweredWithItsError() {
    AtomicInteger calls = new AtomicInteger();
    Tool fetch = Tool.of(new ToolSpec("fetch", "", null), (a, c) -> {
      if (calls.incrementAndGet() < 3) {
        throw new IOException("timeout " + calls.get());
      }
      return "page";
    });
    Tool down = Tool.of(new ToolSpec("down", "", null), (a, c) -> {
      throw new IOException("gone");
    });
    ScriptedChatModel model = ScriptedChatModel.replies(new Message.Ai(null, "", List.of(
        new Message.ToolCall("f", "fetch", Map.of()), new Message.ToolCall("d", "down", Map.of())), null), Message.ai("done"));
    List<Duration> waits = new java.util.concurrent.CopyOnWriteArrayList<>();
    ToolRetry retry = ToolRetry.of(2);
    State out = Agent.builder(model).tools(fetch, down)
        .middleware(retry.withPolicy(retry.policy().withJitter(false)).withSleeper(waits::add))
        .compile(CompileOptions.DEFAULT).invoke(ask("go"));
    assertEquals("page", messages(out).get(2).text());
    Message.Tool failed = (Message.Tool) messages(out).get(3);
    assertTrue(failed.error());
    assertEquals("Tool 'down' failed after 3 attempts with IOException: gone. Please try again.", failed.text());
    assertEquals(List.of(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(2)),
        waits.stream().sorted().toList(), "two doubling waits for each tool");
  }
}
