package dev.trellis.testkit;

import java.nio.file.Path;

/** Locations the tests read: the project root. */
final class Paths {
  private Paths() {}

  static Path root() {
    return ConformanceScenarios.root();
  }
}
