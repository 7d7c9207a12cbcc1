package dev.trellis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.MessageWire;
import dev.trellis.agent.message.Messages;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageWireTest {
  @Test
  void messagesRoundTripThroughLangChainDicts() {
    List<Message> all = List.of(new Message.System("s", "be brief"), new Message.Human("h", "hi"),
        new Message.Ai("a", "", List.of(new Message.ToolCall("c1", "weather", Map.of("city", "Oslo"))), null),
        new Message.Tool("t", "sunny", "c1", "weather", false), new Message.Remove("h"));
    for (Message m : all) {
      assertEquals(m, MessageWire.from(MessageWire.toMap(m)));
    }
    Map<String, Object> ai = MessageWire.toMap(all.get(2));
    assertEquals("ai", ai.get("type"));
    assertEquals(List.of(Map.of("name", "weather", "args", Map.of("city", "Oslo"), "id", "c1", "type", "tool_call")),
        ai.get("tool_calls"));
  }

  @Test
  void openAiStyleRolesContentBlocksAndStringsAreAccepted() {
    assertInstanceOf(Message.Human.class, MessageWire.from(Map.of("role", "user", "content", "hi")));
    assertInstanceOf(Message.Ai.class, MessageWire.from(Map.of("role", "assistant", "content", "yo")));
    assertEquals("ab", MessageWire.from(Map.of("type", "human", "content",
        List.of(Map.of("type", "text", "text", "a"), Map.of("type", "text", "text", "b")))).text());
    assertEquals(new Message.Human(null, "plain"), MessageWire.from("plain"));
    assertThrows(IllegalArgumentException.class, () -> MessageWire.from(Map.of("type", "alien", "content", "?")));
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void theReducerAcceptsDictsFromClients() {
    List<Message> out = Messages.add(List.of(), (List) List.of(Map.of("role", "user", "content", "hello", "id", "m1")));
    assertEquals(List.of(new Message.Human("m1", "hello")), out);
  }

  @Test
  void openAiAssistantToolCallsAndToolAnswersAreRead() {
    Message ai = MessageWire.from(java.util.Map.of("role", "assistant", "content", "", "tool_calls", java.util.List.of(
        java.util.Map.of("id", "c1", "type", "function", "function",
            java.util.Map.of("name", "lookup", "arguments", "{\"q\":\"tea\",\"n\":2}")))));
    assertEquals(new Message.Ai(null, "", java.util.List.of(new Message.ToolCall("c1", "lookup",
        java.util.Map.of("q", "tea", "n", 2))), null), ai);
    assertEquals(new Message.Tool(null, "{}", "c1", "lookup", false),
        MessageWire.from(java.util.Map.of("role", "tool", "tool_call_id", "c1", "name", "lookup", "content", "{}")));
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> MessageWire.from(java.util.Map.of(
        "role", "assistant", "tool_calls", java.util.List.of(java.util.Map.of("id", "c2", "function",
            java.util.Map.of("name", "lookup", "arguments", "not json"))))));
  }
}
