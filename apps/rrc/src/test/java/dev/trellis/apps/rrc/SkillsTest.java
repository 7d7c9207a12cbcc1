package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.postgres.PostgresDatabase;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The skills table, tiered injection, the ledger and the tools each call sees. */
class SkillsTest {
  final Fixture f = new Fixture();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void seededSkillsHaveDefinitionToolsRulesAndArtifacts() {
    Skill r37 = f.deps.skills().find("rrc_rule37").orElseThrow();
    assertEquals("Rule 37 Spacing Exception", r37.name());
    assertEquals(5, r37.steps().size());
    assertEquals(List.of("spacing_assessment", "offset_well_analysis", "good_cause_narrative", "rule37_filing_assembly",
        "create_entity", "update_entity", "link_entities"), r37.tools().stream().map(Skill.ToolDecl::name).toList());
    assertEquals(List.of("pre_filing", "good_cause_review"), r37.rules().stream().map(Skill.Rule::checkpointType).toList());
    assertEquals(2, f.deps.skills().artifacts("rrc_rule37").size());
    Skill r32 = f.deps.skills().find("rrc_rule32").orElseThrow();
    assertEquals("rule32_filing_assembly", r32.rules().getFirst().tool());
    assertTrue(f.deps.skills().find("nope").isEmpty());
  }

