package dev.trellis.cli.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code trellis.json} is read once at start; every bad field is reported by name, all at once. */
class ConfigReaderTest {
  @TempDir
  Path dir;

  private TrellisConfig read(String json) throws IOException {
    Path file = dir.resolve("trellis.json");
    Files.writeString(file, json);
    return TrellisConfig.read(file);
  }

  private List<String> problems(String json) {
    return assertThrows(ConfigException.class, () -> read(json)).problems();
  }

  @Test
  void readsEveryFieldWithPathsRelativeToTheFile() throws IOException {
    Files.writeString(dir.resolve(".env"), "# model\nexport MODEL_URL=\"http://localhost:11434/v1\"\nTEMPERATURE=0\n");
    TrellisConfig c = read("""
        {"$schema": "../docs/trellis.schema.json",
         "graphs": {"support": "com.acme.Graphs#support", "triage": "com.acme.TriageProvider", "flow": "graphs/flow.json"},
         "graph_dirs": ["more"], "discover_providers": true,
         "dependencies": ["lib/*", "."], "env": ".env",
         "store": {"index": {"embed": "hashing", "dims": 64, "fields": ["text"]},
                   "ttl": {"default_ttl": 1440, "refresh_on_read": false, "sweep_interval_minutes": 5}},
         "auth": {"api_keys": {"k1": "alice"}},
         "checkpointer": {"sqlite": "data/app.db"}, "thread_ttl_minutes": 1.5}""");
    assertEquals(List.of("support", "triage", "flow"), List.copyOf(c.graphs().keySet()));
    assertEquals("com.acme.Graphs#support", c.graphs().get("support"));
    assertEquals(List.of("more"), c.graphDirs());
    assertTrue(c.discoverProviders());
    assertEquals(List.of("lib/*", "."), c.dependencies());
    assertEquals(Map.of("MODEL_URL", "http://localhost:11434/v1", "TEMPERATURE", "0"), c.env());
    assertEquals(new TrellisConfig.StoreIndex("hashing", 64, List.of("text")), c.index());
    assertEquals(Map.of("k1", "alice"), c.auth().apiKeys());
    assertEquals(dir.resolve("data/app.db").toAbsolutePath().normalize(), c.checkpointer().sqlite());
    assertNull(c.checkpointer().postgres());
    assertEquals(java.time.Duration.ofSeconds(90), c.threadTtl());
    assertEquals(new dev.trellis.checkpoint.store.StoreTtl(java.time.Duration.ofDays(1), false,
        java.time.Duration.ofMinutes(5)), c.storeTtl());
  }

  @Test
  void withoutStoreTtlTheStoreKeepsItsDefaults() throws IOException {
    assertEquals(dev.trellis.checkpoint.store.StoreTtl.DEFAULT, read("{\"graphs\": {\"a\": \"x.A\"}}").storeTtl());
  }

  @Test
  void badStoreTtlFieldsAreNamed() {
    List<String> p = problems("{\"graphs\": {\"a\": \"x.A\"}, \"store\": {\"ttl\": {\"default_ttl\": 0,"
        + " \"refresh_on_read\": \"yes\", \"sweep_interval_minutes\": -1, \"defaultTtl\": 5}}}");
    assertTrue(p.contains("store.ttl.default_ttl: must be a positive number of minutes, got 0"), p.toString());
    assertTrue(p.contains("store.ttl.refresh_on_read: must be true or false, got \"yes\""), p.toString());
    assertTrue(p.contains("store.ttl.sweep_interval_minutes: must be a positive number of minutes, got -1"), p.toString());
    assertTrue(p.stream().anyMatch(x -> x.startsWith("store.ttl.defaultTtl: unknown field")), p.toString());
  }

  @Test
  void unknownFieldsAreNamedWithTheKnownOnes() {
    List<String> p = problems("{\"graphs\": {\"a\": \"x.A\"}, \"grpahs\": {}, \"store\": {\"idx\": {}}}");
    assertTrue(p.get(0).startsWith("grpahs: unknown field (known: $schema, auth, checkpointer"), p.toString());
    assertTrue(p.get(1).startsWith("store.idx: unknown field (known: index, ttl)"), p.toString());
  }

