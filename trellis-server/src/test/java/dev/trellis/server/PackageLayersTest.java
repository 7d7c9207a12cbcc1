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
      "studio", Set.of("api", "route", "sse", "queue", "db", "wire", "error", "auth"),
      "api", Set.of("route", "sse", "queue", "db", "wire", "error", "auth"),
      "route", Set.of("sse", "wire", "error", "auth"),
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
    assertTrue(seen.containsAll(List.of("api", "route", "queue", "db", "wire", "error", "sse")), "scanned " + seen);
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

  /** The record of a {@code trellis_runs} row and the store that reads it: the only files that may map the table's columns. */
  private static final Set<String> RUN_ROW_MAPPERS = Set.of("queue/RunStore.java", "queue/RunRow.java");

  /**
   * The run row is one record: outside {@code RunStore} and {@code RunRow} no code reads a column only
   * {@code trellis_runs} has out of a result row ({@code row.get("attempt")}), and no other record or class
   * is built from such a row ({@code new RunRow(} is {@code RunRow}'s alone) or repeats it (a record with {@code runId} and three more of its fields).
   */
  @Test
  void onlyRunRowMapsTheRunsTableColumns() throws IOException {
    Set<String> runOnly = runOnlyColumns();
    assertTrue(runOnly.containsAll(Set.of("multitask_strategy", "attempt", "checkpoint_before", "lease_until")), "parsed " + runOnly);
    // a request body's fields share some names (multitask_strategy): reads from a body are not row mappings
    Pattern read = Pattern.compile("(\\w+)\\.get(?:String|Long|Int|Object)?\\(\"(" + String.join("|", runOnly) + ")\"\\)");
    Set<String> rowFields = recordComponents(Files.readString(Path.of("src/main/java/dev/trellis/server/queue/RunRow.java")), "RunRow");
    Pattern record = Pattern.compile("record (\\w+)\\(([^)]*)\\)");
    Path src = Path.of("src/main/java/dev/trellis/server");
    Set<String> outside = new TreeSet<>();
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String rel = src.relativize(f).toString().replace('\\', '/');
        String text = Files.readString(f);
        Matcher m = read.matcher(text);
        while (m.find()) {
          if (!RUN_ROW_MAPPERS.contains(rel) && !m.group(1).toLowerCase(java.util.Locale.ROOT).contains("body")) {
            outside.add(rel + " reads column " + m.group(2));
          }
        }
        if (text.contains("new RunRow(") && !rel.equals("queue/RunRow.java")) {
          outside.add(rel + " builds a RunRow (RunRow.pending or RunStore's reads make them)");
        }
        Matcher r = record.matcher(text);
        while (r.find()) {
          Set<String> shared = new TreeSet<>(recordComponents(r.group(0), r.group(1)));
          shared.retainAll(rowFields);
          if (!r.group(1).equals("RunRow") && shared.contains("runId") && shared.size() >= 4) {
            outside.add(rel + ": record " + r.group(1) + " repeats the run row's " + shared);
          }
        }
      }
    }
    assertEquals(List.of(), List.copyOf(outside));
  }

  /** The component names of record {@code name} declared in {@code source}. */
  private static Set<String> recordComponents(String source, String name) {
    Matcher m = Pattern.compile("record " + name + "\\(([^)]*)\\)").matcher(source);
    assertTrue(m.find(), "no record " + name);
    Set<String> out = new TreeSet<>();
    for (String component : m.group(1).replaceAll("<[^<>]*(<[^<>]*>)?[^<>]*>", "").split(",")) {
      String[] words = component.strip().split("\\s+");
      out.add(words[words.length - 1]);
    }
    return out;
  }

  /** The columns of {@code trellis_runs} that no other server table has, read from the schema's first migration. */
  private static Set<String> runOnlyColumns() throws IOException {
    String ddl = Files.readString(Path.of("src/main/resources/trellis-schema/server/sqlite/V1__server_tables.sql"));
    Matcher table = Pattern.compile("CREATE TABLE IF NOT EXISTS (\\w+) \\((.*?)\\);", Pattern.DOTALL).matcher(ddl);
    Map<String, Set<String>> columns = new java.util.HashMap<>();
    while (table.find()) {
      Set<String> cols = new TreeSet<>();
      // table constraints name columns in parentheses, not as their own definitions
      for (String def : table.group(2).replaceAll("(PRIMARY KEY|UNIQUE) \\([^)]*\\)", "").split(",")) {
        String name = def.strip().split("\\s+")[0];
        if (!name.isEmpty() && Character.isLowerCase(name.charAt(0))) {
          cols.add(name);
        }
      }
      columns.put(table.group(1), cols);
    }
    Set<String> runOnly = new TreeSet<>(columns.getOrDefault("trellis_runs", Set.of()));
    columns.forEach((name, cols) -> {
      if (!name.equals("trellis_runs")) {
        runOnly.removeAll(cols);
      }
    });
    return runOnly;
  }

  /** What a user of the server needs: builder and AppContext, what their own routes use, the auth SPI, the refusal. */
  private static final Set<String> EXPORTED = Set.of(ROOT, ROOT + ".route", ROOT + ".auth", ROOT + ".error");
  /** The public types of the exported packages, each one a user of the server names. */
  private static final Set<String> PUBLIC_TYPES = Set.of(
      // the server, its builder and providers, the application context and the run figures it reports
      "TrellisServer", "GraphFactory", "GraphProvider", "AppContext", "QueueDepth", "RunCounters",
      // an application's own routes
      "route.Routes", "route.Http",
      // the auth SPI; the refusal every layer throws and the HTTP layer's own, with a status
      "auth.Authenticator", "auth.Identity", "error.ServerException", "error.ApiException");

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

  @Test
  void theExportedPackagesHoldOnlyTheAllowedPublicTypes() throws IOException {
    Pattern publicType = Pattern.compile("(?m)^public\\s+(?:(?:final|abstract|sealed|non-sealed|static)\\s+)*"
        + "(?:class|interface|record|enum|@interface)\\s+(\\w+)");
    Set<String> found = new TreeSet<>();
    for (String pkg : EXPORTED) {
      Path dir = Path.of("src/main/java", pkg.replace('.', '/'));
      String prefix = pkg.equals(ROOT) ? "" : pkg.substring(ROOT.length() + 1) + ".";
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          Matcher m = publicType.matcher(Files.readString(f));
          if (m.find()) {
            found.add(prefix + m.group(1));
          }
        }
      }
    }
    assertEquals(new TreeSet<>(PUBLIC_TYPES), found);
  }

  /** The file that puts the caller's public ids into what goes out, and the one other exit (webhooks, sent by the worker). */
  private static final Set<String> ID_TRANSLATORS = Set.of("api/PublicIds.java", "queue/RunExecution.java");

  /**
   * Id aliasing is one component applied at one place on the way out: outside the database layer that
   * keeps the aliases, only {@code PublicIds} (every HTTP reply and stream) and the worker's webhook
   * name {@code IdNamespace}; only {@code PublicIds} sets the streamed bodies' text filter, which only
   * {@code Sse} applies; and no handler translates outgoing text itself.
   */
  @Test
  void idAliasingIsAppliedInOnePlaceOnTheWayOut() throws IOException {
    Path src = Path.of("src/main/java/dev/trellis/server");
    Set<String> outside = new TreeSet<>();
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String rel = src.relativize(f).toString().replace('\\', '/');
        String text = Files.readString(f);
        if (!rel.startsWith("db/") && text.contains("IdNamespace") && !ID_TRANSLATORS.contains(rel)) {
          outside.add(rel + " names IdNamespace");
        }
        if (text.contains("TEXT_FILTER") && !Set.of("api/PublicIds.java", "sse/Sse.java").contains(rel)) {
          outside.add(rel + " uses the streamed bodies' text filter");
        }
        if (text.contains("getOutputStream()") && !rel.equals("sse/Sse.java")) {
          outside.add(rel + " opens a response body without the text filter");
        }
      }
    }
    assertEquals(List.of(), List.copyOf(outside));
  }
}
