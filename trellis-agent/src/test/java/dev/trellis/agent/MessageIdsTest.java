package dev.trellis.agent;

import static dev.trellis.agent.AgentTest.WEATHER;
import static dev.trellis.agent.AgentTest.ask;
import static dev.trellis.agent.AgentTest.call;
import static dev.trellis.agent.AgentTest.calls;
import static dev.trellis.agent.AgentTest.messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every message an agent makes has its id before it is streamed, and the state keeps that
 * id: the streamed answer's tokens, the tool-calling turn and the tool results; the model's
 * and the tools' calls reach the events mode.
 */
class MessageIdsTest {
  private static List<StreamPart> collect(GraphStream s) {
    List<StreamPart> out = new ArrayList<>();
    try (s) {
      s.forEach(out::add);
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<Message> updatedMessages(List<StreamPart> parts) {
    List<Message> out = new ArrayList<>();
    for (StreamPart p : parts) {
      if (p instanceof StreamPart.Updates u && u.update().get("messages") instanceof List<?> l) {
        out.addAll((List<Message>) l);
      }
    }
    return out;
  }

  private static void streamedIdsAreStoredIds(CompiledGraph agent, String thread) {
    RunConfig t = RunConfig.thread(thread);
    List<StreamPart> parts = collect(agent.stream(ask("Oslo"), t, EnumSet.of(StreamMode.UPDATES, StreamMode.MESSAGES),
        false));
    List<Message> stored = messages(State.of(agent.getState(t).values()));
    List<Message> updated = updatedMessages(parts);
    assertEquals(stored.subList(1, stored.size()), updated, "each update shows the messages the state keeps");
    assertTrue(updated.stream().allMatch(m -> m.id() != null), "ids before streaming: " + updated);
    Set<String> chunkIds = new java.util.HashSet<>();
    parts.stream().filter(p -> p instanceof StreamPart.MessageChunk).forEach(p ->
        chunkIds.add(((StreamPart.MessageChunk) p).messageId()));
    Message answer = stored.getLast();
    assertEquals("It is sunny in Oslo.", answer.text());
    assertTrue(chunkIds.contains(answer.id()), "the answer's tokens carry its stored id " + answer.id() + ": " + chunkIds);
  }

  private static ScriptedChatModel model() {
    return ScriptedChatModel.replies(calls(call("c1", "weather", "Oslo")), Message.ai("It is sunny in Oslo."));
  }

  @Test
  void theAgentsStreamedMessagesCarryTheIdsTheStateKeeps() {
    streamedIdsAreStoredIds(Agent.builder(model()).tools(WEATHER)
        .compile(CompileOptions.checkpointer(new InMemorySaver())), "t-agent");
  }

  @Test
  void modelAndToolCallsReachTheEventsMode() {
    CompiledGraph agent = Agent.builder(model()).tools(WEATHER).compile(CompileOptions.DEFAULT);
    List<StreamPart.CallEvent> calls = collect(agent.stream(ask("Oslo"), RunConfig.DEFAULT,
        EnumSet.of(StreamMode.EVENTS), false)).stream().map(p -> (StreamPart.CallEvent) p).toList();
    assertEquals(List.of("CHAT_MODEL:false", "CHAT_MODEL:true", "TOOL:false", "TOOL:true", "CHAT_MODEL:false",
        "CHAT_MODEL:true"), calls.stream().map(c -> c.kind() + ":" + c.end()).toList());
    assertEquals("ScriptedChatModel", calls.getFirst().name());
    assertEquals(List.of("Oslo"), ((List<?>) calls.getFirst().input()).stream().map(m -> ((Message) m).text()).toList());
    Message.Ai answer = (Message.Ai) calls.getLast().output();
    assertEquals("It is sunny in Oslo.", answer.text());
    assertNotNull(answer.id());
    assertEquals("weather", calls.get(2).name());
    assertEquals(Map.of("city", "Oslo"), calls.get(2).input());
    Message.Tool result = (Message.Tool) calls.get(3).output();
    assertEquals(List.of("sunny in Oslo", "c1"), List.of(result.text(), result.toolCallId()));
  }
}
