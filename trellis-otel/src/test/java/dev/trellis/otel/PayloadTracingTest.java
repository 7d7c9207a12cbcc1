package dev.trellis.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.Hooks;
import dev.trellis.agent.middleware.pii.Pii;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.observe.TracePolicy;
import io.opentelemetry.api.common.AttributeKey;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Node spans carry payloads when asked, shaped by each node's trace policy. */
class PayloadTracingTest {
  static final AttributeKey<String> INPUT = AttributeKey.stringKey("trellis.node.input");
  static final AttributeKey<String> OUTPUT = AttributeKey.stringKey("trellis.node.output");

  static CompiledGraph agent(TrellisTelemetry telemetry, Agent.Builder builder) {
    return builder.compile(CompileOptions.DEFAULT.withListeners(telemetry.listener()));
  }

  @Test
  void piiHookSpansOmitTheUnredactedInputWhileOtherNodesRecordTheirs() {
    try (Otel otel = new Otel()) {
      TrellisTelemetry telemetry = TrellisTelemetry.create(otel.sdk, true);
      agent(telemetry, Agent.builder(ScriptedChatModel.replies(Message.ai("noted"))).middleware(Pii.of("email")))
          .invoke(Map.of("messages", List.of(Message.human("I am ana@example.com"))));
      var hook = otel.span("PIIMiddleware[email].before_model").getAttributes();
      assertEquals("{}", hook.get(INPUT), "the conversation before redaction stays out of the trace");
      assertTrue(hook.get(OUTPUT).contains("[REDACTED_EMAIL]"), hook.get(OUTPUT));
      var model = otel.span("model").getAttributes();
      assertTrue(model.get(INPUT).contains("I am [REDACTED_EMAIL]"), model.get(INPUT));
      assertFalse(model.get(INPUT).contains("ana@example.com"));
      assertTrue(model.get(OUTPUT).contains("noted"), model.get(OUTPUT));
    }
  }

  @Test
  void theAgentsTracePolicyCoversMiddlewareWithoutTheirOwn() {
    try (Otel otel = new Otel()) {
      TrellisTelemetry telemetry = TrellisTelemetry.create(otel.sdk, true);
      agent(telemetry, Agent.builder(ScriptedChatModel.replies(Message.ai("hi")))
          .middleware(Hooks.beforeModel("Audit", (s, rt) -> null)).tracePolicy(TracePolicy.omitPayloads()))
          .invoke(Map.of("messages", List.of(Message.human("secret plans"))));
      var audit = otel.span("Audit.before_model").getAttributes();
      assertEquals("{}", audit.get(INPUT));
      assertEquals("{}", audit.get(OUTPUT));
    }
  }

  @Test
  void withoutPayloadRecordingSpansCarryNone() {
    try (Otel otel = new Otel()) {
      agent(otel.telemetry, Agent.builder(ScriptedChatModel.replies(Message.ai("hi"))))
          .invoke(Map.of("messages", List.of(Message.human("secret plans"))));
      assertNull(otel.span("model").getAttributes().get(INPUT));
    }
  }
}
