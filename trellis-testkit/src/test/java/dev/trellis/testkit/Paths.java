package dev.trellis.testkit;

import java.nio.file.Path;

/** Locations the tests read: the project root and its two scenario sets. */
final class Paths {
  private Paths() {}

  static Path root() {
    String r = System.getProperty("trellis.root");
    return r != null ? Path.of(r) : Path.of("..").toAbsolutePath().normalize();
  }

  static Path ownScenarios() {
    return root().resolve("conformance/scenarios");
  }

  /** The scenarios the project started from, re-filled by our oracle on LangGraph 1.2.12. */
  static Path langGraphScenarios() {
    return root().resolve("conformance/langgraph-scenarios");
  }
}
