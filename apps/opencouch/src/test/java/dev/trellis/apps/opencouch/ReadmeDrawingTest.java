package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.graph.CompileOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's topology drawing is the compiled graph's own mermaid drawing, subgraph expanded. */
class ReadmeDrawingTest {
  @Test
  void readmeDrawingEqualsTheCompiledGraphs() throws Exception {
    String generated = OpenCouch.graph(CompileOptions.DEFAULT, new Couch().context).drawMermaid(true).strip();
    String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    int start = readme.indexOf("```mermaid\n") + "```mermaid\n".length();
    String drawn = readme.substring(start, readme.indexOf("```", start)).strip();
    if (!drawn.equals(generated)) {
      Files.writeString(Path.of("target", "opencouch.mmd"), generated + "\n");
    }
    assertEquals(generated, drawn, "README.md's drawing is stale; the current one is in target/opencouch.mmd");
  }
}
