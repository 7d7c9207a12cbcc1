package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ScriptedChatModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** system_prompt_node (persona precedence, identity, cacheable prefix, override) and memory_node. */
class PromptAndMemoryTest {
  final Fixture f = new Fixture();
  final ScriptedChatModel seen = new ScriptedChatModel(r -> Message.ai("ok"));

  @AfterEach
  void close() {
    f.close();
  }

  String basePrompt(String agent, Object... metadata) {
    String thread = "p-" + agent + "-" + metadata.length;
    f.graph(seen).invoke(Fixture.input(agent, "hi", metadata), Fixture.thread(thread));
    return seen.requests().getLast().messages().getFirst().text();
  }

  @Test
  void personaComesFromAnExplicitKeyThenTheRootSkillThenThePlatformDefault() {
    Map<String, String> personas = f.deps.agents().personas();
    assertTrue(basePrompt("rule_37", "persona_key", "field_engineer").startsWith(personas.get("field_engineer")));
    assertTrue(basePrompt("flaring_monitor").startsWith(personas.get("field_engineer")), "agent definition's persona_key");
    assertTrue(basePrompt("rule_32").startsWith(personas.get("regulatory_analyst")), "root skill's persona");
    assertTrue(basePrompt("general").startsWith(personas.get("platform_default")));
  }

  @Test
  void userIdentityBlockFollowsThePersonaAndFallsBackToUser() {
    assertTrue(basePrompt("rule_37", "display_name", "Dana Ruiz", "role", "regulatory_manager")
        .contains("=== User ===\nName: Dana Ruiz\nRole: regulatory_manager"));
    assertTrue(basePrompt("rule_32").contains("=== User ===\nName: user\nRole: user"));
  }

  @Test
  void theBasePromptIsIndexZeroWithACacheBreakpointAndStaysFixedAcrossTurns() {
    f.graph(seen).invoke(Fixture.input("rule_37", "first"), Fixture.thread("c1"));
    f.graph(seen).invoke(Fixture.input("rule_37", "second"), Fixture.thread("c1"));
    ChatRequest one = seen.requests().get(0);
    ChatRequest two = seen.requests().get(seen.requests().size() - 1);
    assertEquals(0, one.cacheBreakpoint().getAsInt());
    assertEquals(0, two.cacheBreakpoint().getAsInt());
    assertEquals(one.messages().getFirst(), two.messages().getFirst(), "the prefix is byte-identical turn to turn");
    long bases = HumanApprovalTest.messages(f.state("c1")).stream()
        .filter(m -> String.valueOf(m.get("content")).startsWith(f.deps.agents().personas().get("regulatory_analyst"))).count();
    assertEquals(1, bases, "replaced, not appended, each turn");
  }

  @Test
  void aCallerSuppliedSystemPromptOverridesTheAssembly() {
    Map<String, Object> in = Fixture.input("rule_37", "hi");
    in.put("system_prompt", "You are terse.");
    f.graph(seen).invoke(in, Fixture.thread("o1"));
    assertEquals("You are terse.", seen.requests().getLast().messages().getFirst().text());
  }

  @Test
  @SuppressWarnings("unchecked")
  void memoryMessageCarriesWorkingMemoryAndTheTopThreeEpisodes() {
    for (int i = 1; i <= 5; i++) {
      new Memory(f.store).saveEpisode("acme", "e" + i, Map.of("summary", "rule_37: Form W-1 filed for Mitchell Ranch " + i
          + "H spacing exception", "conversation_id", "old" + i));
    }
    f.graph().invoke(Fixture.input("rule_37", "Resolve the wells Mitchell Ranch 1H"), Fixture.thread("m1"));
    Map<String, Object> in = Fixture.input("rule_37", "Mitchell Ranch spacing exception");
    in.put("tenant_id", "acme");
    f.graph(seen).invoke(in, Fixture.thread("m1"));
    String memory = seen.requests().getLast().messages().get(1).text();
    assertTrue(memory.startsWith("=== Memory Context ===\n[Working Memory -- Scratchpad]\n"), memory);
    assertTrue(memory.contains("[Working Memory -- Extracted Entities]\n- Well: 42-329-12345 (Mitchell Ranch 1H)"), memory);
    assertTrue(memory.contains("[Episodic Memory -- Relevant Past Conversations]\n- (similarity: "), memory);
    assertEquals(3, memory.lines().filter(l -> l.startsWith("- (similarity: ")).count(), memory);
    Map<String, Object> ctx = (Map<String, Object>) f.state("m1").get("memory_context");
    assertEquals(3, ((List<?>) ctx.get("episodic")).size());
  }

  @Test
  void aCompletedExecutionBecomesAnEpisodeOfItsTenant() {
    f.graph().invoke(Fixture.input("rule_37", "Resolve the wells Mitchell Ranch 1H"), Fixture.thread("m2"));
    var found = new Memory(f.store).searchEpisodes("default", "Mitchell Ranch", 3);
    assertEquals(1, found.size());
    assertTrue(String.valueOf(found.getFirst().value().get("summary")).startsWith("rule_37: Resolved: Mitchell Ranch 1H"));
  }
}
