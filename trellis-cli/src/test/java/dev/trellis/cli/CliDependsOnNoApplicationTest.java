package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The CLI knows no application: its pom depends on none of the modules under {@code apps/}
 * (they add their commands through {@code dev.trellis.cli.spi.AppCommand}; trellis-dist
 * assembles the CLI with them).
 */
class CliDependsOnNoApplicationTest {
  @Test
  void theCliPomHasNoApplicationDependency() throws Exception {
    List<String> apps = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(Path.of("..", "apps"))) {
      for (Path pom : dirs.map(d -> d.resolve("pom.xml")).filter(Files::isRegularFile).toList()) {
        apps.add(artifactId(pom));
      }
    }
    assertFalse(apps.isEmpty(), "no application poms under ../apps");
    List<String> deps = dependencies(Path.of("pom.xml"));
    assertEquals(List.of(), deps.stream().filter(apps::contains).toList(),
        "trellis-cli depends on applications " + apps + "; let them contribute commands through AppCommand instead");
  }

  private static String artifactId(Path pom) throws Exception {
    Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    NodeList children = project.getChildNodes();
    for (int i = 0; i < children.getLength(); i++) {
      if (children.item(i) instanceof Element e && e.getTagName().equals("artifactId")) {
        return e.getTextContent().strip();
      }
    }
    throw new AssertionError(pom + " has no artifactId");
  }

  /** Every dependency's artifactId, in any scope, profile or dependencyManagement section. */
  private static List<String> dependencies(Path pom) throws Exception {
    NodeList deps = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile())
        .getElementsByTagName("dependency");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < deps.getLength(); i++) {
      NodeList ids = ((Element) deps.item(i)).getElementsByTagName("artifactId");
      out.add(ids.item(0).getTextContent().strip());
    }
    return out;
  }
}
