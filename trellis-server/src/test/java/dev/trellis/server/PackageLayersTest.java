package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The server's packages form layers that only point down: each package uses only the packages
 * listed for it below (the root package, which assembles the server, may use any). So there is
 * no package cycle, and the stores, queue and wire format never reach up into the HTTP layer.
 */
class PackageLayersTest {
  private static final String ROOT = "dev.trellis.server";
  /** Package → the server packages it may use; "" is the root package. */
  private static final Map<String, Set<String>> ALLOWED = Map.of(
      "studio", Set.of("api", "sse", "queue", "db", "wire", "error", "auth"),
      "api", Set.of("sse", "queue", "db", "wire", "error", "auth"),
      "sse", Set.of("queue", "wire", "error"),
      "queue", Set.of("db", "wire", "error"),
      "db", Set.of("wire", "error"),
      "wire", Set.of("error"),
      "error", Set.of(),
      "auth", Set.of());
  private static final Pattern USE = Pattern.compile("dev\\.trellis\\.server\\.([a-z]+\\.)?[A-Z]");

  @Test
  void everyPackageUsesOnlyTheLayersBelowIt() throws IOException {
    Path src = Path.of("src/main/java/dev/trellis/server");
    Set<String> violations = new TreeSet<>();
    Set<String> seen = new TreeSet<>();
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String rel = src.relativize(f.getParent()).toString().replace('/', '.');
        seen.add(rel);
        if (rel.isEmpty()) {
          continue;
        }
        assertTrue(ALLOWED.containsKey(rel), "package " + rel + " has no layer: add it to ALLOWED");
        Matcher m = USE.matcher(Files.readString(f));
        while (m.find()) {
          String used = m.group(1) == null ? "" : m.group(1).substring(0, m.group(1).length() - 1);
          if (!used.equals(rel) && !ALLOWED.get(rel).contains(used)) {
            violations.add(rel + " → " + (used.isEmpty() ? ROOT : ROOT + "." + used) + " in " + f.getFileName());
          }
        }
      }
    }
    assertEquals(List.of(), List.copyOf(violations));
    assertTrue(seen.containsAll(List.of("api", "queue", "db", "wire", "error", "sse")), "scanned " + seen);
  }

  /** A Java string literal (text blocks aside, which the server's SQL does not use). */
  private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");
  /** The one Java file that may name the runs table (its DDL is in the migration SQL files, which this scan does not read). */
  private static final Set<String> RUN_TABLE_OWNERS = Set.of("queue/RunStore.java");

  @Test
  void onlyRunStoreWritesSqlOnTheRunsTable() throws IOException {
    Path src = Path.of("src/main/java/dev/trellis/server");
    Set<String> outside = new TreeSet<>();
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String rel = src.relativize(f).toString().replace('\\', '/');
        Matcher m = STRING.matcher(Files.readString(f));
        while (m.find()) {
          if (m.group().contains("trellis_runs") && !RUN_TABLE_OWNERS.contains(rel)) {
            outside.add(rel + ": " + m.group());
          }
        }
      }
    }
    assertEquals(List.of(), List.copyOf(outside));
  }

  /** What a user of the server needs: builder and AppContext, extra routes' helpers, the auth SPI, the wire format, the refusal. */
  private static final Set<String> EXPORTED = Set.of(ROOT, ROOT + ".api", ROOT + ".auth", ROOT + ".wire", ROOT + ".error");

  @Test
  void theModuleExportsOnlyWhatAUserNeedsEachWithAReason() throws IOException {
    Matcher m = Pattern.compile("(?m)^\\s*exports\\s+([\\w.]+)\\s*;").matcher(Files.readString(Path.of("src/main/java/module-info.java")));
    Set<String> exported = new TreeSet<>();
    while (m.find()) {
      exported.add(m.group(1));
    }
    assertEquals(new TreeSet<>(EXPORTED), exported);
    for (String pkg : exported) {
      Path info = Path.of("src/main/java", pkg.replace('.', '/'), "package-info.java");
      assertTrue(Files.readString(info).contains("Exported because"), pkg + "'s package-info gives no reason it is exported");
    }
  }
}
