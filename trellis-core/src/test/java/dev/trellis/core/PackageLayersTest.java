package dev.trellis.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * trellis-core's packages form layers that only point down, so no two packages import each
 * other: the entry points ({@code core}: {@code StateGraph}, {@code CompiledGraph}) sit on the
 * engine ({@code pregel}), which sits on the graph vocabulary ({@code graph}: keys, state, commands,
 * options), which sits on observation, streams and policies, and errors are at the bottom where
 * every layer can raise them. The same order as {@code jdeps -verbose:package} reports for the
 * compiled classes; this test reads the sources (comments aside), so it fails before a build would.
 */
class PackageLayersTest {
  /** Rows from the top: a package may use only packages of rows below its own. */
  private static final List<Set<String>> LAYERS = List.of(
      Set.of("func", "spec"),
      Set.of("core"),
      Set.of("pregel"),
      Set.of("graph"),
      Set.of("observe", "stream", "policy", "verify"),
      Set.of("runtime", "channel", "draw"),
      Set.of("error", "wire"));
  private static final Pattern USE = Pattern.compile("\\bdev\\.trellis\\.([a-z]+)\\.");
  private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
  private static final Path SRC = Path.of("src/main/java/dev/trellis");

  @Test
  void everyPackageUsesOnlyTheLayersBelowIt() throws IOException {
    Set<String> violations = new TreeSet<>();
    Set<String> seen = new TreeSet<>();
    for (Path f : sources()) {
      String pkg = SRC.relativize(f.getParent()).toString().replace('/', '.');
      seen.add(pkg);
      int row = row(pkg);
      assertTrue(row >= 0, "package " + pkg + " has no layer: add it to LAYERS");
      for (String used : uses(f)) {
        int usedRow = row(used);
        if (usedRow >= 0 && !used.equals(pkg) && usedRow <= row) {
          violations.add(pkg + " → " + used + " in " + f.getFileName());
        }
      }
    }
    assertEquals(List.of(), List.copyOf(violations));
    assertTrue(seen.containsAll(Set.of("core", "pregel", "graph", "error", "observe")), "scanned " + seen);
  }

  @Test
  void theGraphVocabularyDoesNotReachTheEngineOrTheBuilder() throws IOException {
    List<String> reaching = new ArrayList<>();
    for (Path f : sources()) {
      if (f.getParent().equals(SRC.resolve("graph"))) {
        Set<String> used = uses(f);
        if (used.contains("pregel") || used.contains("core")) {
          reaching.add(f.getFileName() + " uses " + used);
        }
      }
    }
    assertEquals(List.of(), reaching);
  }

  /**
   * The front door's public types, pinned so one is added consciously: the builder, the compiled
   * graph, and {@code GraphProtocol}, what a compiled graph shares with trellis-client's
   * {@code RemoteGraph} (LangGraph's {@code PregelProtocol}).
   */
  @Test
  void theFrontDoorHoldsOnlyTheBuilderTheCompiledGraphAndWhatItSharesWithARemoteOne() throws IOException {
    Pattern publicType = Pattern.compile("(?m)^public\\s+(?:(?:final|abstract|sealed|non-sealed)\\s+)*"
        + "(?:class|interface|record|enum|@interface)\\s+(\\w+)");
    Set<String> found = new TreeSet<>();
    try (Stream<Path> files = Files.list(SRC.resolve("core"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = publicType.matcher(Files.readString(f));
        if (m.find()) {
          found.add(m.group(1));
        }
      }
    }
    assertEquals(new TreeSet<>(Set.of("StateGraph", "CompiledGraph", "GraphProtocol")), found);
  }

  private static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.walk(SRC)) {
      return files.filter(p -> p.toString().endsWith(".java") && !p.getParent().equals(SRC)).toList();
    }
  }

  /** The trellis-core packages {@code f} names outside its comments. */
  private static Set<String> uses(Path f) throws IOException {
    Matcher m = USE.matcher(COMMENT.matcher(Files.readString(f)).replaceAll(""));
    Set<String> used = new TreeSet<>();
    while (m.find()) {
      used.add(m.group(1));
    }
    return used;
  }

  private static int row(String pkg) {
    for (int i = 0; i < LAYERS.size(); i++) {
      if (LAYERS.get(i).contains(pkg)) {
        return i;
      }
    }
    return -1;
  }
}
