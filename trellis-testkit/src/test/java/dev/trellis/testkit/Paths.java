package dev.trellis.testkit;

import java.nio.file.Path;

/** Locations the tests read: the project root and the shared conformance scenarios beside it. */
final class Paths {
  private Paths() {}

  static Path root() {
    String r = System.getProperty("trellis.root");
    return r != null ? Path.of(r) : Path.of("..").toAbsolutePath().normalize();
  }

  static Path ownScenarios() {
    return root().resolve("conformance/scenarios");
  }

  static Path sharedScenarios() {
    return root().resolve("../shared/conformance/scenarios").normalize();
  }
}
