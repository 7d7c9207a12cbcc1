package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.graph.CompileOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's topology drawing is the compiled pipeline's own mermaid drawing. */
class ReadmeDrawingTest {
  @Test
  void readmeDrawingEqualsTheCompiledGraphs() throws Exception {
    String generated;
    try (Fixture f = new Fixture()) {
      generated = RrcGraph.graph(f.deps, CompileOptions.checkpointer(new InMemorySaver())).drawMermaid(false).strip();
    }
    String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    int start = readme.indexOf("```mermaid\n") + "```mermaid\n".length();
    String drawn = start < "```mermaid\n".length() ? "" : readme.substring(start, readme.indexOf("```", start)).strip();
    if (!drawn.equals(generated)) {
      Files.createDirectories(Path.of("target"));
      Files.writeString(Path.of("target", "rrc.mmd"), generated + "\n");
    }
    assertEquals(generated, drawn, "README.md's drawing is stale; the current one is in target/rrc.mmd");
  }
}
