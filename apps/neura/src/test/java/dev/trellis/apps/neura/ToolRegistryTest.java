package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.error.InvalidGraphException;
import dev.trellis.pipeline.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ToolRegistryTest {
  @Test
  void bundledRegistryCarriesTheSeedsToolConfig() {
    ToolRegistry r = ToolRegistry.bundled();
    ToolSpec fit = r.tools().get("therapeutic_fit");
    assertEquals(Set.of("client_signal", "provider_genome"), fit.dependsOn());
    assertEquals(List.of("client_signal", "provider_genome"), fit.injectInputs());
    assertEquals(2, fit.maxRetries());
    assertEquals(Duration.ofMillis(50), fit.backoff());
    assertTrue(r.tools().get("session_narrative").optional());
    assertEquals(List.of(), r.warnings());
  }

  @Test
  void excludedDependencyIsFilteredAndWarnedAtBoot() {
    ToolRegistry r = ToolRegistry.fromYaml("""
        tools:
          - {name: client_signal, outputs: [signal_summary]}
          - {name: therapeutic_fit, dependencies: [client_signal], inject_inputs: [signal_summary]}
        agents:
          lite: [therapeutic_fit]
        """);
    assertEquals(List.of("agent \"lite\": tool \"therapeutic_fit\" depends on \"client_signal\", which the agent excludes;"
        + " it runs without it"), r.warnings());
    ToolSpec fit = r.forAgent("lite").get(0);
    assertEquals(Set.of(), fit.dependsOn());
    assertEquals(List.of(), fit.injectInputs());
  }

  @Test
  void injectedKeyNoToolProducesIsNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ToolRegistry.fromYaml("""
        tools:
          - {name: therapeutic_fit, inject_inputs: [genome_summary]}
        """));
    assertTrue(e.getMessage().contains("injects key \"genome_summary\""), e.getMessage());
  }

  @Test
  void cycleIsRejectedAtStartupNamingIt() {
    ToolRegistry r = ToolRegistry.fromYaml("""
        tools:
          - {name: client_signal, dependencies: [therapeutic_fit]}
          - {name: provider_genome}
          - {name: patient_context}
          - {name: therapeutic_fit, dependencies: [client_signal]}
          - {name: session_narrative}
        agents:
          neura: [client_signal, provider_genome, patient_context, therapeutic_fit, session_narrative]
        """);
    NeuraDeps base = NeuraDeps.bundled();
    NeuraDeps cyclic = new NeuraDeps(r, base.tools(), base.skipStore(), "neura", base.data(), null);
    InvalidGraphException e = assertThrows(InvalidGraphException.class,
        () -> NeuraTurn.graph(CompileOptions.DEFAULT, cyclic));
    assertTrue(e.getMessage().contains("client_signal → therapeutic_fit → client_signal"), e.getMessage());
  }
}
