package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.server.error.ApiException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What LangGraph clients send reaches the pipeline: a chat UI's LangChain-shaped messages
 * ({@code type: human}) are the turn's user message, and a request naming a conversation that
 * is not a thread id is refused naming {@code conversation_id}.
 */
class ChatClientMessagesTest {
  final Fixture f = new Fixture();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void langChainHumanMessageDrivesTheExecution() {
    String thread = UUID.randomUUID().toString();
    Map<String, Object> in = Fixture.input("rule_37", null);
    in.put("messages", List.of(Map.of("type", "human", "content", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H")));
    f.graph().invoke(in, Fixture.thread(thread));
    Map<String, Object> state = f.state(thread);
    assertNull(state.get("error"));
    assertEquals("awaiting_hitl", state.get("status"));
    assertEquals(List.of("rrc_rule37"), state.get("injected_skill_ids"));
  }

  @Test
  void aRunNamingNoAgentIsARule37OneAsThroughExecute() {
    // trellis chat rrc and chat UIs send only messages: "Create operator …" got "I cannot create entities with the tools I have."
    String thread = UUID.randomUUID().toString();
    f.graph().invoke(Map.of("messages", List.of(Map.of("type", "human", "content", "Create operator Lone Star Flaring LLC."))),
        Fixture.thread(thread));
    Map<String, Object> state = f.state(thread);
    assertEquals("rule_37", state.get("agent_type"));
    assertEquals("awaiting_hitl", state.get("status"));
    assertEquals("create_entity", ((Map<?, ?>) state.get("pending_mutation")).get("tool_name"));
  }

  @Test
  void theStreamedTokensAndTheStoredAnswerAreOneMessage() {
    // trellis chat rrc printed each streamed answer twice: its tokens under one id, the stored answer under another
    String thread = UUID.randomUUID().toString();
    java.util.Set<String> streamed = new java.util.HashSet<>();
    try (dev.trellis.stream.GraphStream s = f.graph().stream(Fixture.input("rule_37", "which wells do you know about?"),
        Fixture.thread(thread), dev.trellis.stream.StreamMode.MESSAGES)) {
      for (dev.trellis.stream.StreamPart p : s) {
        if (p instanceof dev.trellis.stream.StreamPart.MessageChunk c) {
          streamed.add(c.messageId());
        }
      }
    }
    @SuppressWarnings("unchecked")
    List<Message> messages = (List<Message>) f.state(thread).get("messages");
    Message.Ai answer = (Message.Ai) messages.getLast();
    assertFalse(streamed.isEmpty());
    assertTrue(streamed.contains(answer.id()), streamed + " vs the stored " + answer.id());
  }

  @Test
  void openAiShapedMessagesWithToolCallsAreReadIntoTheConversation() {
    String thread = UUID.randomUUID().toString();
    Map<String, Object> in = Fixture.input("rule_37", null);
    in.put("messages", List.of(
        Map.of("role", "user", "content", "Resolve Mitchell Ranch 1H"),
        Map.of("role", "assistant", "content", "", "tool_calls", List.of(Map.of("id", "c1", "type", "function",
            "function", Map.of("name", "entity_resolve", "arguments", "{\"query\":\"Mitchell Ranch 1H\"}")))),
        Map.of("role", "tool", "tool_call_id", "c1", "name", "entity_resolve", "content", "{}"),
        Map.of("role", "user", "content", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H")));
    f.graph().invoke(in, Fixture.thread(thread));
    Map<String, Object> state = f.state(thread);
    assertNull(state.get("error"));
    @SuppressWarnings("unchecked")
    List<Message> messages = (List<Message>) state.get("messages");
    Message.Ai ai = messages.stream().filter(m -> m instanceof Message.Ai).map(m -> (Message.Ai) m).findFirst().orElseThrow();
    assertEquals(List.of(new Message.ToolCall("c1", "entity_resolve", Map.of("query", "Mitchell Ranch 1H"))),
        ai.toolCalls());
    assertTrue(messages.stream().anyMatch(m -> m instanceof Message.Tool t && t.toolCallId().equals("c1")));
  }

  @Test
  void conversationIdThatIsNoUuidIsRefusedByName() {
    ApiException e = assertThrows(ApiException.class,
        () -> ExecuteRequest.parse(Map.of("conversation_id", "not-a-uuid", "message", "hi"), AgentConfigs.bundled()));
    assertEquals(422, e.status());
    assertTrue(e.getMessage().startsWith("\"conversation_id\" must be a UUID"), e.getMessage());
  }
}