  @Test
  void skillTablesAlsoLiveOnPostgres() {
    Assumptions.assumeTrue(System.getenv("TRELLIS_PG_URL") != null, "TRELLIS_PG_URL is not set");
    try (dev.trellis.testkit.PgSchema schema = dev.trellis.testkit.PgSchema.create("rrc_skills_");
         JdbcDatabase pg = PostgresDatabase.connect(schema.url())) {
      Skills skills = Skills.open(pg, Clock.systemUTC());
      Skills.open(pg, Clock.systemUTC());   // a second open (another process) seeds nothing twice
      assertEquals(5, skills.find("rrc_rule32").orElseThrow().steps().size());
      assertEquals(1, skills.artifacts("rrc_rule32").size());
      String conv = java.util.UUID.randomUUID().toString();
      assertFalse(skills.injected(conv, "rrc_rule32"));
      skills.markInjected(conv, "rrc_rule32");
      skills.markInjected(conv, "rrc_rule32");
      assertTrue(skills.injected(conv, "rrc_rule32"));
      JdbcApprovals approvals = JdbcApprovals.open(pg, Clock.systemUTC());
      Approval.Subject subject = new Approval.Subject(conv, conv, "default", "e1", java.util.List.of("mutating_capability"),
          "create_entity", "call_1", Digests.of(Map.of("name", "x")), null);
      String id = approvals.request(subject, Map.of("k", "v")).approvalId();
      assertEquals(id, approvals.request(subject, Map.of("k", "v")).approvalId(), "the same subject asks once");
      approvals.decide(id, "approved", "dana", null);
      assertFalse(approvals.claimExecution(id, new Approval.Subject(conv, conv, "default", "e1",
          java.util.List.of("mutating_capability"), "create_entity", "call_1", Digests.of(Map.of("name", "y")), null)),
          "other arguments are not authorised");
      assertTrue(approvals.claimExecution(id, subject));
      assertFalse(approvals.claimExecution(id, subject));
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void selectedSkillIsInjectedOnceInTheSeedsFormatWithArtifactsAndEntityContext() {
    f.graph().invoke(Fixture.input("rule_37", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H"),
        Fixture.thread("s1"));
    Map<String, Object> s = f.state("s1");
    assertEquals(List.of("rrc_rule37"), s.get("injected_skill_ids"));
    assertEquals(3, ((Map<String, Object>) s.get("active_skills")).get("rrc_rule37"), "tier 3: artifacts loaded");
    List<String> injected = Wire.messages(s).stream().map(x -> String.valueOf(x.get("content")))
        .filter(c -> c.startsWith(SkillNodes.ACTIVATED)).toList();
    assertEquals(1, injected.size());
    String m = injected.getFirst();
    assertTrue(m.startsWith("=== Skill Activated: Rule 37 Spacing Exception ===\n## Description\n"), m);
    for (String part : List.of("## Steps\n1. Resolve the subject well", "## Requirements\n- ", "## Output Format\nSpacing Summary:",
        "### 16 TAC §3.37 (excerpt) (regulatory_text)", "## Entity Context\nWell: Mitchell Ranch 1H (API: 42-329-12345)\n"
            + "Lease: Mitchell Ranch Lease")) {
      assertTrue(m.contains(part), part + " missing from\n" + m);
    }
    assertTrue(f.deps.skills().injected("s1", "rrc_rule37"), "the ledger records it");
  }

  @Test
  void aSkillIsInjectedOnceInAConversationThoughSelectedAgain() {
    ScriptedChatModel m = ScriptedChatModel.replies(new Message.Ai(null, "SKILL_SELECT:rrc_rule32", List.of(), null),
        Message.ai("done"), new Message.Ai(null, "SKILL_SELECT:rrc_rule32", List.of(), null), Message.ai("done again"));
    f.graph(m).invoke(Fixture.input("rule_37", "hi"), Fixture.thread("s2"));
    f.graph(m).invoke(Fixture.input("rule_37", "and again"), Fixture.thread("s2"));
    Map<String, Object> s = f.state("s2");
    assertTrue(f.deps.skills().injected("s2", "rrc_rule32"), "the ledger records it");
    assertEquals(1, HumanApprovalTest.messages(s).stream().filter(x -> String.valueOf(x.get("content"))
        .startsWith(SkillNodes.ACTIVATED)).count());
  }

  @Test
  void visibleToolsAreCorePlusSkillExposedDeduplicatedByName() {
    ScriptedChatModel m = ScriptedChatModel.replies(new Message.Ai(null, "SKILL_SELECT:rrc_rule32", List.of(), null),
        Message.ai("done"));
    f.graph(m).invoke(Fixture.input("rule_37", "hi"), Fixture.thread("s3"));
    List<String> first = m.requests().get(0).tools().stream().map(ToolSpec::name).toList();
    List<String> second = m.requests().get(1).tools().stream().map(ToolSpec::name).toList();
    assertEquals(List.of("entity_resolve", "context_assemble", "spacing_assessment", "offset_well_analysis",
        "good_cause_narrative", "rule37_filing_assembly", "create_entity", "update_entity", "link_entities"), first);
    assertEquals(List.of("entity_resolve", "context_assemble", "spacing_assessment", "offset_well_analysis",
        "good_cause_narrative", "rule37_filing_assembly", "create_entity", "update_entity", "link_entities",
        "flaring_volume_calc", "gas_analysis", "emissions_estimate", "rule32_filing_assembly"), second,
        "the mutating tools, exposed by both skills, appear once");
  }

  @Test
  void aGeneralAgentLoadsNoSkillSeesOnlyCoreToolsAndRefusesDomainWork() {
    ScriptedChatModel seen = new ScriptedChatModel(r -> new PlannerModel().chat(r));
    f.graph(seen).invoke(Fixture.input("general", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H"),
        Fixture.thread("s4"));
    Map<String, Object> s = f.state("s4");
    assertEquals(List.of("entity_resolve", "context_assemble"),
        seen.requests().getFirst().tools().stream().map(ToolSpec::name).toList());
    assertEquals(Map.of(), s.get("active_skills"));
    assertTrue(Wire.lastAiText(HumanApprovalTest.messages(s)).contains("can't help with regulatory filings"));
    ChatRequest first = seen.requests().getFirst();
    assertTrue(first.messages().getFirst().text().contains(SystemPromptNode.GENERAL_HARD_STOP));
    assertFalse(first.messages().getFirst().text().contains("Railroad Commission regulatory analyst"));
  }

  @Test
  void aGeneralAgentCannotSelectADomainSkill() {
    ScriptedChatModel m = ScriptedChatModel.replies(new Message.Ai(null, "SKILL_SELECT:rrc_rule37", List.of(), null));
    f.graph(m).invoke(Fixture.input("general", "hi"), Fixture.thread("s5"));
    assertEquals(List.of(), f.state("s5").get("selected_skill_ids"));
  }

  @Test
  void fenceToolsReachDeferredAgentsWithoutSkills() {
    ScriptedChatModel m = ScriptedChatModel.replies(Message.ai("ok"));
    f.graph(m).invoke(Fixture.input("flaring_monitor", "hi"), Fixture.thread("s6"));
    assertEquals(List.of("entity_resolve", "context_assemble", "flaring_volume_calc", "emissions_estimate"),
        m.requests().getFirst().tools().stream().map(ToolSpec::name).toList());
    assertEquals("flaring_monitor", f.state("s6").get("agent_type"));
  }

  @Test
  void flaringComplianceIsAnAliasOfTheSeedsFlaringMonitor() {
    ScriptedChatModel m = ScriptedChatModel.replies(Message.ai("ok"));
    f.graph(m).invoke(Fixture.input("flaring_compliance", "hi"), Fixture.thread("s6a"));
    assertEquals("flaring_monitor", f.state("s6a").get("agent_type"));
    assertEquals(300_000, f.state("s6a").get("max_tokens"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void aConversationSwitchedToTheGeneralAgentIsDomainEmpty() {
    f.graph().invoke(Fixture.input("rule_37", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H"),
        Fixture.thread("s7"));
    assertEquals(List.of("rrc_rule37"), f.state("s7").get("injected_skill_ids"));
    ScriptedChatModel m = ScriptedChatModel.replies(Message.ai("hello"));
    f.graph(m).invoke(Fixture.input("general", "hello"), Fixture.thread("s7"));
    Map<String, Object> s = f.state("s7");
    assertEquals(Map.of(), s.get("active_skills"), "no skill of the previous agent stays loaded");
    assertEquals(List.of(), s.get("injected_skill_ids"));
    assertEquals(List.of("entity_resolve", "context_assemble"),
        m.requests().getFirst().tools().stream().map(ToolSpec::name).toList(), "only the core tools");
    List<Message> sent = m.requests().getFirst().messages();
    assertTrue(sent.stream().noneMatch(x -> x.text().startsWith(SkillNodes.ACTIVATED)), "no skill context is sent");
    assertTrue(sent.getFirst().text().startsWith(f.deps.agents().personas().get("platform_default")), "the platform persona");
    assertFalse(f.deps.skills().injected("s7", "rrc_rule37"), "the ledger forgot it, so switching back injects it again");
  }

  @Test
  void aToolNotVisibleToTheAgentIsAnErrorResultNotACall() {
    ScriptedChatModel m = ScriptedChatModel.replies(new Message.Ai(null, "", List.of(new Message.ToolCall("c1",
        "gas_analysis", Map.of("api", "42-389-20001"))), null), Message.ai("ok"));
    f.graph(m).invoke(Fixture.input("rule_37", "hi"), Fixture.thread("s7"));
    Map<String, Object> tool = HumanApprovalTest.messages(f.state("s7")).stream()
        .filter(x -> "tool".equals(x.get("type"))).findFirst().orElseThrow();
    assertTrue(String.valueOf(tool.get("content")).contains("not available to this agent"), tool.toString());
  }

  @Test
  void aDeclarationCanOnlyBindToABundledImplementation() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ToolBindings.bundled().get("rm -rf"));
    assertTrue(e.getMessage().contains("no tool implementation bound to \"rm -rf\""));
  }
}
