package dev.trellis.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The review protocol's types read and write LangChain's HITLRequest / HITLResponse shapes. */
class HumanReviewTest {
  @Test
  void aRequestIsWrittenInTheShapeAgentUisRead() {
    Message.ToolCall call = new Message.ToolCall("c1", "send_email", Map.of("to", "a@b.c"));
    HumanReview.Request r = new HumanReview.Request(List.of(HumanReview.ActionRequest.of(call, "Send it?")),
        List.of(new HumanReview.ReviewConfig("send_email", List.of("approve", "reject"), null)));
    assertEquals(Map.of("action_requests", List.of(Map.of("name", "send_email", "args", Map.of("to", "a@b.c"),
            "description", "Send it?")),
        "review_configs", List.of(Map.of("action_name", "send_email", "allowed_decisions", List.of("approve", "reject")))),
        r.wire());
  }

  @Test
  void decisionsAreReadWithTheirEditsAndMessages() {
    List<HumanReview.Decision> d = HumanReview.Decision.parse(Map.of("decisions", List.of(Map.of("type", "approve"),
        Map.of("type", "edit", "edited_action", Map.of("name", "send_email", "args", Map.of("to", "x@y.z"))),
        Map.of("type", "reject", "message", "not now"), Map.of("type", "respond", "message", "it is 12 degrees"))));
    assertEquals(List.of("approve", "edit", "reject", "respond"), d.stream().map(HumanReview.Decision::type).toList());
    assertEquals("it is 12 degrees", d.get(3).message());
    Message.ToolCall call = new Message.ToolCall("c1", "send_email", Map.of("to", "a@b.c"));
    assertEquals(new Message.ToolCall("c1", "send_email", Map.of("to", "x@y.z")), d.get(1).edited(call));
    assertEquals("not now", d.get(2).message());
  }

  @Test
  void malformedDecisionsAreRefusedByName() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> HumanReview.Decision.parse(Map.of("ok", true)))
        .getMessage().contains("{\"decisions\": [...]}"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> HumanReview.Decision.parse(Map.of("decisions",
        List.of(Map.of("kind", "approve"))))).getMessage().contains("\"type\""));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> HumanReview.Decision.parse(Map.of("decisions",
        List.of(Map.of("type", "edit"))))).getMessage().contains("edited_action"));
    assertThrows(IllegalArgumentException.class, () -> HumanReview.Decision.parse(Map.of("decisions",
        List.of(Map.of("type", "edit", "edited_action", Map.of("args", Map.of()))))), "an edit names its tool");
  }
}
