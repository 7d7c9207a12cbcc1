package dev.trellis.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A model answers instead of the chosen tools. */
class LlmToolEmulatorTest {
  final AtomicInteger weatherRuns = new AtomicInteger();
  final Tool weather = Tool.of(new ToolSpec("weather", "current weather in a city", null), (a, c) -> {
    weatherRuns.incrementAndGet();
    return "real weather";
  });
  final Tool clock = Tool.of(new ToolSpec("clock", "the time", null), (a, c) -> "10:00");

  static Message.Ai calls(Message.ToolCall... calls) {
    return new Message.Ai(null, "", List.of(calls), null);
  }

  @SuppressWarnings("unchecked")
  static List<String> texts(State s) {
    return ((List<Message>) s.get("messages")).stream().map(Message::text).toList();
  }

  @Test
  void emulatedToolNeverRunsAndTheEmulatorSeesTheCall() {
    ScriptedChatModel emulator = ScriptedChatModel.replies(Message.ai("Rain, 12°C"));
    ScriptedChatModel model = ScriptedChatModel.replies(
        calls(new Message.ToolCall("c1", "weather", Map.of("city", "Oslo"))), Message.ai("Take an umbrella."));
    State out = Agent.builder(model).tools(weather).middleware(new LlmToolEmulator(emulator))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("Oslo?"))));
    assertEquals("Rain, 12°C", texts(out).get(2));
    assertEquals(0, weatherRuns.get());
    String prompt = emulator.requests().getFirst().messages().getFirst().text();
    assertTrue(prompt.contains("Tool: weather") && prompt.contains("Description: current weather in a city")
        && prompt.contains("Arguments: {'city': 'Oslo'}"), prompt);
  }

  @Test
  void onlyTheNamedToolsAreEmulated() {
    ScriptedChatModel emulator = ScriptedChatModel.replies(Message.ai("fake time"));
    ScriptedChatModel model = ScriptedChatModel.replies(
        calls(new Message.ToolCall("c1", "weather", Map.of()), new Message.ToolCall("c2", "clock", Map.of())),
        Message.ai("ok"));
    State out = Agent.builder(model).tools(weather, clock).middleware(new LlmToolEmulator(emulator, Set.of("clock")))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("?"))));
    assertEquals(List.of("real weather", "fake time"), texts(out).subList(2, 4));
    assertEquals(1, weatherRuns.get());
  }
}
