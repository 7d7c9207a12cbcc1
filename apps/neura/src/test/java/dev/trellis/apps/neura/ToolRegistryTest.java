package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.error.InvalidGraphException;
import dev.trellis.graph.CompileOptions;
import dev.trellis.pipeline.PipelineToolSpec;
import dev.trellis.pipeline.ToolRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Neura's bundled tools.yaml and the boot checks NeuraTurn.graph runs on it (the registry's own rules: ToolRegistryTest in trellis-core). */
class ToolRegistryTest {
  @Test
  void bundledRegistryCarriesTheSeedsToolConfig() {
    ToolRegistry r = NeuraDeps.bundledRegistry();
    PipelineToolSpec fit = r.tools().get("therapeutic_fit");
    assertEquals(Set.of("client_signal", "provider_genome"), fit.dependsOn());
    assertEquals(List.of("signal_summary", "genome_summary"), fit.injectInputs());
    assertEquals(2, fit.maxRetries());
    assertEquals(Duration.ofMillis(50), fit.backoff());
    assertTrue(r.tools().get("session_narrative").optional());
    assertEquals(List.of(), r.warnings());
    assertEquals(List.of(List.of("client_signal", "patient_context", "provider_genome", "session_narrative"),
        List.of("therapeutic_fit")), r.pipeline("neura", NeuraDeps.bundled().tools()).build().phases());
  }

  @Test
  void therapeuticFitReadsTheInjectedSummariesOnly() {
    var out = AssemblyTools.therapeuticFit(Map.of("signal_summary", "mentions grief",
        "genome_summary", List.of("prov-ana:cbt/anxiety,insomnia", "prov-dia:act/grief,depression"), "top_k", 1));
    assertEquals(Map.of("candidates", List.of(Map.of("provider_id", "prov-dia", "score", 1L))), out.value());
  }

  @Test
  void aCyclicRegistryFailsAtStartupNamingTheCycle() {
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> ToolRegistry.fromYaml("""
        tools:
          - {name: client_signal, dependencies: [therapeutic_fit]}
          - {name: therapeutic_fit, dependencies: [client_signal]}
        agents:
          neura: [client_signal, therapeutic_fit]
        """));
    assertTrue(e.getMessage().contains("client_signal → therapeutic_fit → client_signal"), e.getMessage());
  }

  @Test
  void aRegisteredToolWithoutImplementationFailsTheGraphAtStartup() {
    NeuraDeps base = NeuraDeps.bundled();
    ToolRegistry extra = ToolRegistry.fromYaml("""
        tools: [{name: client_signal}, {name: insurance_check}]
        agents: {neura: [client_signal, insurance_check]}
        """);
    NeuraDeps deps = new NeuraDeps(extra, base.tools(), null, "neura", base.data(), null, null, base.safety());
    InvalidGraphException e = assertThrows(InvalidGraphException.class, () -> NeuraTurn.graph(CompileOptions.DEFAULT, deps));
    assertTrue(e.getMessage().contains("tool \"insurance_check\" of agent \"neura\" has no implementation"), e.getMessage());
  }
}
