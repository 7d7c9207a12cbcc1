package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.server.api.ApiException;
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
  void langChainToolCallsReadAsOpenAiCalls() {
    List<Message> out = Msgs.toAgent(List.of(
        Map.of("type", "ai", "content", "", "tool_calls", List.of(Map.of("id", "c1", "name", "entity_resolve", "args", Map.of("query", "Mitchell Ranch 1H")))),
        Map.of("type", "tool", "tool_call_id", "c1", "name", "entity_resolve", "content", "{}")));
    Message.Ai ai = (Message.Ai) out.get(0);
    assertEquals(List.of(new Message.ToolCall("c1", "entity_resolve", Map.of("query", "Mitchell Ranch 1H"))),
        ai.toolCalls());
    assertTrue(out.get(1) instanceof Message.Tool);
  }

  @Test
  void conversationIdThatIsNoUuidIsRefusedByName() {
    ApiException e = assertThrows(ApiException.class,
        () -> ExecuteRequest.parse(Map.of("conversation_id", "not-a-uuid", "message", "hi"), AgentConfigs.bundled()));
    assertEquals(422, e.status());
    assertTrue(e.getMessage().startsWith("\"conversation_id\" must be a UUID"), e.getMessage());
  }
}
