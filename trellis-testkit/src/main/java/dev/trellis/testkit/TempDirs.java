package dev.trellis.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Temporary directories for tests that open databases outside JUnit's {@code @TempDir} (shared
 * fixtures, servers started in helpers): each is deleted with what it holds when the test JVM
 * exits, so a test run leaves no databases behind on the disk (a full suite made about 0.6 GB of
 * them, enough to fill a small CI disk).
 */
public final class TempDirs {
  private static final List<Path> MADE = new ArrayList<>();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(TempDirs::deleteAll, "trellis-temp-dirs"));
  }

  private TempDirs() {}

  /** A new directory under the system's temporary directory, named {@code prefix} and a number, deleted at exit. */
  public static Path create(String prefix) {
    try {
      Path dir = Files.createTempDirectory(prefix);
      synchronized (MADE) {
        MADE.add(dir);
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary directory " + prefix + "…", e);
    }
  }

  private static void deleteAll() {
    List<Path> dirs;
    synchronized (MADE) {
      dirs = List.copyOf(MADE);
    }
    for (Path dir : dirs) {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException | UncheckedIOException ignored) {
        // best effort: the directory is the system's to clean then
      }
    }
  }
}
