package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The app's spans, collected with the OpenTelemetry SDK's in-memory exporter. */
class TracingTest {
  final Fixture f = new Fixture();

  @AfterEach
  void close() {
    f.close();
  }

  List<SpanData> named(String name) {
    return f.spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
  }

  @Test
  void aFilingExecutionEmitsDefinitionPromptToolsRuleAndPerCallSpans() {
    f.graph().invoke(Fixture.input("rule_37", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H"),
        Fixture.thread("t1"));
    SpanData def = named("agent.resolve_definition").getFirst();
    assertEquals("regulatory_analyst", def.getAttributes().get(AttributeKey.stringKey("persona")));
    assertEquals("root_skill", def.getAttributes().get(AttributeKey.stringKey("persona_source")));
    SpanData prompt = named("prompt.assemble").getFirst();
    assertEquals(true, prompt.getAttributes().get(AttributeKey.booleanKey("user_identity_injected")));
    assertTrue(prompt.getAttributes().get(AttributeKey.longKey("token_estimate")) > 0);
    List<SpanData> tools = named("tools.assemble");
    assertEquals(2L, tools.getFirst().getAttributes().get(AttributeKey.longKey("core_capability_count")));
    assertEquals(7L, tools.getFirst().getAttributes().get(AttributeKey.longKey("skill_exposed_tool_count")));
    assertEquals(9L, tools.getFirst().getAttributes().get(AttributeKey.longKey("total_tools_visible")));
    List<SpanData> llm = named("chat rrc-planner");   // trellis-otel's GenAI span, named for the state's model
    assertEquals(PlannerModel.NAME, llm.getFirst().getAttributes().get(AttributeKey.stringKey("gen_ai.request.model")));
    assertTrue(llm.getFirst().getAttributes().get(AttributeKey.doubleKey("cost_usd")) > 0);
    assertEquals(tools.size(), llm.size(), "one tools.assemble per LLM call");
    long input = llm.stream().mapToLong(s -> s.getAttributes().get(AttributeKey.longKey("gen_ai.usage.input_tokens"))).sum();
    long output = llm.stream().mapToLong(s -> s.getAttributes().get(AttributeKey.longKey("gen_ai.usage.output_tokens"))).sum();
    assertEquals(((Number) f.state("t1").get("tokens_used")).longValue(), input + output);
    List<String> rules = named("hitl.rule_fire").stream()
        .map(s -> s.getAttributes().get(AttributeKey.stringKey("rule_key"))).toList();
    assertEquals(List.of("rrc_rule37:good_cause_review", "rrc_rule37:pre_filing"), rules);
  }

  @Test
  void theMutationGateEmitsItsPlatformRule() {
    f.graph().invoke(Fixture.input("rule_37", "Create operator Lone Star Flaring LLC."), Fixture.thread("t2"));
    SpanData fire = named("hitl.rule_fire").getFirst();
    assertEquals("platform:hitl_on_mutating_capability", fire.getAttributes().get(AttributeKey.stringKey("rule_key")));
    assertEquals("before_tool_call", fire.getAttributes().get(AttributeKey.stringKey("trigger")));
  }
}
