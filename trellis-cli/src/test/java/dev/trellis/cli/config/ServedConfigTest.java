package dev.trellis.cli.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each kind of graph source a trellis.json names is served over HTTP by a real server on port 0. */
class ServedConfigTest {
  @TempDir
  Path dir;

  private TrellisServer serve(String json) throws IOException {
    Path file = dir.resolve("trellis.json");
    Files.writeString(file, json);
    TrellisConfig c = TrellisConfig.read(file);
    ServedGraphs served = ServedGraphs.resolve(c, Dependencies.of(c, "t").loader(getClass().getClassLoader()), "t");
    return served.applyTo(TrellisServer.builder().host("127.0.0.1").port(0).sqlite(dir.resolve("t.db"))).start();
  }

  @Test
  void factoryMethodsProvidersAndJsonGraphsAreServedUnderTheirIds() throws IOException {
    Files.createDirectories(dir.resolve("graphs"));
    Files.writeString(dir.resolve("graphs/echo.json"), """
        {"channels": {"log": {"reducer": "append"}},
         "nodes": {"a": {"ops": [{"append": {"log": "a"}}]}},
         "edges": [["__start__", "a"], ["a", "__end__"]]}""");
    try (TrellisServer server = serve("""
        {"graphs": {"hello": "dev.trellis.cli.config.fixtures.Greetings#hello",
                    "formal": "dev.trellis.cli.config.fixtures.Greetings#formal",
                    "casual": "dev.trellis.cli.config.fixtures.Greetings#casual",
                    "greeter": "dev.trellis.cli.config.fixtures.GreetingProvider",
                    "echo": "graphs/echo.json"}}""")) {
      Http http = new Http(server.port());
      assertEquals("hello, Ada", http.runWait("hello", Map.of("name", "Ada")).get("greeting"));
      assertEquals("good day, Ada", http.runWait("formal", Map.of("name", "Ada")).get("greeting"));
      assertEquals("hey, Ada", http.runWait("casual", Map.of("name", "Ada")).get("greeting"));
      assertEquals("hi, Ada", http.runWait("greeter", Map.of("name", "Ada")).get("greeting"));
      assertEquals(List.of("a"), http.runWait("echo", Map.of()).get("log"));
      assertEquals("pong", http.send("GET", "/greetings/ping", null).text());
    }
  }

  @Test
  void aJsonGraphsCachedNodeIsKeptInTheServersNodeCache() throws Exception {
    Files.createDirectories(dir.resolve("graphs"));
    Files.writeString(dir.resolve("graphs/cached.json"), """
        {"channels": {"log": {"reducer": "append"}},
         "nodes": {"a": {"ops": [{"append": {"log": "a"}}], "cache": {"ttl": null}}},
         "edges": [["__start__", "a"], ["a", "__end__"]]}""");
    try (TrellisServer server = serve("""
        {"graphs": {"cached": "graphs/cached.json"}}""")) {
      Http http = new Http(server.port());
      assertEquals(List.of("a"), http.runWait("cached", Map.of()).get("log"));
      assertEquals(List.of("a"), http.runWait("cached", Map.of()).get("log"));
    }
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("t.db"));
         java.sql.ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM node_cache")) {
      rs.next();
      assertEquals(1, rs.getInt(1), "one entry: node a for the one input both runs gave it");
    }
  }

  @Test
  void apiKeysGuardTheServer() throws IOException {
    try (TrellisServer server = serve("""
        {"graphs": {"hello": "dev.trellis.cli.config.fixtures.Greetings#hello"},
         "auth": {"api_keys": {"s3cret": "alice"}}}""")) {
      Http http = new Http(server.port());
      assertEquals(401, http.send("POST", "/runs/wait", Map.of("assistant_id", "hello", "input", Map.of())).status());
      assertEquals("hello, Bo", http.with("x-api-key", "s3cret").runWait("hello", Map.of("name", "Bo")).get("greeting"));
    }
  }

  @Test
  void anAuthenticatorClassDecidesWhoCalls() throws IOException {
    try (TrellisServer server = serve("""
        {"graphs": {"hello": "dev.trellis.cli.config.fixtures.Greetings#hello"},
         "auth": {"authenticator": "dev.trellis.cli.config.fixtures.HeaderAuth"}}""")) {
      Http http = new Http(server.port());
      assertEquals(401, http.send("POST", "/threads", Map.of()).status());
      assertEquals(200, http.with("x-user", "carol").send("POST", "/threads", Map.of()).status());
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void theStoreIndexUsesTheNamedEmbedder() throws IOException {
    try (TrellisServer server = serve("""
        {"graphs": {"hello": "dev.trellis.cli.config.fixtures.Greetings#hello"},
         "store": {"index": {"embed": "dev.trellis.cli.config.fixtures.ShortEmbeddings", "dims": 3, "fields": ["text"]}}}""")) {
      Http http = new Http(server.port());
      assertEquals(204, http.send("PUT", "/store/items", Map.of("namespace", List.of("docs"), "key", "long",
          "value", Map.of("text", "a banana and a papaya"))).status());
      assertEquals(204, http.send("PUT", "/store/items", Map.of("namespace", List.of("docs"), "key", "short",
          "value", Map.of("text", "kiwi"))).status());
      // Letter-count vectors: "plum" is nearest to "kiwi" (no a's, four letters).
      Map<String, Object> found = (Map<String, Object>) http.send("POST", "/store/items/search",
          Map.of("namespace_prefix", List.of("docs"), "query", "plum", "limit", 1)).json();
      assertEquals("short", ((Map<String, Object>) ((List<Object>) found.get("items")).getFirst()).get("key"));
    }
  }
}