  @Test
  void everyBadFieldIsReportedAtOnce() {
    List<String> p = problems("""
        {"graphs": {"ok": "com.acme.A#b", "bad id": "com.acme.B", "num": 3, "path": "graphs/flow.yaml"},
         "dependencies": ["lib", 7],
         "store": {"index": {"embed": "openai:text-embedding-3-small", "dims": -1}},
         "auth": {"api_keys": {"k": "alice"}, "authenticator": "com.acme.Auth"},
         "checkpointer": {"postgres": "postgres://localhost/db"}, "thread_ttl_minutes": 0}""");
    assertEquals(List.of(
        "graphs.bad id: a graph id may hold letters, digits, '_', '.' and '-' only",
        "graphs.num: must be \"pkg.Class#method\", \"pkg.ProviderClass\" or a path to a *.json graph, got 3",
        "graphs.path: \"graphs/flow.yaml\" is neither a Java name (pkg.Class or pkg.Class#method) nor a *.json graph file",
        "dependencies[1]: must be a non-empty string, got 7",
        "store.index.embed: must be \"hashing\" or an Embeddings class (pkg.Class or pkg.Class#method), got \"openai:text-embedding-3-small\"",
        "store.index.dims: must be a positive integer, got -1",
        "auth: set exactly one of api_keys and authenticator",
        "checkpointer.postgres: must be a JDBC URL starting jdbc:postgresql:, got \"postgres://localhost/db\"",
        "thread_ttl_minutes: must be a positive number of minutes, got 0"), p);
  }

  @Test
  void theMessageNamesTheFileAndEachProblem() throws IOException {
    Path file = dir.resolve("trellis.json");
    Files.writeString(file, "{\"graphs\": {\"a\": \"x.A\"}, \"checkpointer\": {}}");
    ConfigException e = assertThrows(ConfigException.class, () -> TrellisConfig.read(file));
    assertEquals(file + " is invalid:\n"
        + "  - checkpointer: set exactly one of sqlite (a file) and postgres (a JDBC URL)", e.getMessage());
  }

  @Test
  void aConfigServingNothingIsRefused() {
    assertEquals(List.of("graphs: name at least one graph (or set graph_dirs or discover_providers)"), problems("{}"));
  }

  @Test
  void brokenJsonNamesLineAndColumn() {
    List<String> p = problems("{\n  \"graphs\": {\"a\": \"x.A\",}\n}");
    assertEquals(1, p.size());
    assertTrue(p.get(0).startsWith("not JSON: ") && p.get(0).contains("at line 2, column"), p.toString());
  }

  @Test
  void aMissingFileIsNamed() {
    ConfigException e = assertThrows(ConfigException.class, () -> TrellisConfig.read(dir.resolve("nope.json")));
    assertEquals(List.of("no such file"), e.problems());
    assertTrue(e.getMessage().startsWith(dir.resolve("nope.json").toString()));
  }

  @Test
  void anEnvFileLineThatIsNotAnAssignmentIsNamed() throws IOException {
    Files.writeString(dir.resolve("app.env"), "A=1\nthis is not\n");
    List<String> p = problems("{\"graphs\": {\"a\": \"x.A\"}, \"env\": \"app.env\"}");
    assertEquals(List.of("env: " + dir.resolve("app.env") + ": line 2 is not NAME=value: this is not"), p);
  }

  @Test
  void inlineEnvAndPostgresAreRead() throws IOException {
    TrellisConfig c = read("""
        {"graphs": {"a": "x.A"}, "env": {"RETRIES": 3, "MODE": "offline"},
         "checkpointer": {"postgres": "jdbc:postgresql://db/app?user=u"},
         "auth": {"authenticator": "com.acme.Auth"}}""");
    assertEquals(Map.of("RETRIES", "3", "MODE", "offline"), c.env());
    assertEquals("jdbc:postgresql://db/app?user=u", c.checkpointer().postgres());
    assertEquals("com.acme.Auth", c.auth().authenticator());
  }
}
