package dev.trellis.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Seed 000's tool registry read from YAML: fields and defaults, per-agent subsets, boot checks. */
class ToolRegistryTest {
  static final String SEED = """
      tools:
        - {name: client_signal}
        - {name: provider_genome}
        - {name: patient_context, timeout: 2.5}
        - name: therapeutic_fit
          dependencies: [client_signal, provider_genome]
          inject_inputs: [signal_summary, genome_summary]
          max_retries: 2
          retry_backoff: 0.25
          defaults: {top_k: 3}
        - {name: session_narrative, optional: true}
      agents:
        navigator: [client_signal, provider_genome, patient_context, therapeutic_fit, session_narrative]
        lite: [patient_context, therapeutic_fit]
      """;

  static InvalidGraphException rejected(String yaml) {
    return assertThrows(InvalidGraphException.class, () -> ToolRegistry.fromYaml(yaml));
  }

  @Test
  void readsTheSeedsFieldsWithTheSeedsDefaults() {
    ToolRegistry r = ToolRegistry.fromYaml(SEED);
    PipelineToolSpec fit = r.tools().get("therapeutic_fit");
    assertEquals(Set.of("client_signal", "provider_genome"), fit.dependsOn());
    assertEquals(List.of("signal_summary", "genome_summary"), fit.injectInputs());
    assertEquals(Map.of("top_k", 3), fit.defaults());
    assertEquals(2, fit.maxRetries());
    assertEquals(Duration.ofMillis(250), fit.backoff());
    PipelineToolSpec signal = r.tools().get("client_signal");
    assertEquals(1, signal.maxRetries());
    assertEquals(Duration.ofMillis(500), signal.backoff());
    assertEquals(Duration.ofSeconds(30), signal.timeout());
    assertEquals(Duration.ofMillis(2500), r.tools().get("patient_context").timeout());
    assertTrue(r.tools().get("session_narrative").optional());
  }

  @Test
  void excludedDependencyIsDroppedForTheAgentAndWarnedAtBoot() {
    ToolRegistry r = ToolRegistry.fromYaml(SEED);
    assertEquals(List.of(
        "agent \"lite\": tool \"therapeutic_fit\" depends on \"client_signal\", which the agent excludes; it runs without it",
        "agent \"lite\": tool \"therapeutic_fit\" depends on \"provider_genome\", which the agent excludes; it runs without it"),
        r.warnings());
    PipelineToolSpec fit = r.forAgent("lite").get(1);
    assertEquals("therapeutic_fit", fit.name());
    assertEquals(Set.of(), fit.dependsOn());
  }

  @Test
  void agentPipelineRunsItsSubsetWithoutTheExcludedProducers() {
    ToolRegistry r = ToolRegistry.fromYaml(SEED);
    List<Map<String, Object>> fitArgs = new ArrayList<>();
    List<Object> events = new ArrayList<>();
    Map<String, PipelineTool> impls = Map.of(
        "patient_context", args -> ToolOutput.of(Map.of("patient", "p1"), 1),
        "therapeutic_fit", args -> {
          fitArgs.add(args);
          return ToolOutput.of("fit", 1);
        });
    ToolPipeline p = r.pipeline("lite", impls).build();
    assertEquals(List.of(List.of("patient_context", "therapeutic_fit")), p.phases());
    Bundle b = p.run(null, Map.of(), events::add);
    assertEquals(Map.of("top_k", 3), fitArgs.getFirst(), "no producer of the injected keys ran");
    assertEquals(Set.of("patient_context", "therapeutic_fit"), b.sections().keySet());
  }

  @Test
  void aToolWithoutImplementationIsNamed() {
    InvalidGraphException e = assertThrows(InvalidGraphException.class,
        () -> ToolRegistry.fromYaml(SEED).pipeline("lite", Map.of("patient_context", args -> ToolOutput.of(1, 1))));
    assertTrue(e.getMessage().contains("tool \"therapeutic_fit\" of agent \"lite\" has no implementation"), e.getMessage());
  }

  @Test
  void cycleIsRejectedAtLoadNamingIt() {
    InvalidGraphException e = rejected("""
        tools:
          - {name: a, dependencies: [c]}
          - {name: b, dependencies: [a]}
          - {name: c, dependencies: [b]}
          - {name: d}
        """);
    assertEquals(ErrorCode.TOOL_CYCLE, e.code());
    assertTrue(e.getMessage().contains("a → c → b → a"), e.getMessage());
  }

  @Test
  void unknownDependencyIsRejected() {
    assertTrue(rejected("tools: [{name: fit, dependencies: [ghost]}]").getMessage()
        .contains("tool \"fit\" depends on \"ghost\""));
  }

  @Test
  void unknownFieldIsRejectedNamingIt() {
    InvalidGraphException e = rejected("tools: [{name: fit, inject_input: [signal_summary]}]");
    assertTrue(e.getMessage().contains("tool \"fit\": unknown field \"inject_input\""), e.getMessage());
  }

  @Test
  void agentListingAnUnregisteredToolIsRejected() {
    InvalidGraphException e = rejected("""
        tools: [{name: a}]
        agents: {x: [a, b]}
        """);
    assertTrue(e.getMessage().contains("agent \"x\" lists tool \"b\""), e.getMessage());
  }

  @Test
  void toolRegisteredTwiceIsRejected() {
    assertTrue(rejected("tools: [{name: a}, {name: a}]").getMessage().contains("tool \"a\" is registered twice"));
  }

  @Test
  void unknownAgentIsNamed() {
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> ToolRegistry.fromYaml(SEED).forAgent("x"));
    assertTrue(e.getMessage().contains("no agent \"x\" in the tool registry (agents: navigator, lite)"), e.getMessage());
  }
}
