package dev.trellis.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The conformance scenario files of the repository: {@code conformance/scenarios} (ours) and
 * {@code conformance/langgraph-scenarios} (the set the project started from), found from the
 * project root (system property {@code trellis.root}, which the build sets; else the parent
 * of the working directory).
 */
public final class ConformanceScenarios {
  private ConformanceScenarios() {}

  /** The project root. */
  public static Path root() {
    String r = System.getProperty("trellis.root");
    return r != null ? Path.of(r) : Path.of("..").toAbsolutePath().normalize();
  }

  public static Path ownDirectory() {
    return root().resolve("conformance/scenarios");
  }

  public static Path langGraphDirectory() {
    return root().resolve("conformance/langgraph-scenarios");
  }

  /** The scenario files of {@code dir}, sorted by name; fails when the directory is missing. */
  public static List<Path> in(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException("scenario directory missing: " + dir + " (set -Dtrellis.root to the project root)");
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The files of both sets with at least one threaded run — the ones a checkpointer and a
   * durability mode can change.
   */
  public static List<Path> threaded() {
    List<Path> out = new ArrayList<>();
    for (Path dir : List.of(ownDirectory(), langGraphDirectory())) {
      for (Path f : in(dir)) {
        for (JsonNode run : read(f).path("runs")) {
          if (run.hasNonNull("thread")) {
            out.add(f);
            break;
          }
        }
      }
    }
    return out;
  }

  public static JsonNode read(Path file) {
    try {
      return JsonValues.MAPPER.readTree(file.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The scenario with every thread name made unique, so that scenarios sharing one saver
   * (a database) do not meet on a thread; modifies and returns {@code scenario}.
   */
  public static JsonNode withUniqueThreads(JsonNode scenario) {
    String prefix = "s-" + UUID.randomUUID() + "-";
    for (JsonNode run : scenario.path("runs")) {
      if (run.hasNonNull("thread")) {
        ((ObjectNode) run).put("thread", prefix + run.get("thread").asText());
      }
    }
    return scenario;
  }
}
