package dev.trellis.cli.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The published schema (docs/trellis.schema.json) and the reader know the same fields. */
class ConfigSchemaTest {
  private static final JsonNode SCHEMA = schema();

  private static JsonNode schema() {
    String r = System.getProperty("trellis.root");
    Path root = r != null ? Path.of(r) : Path.of("..").toAbsolutePath().normalize();
    try {
      return new ObjectMapper().readTree(root.resolve("docs/trellis.schema.json").toFile());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Set<String> fields(JsonNode object) {
    Set<String> out = new TreeSet<>();
    object.get("properties").fieldNames().forEachRemaining(out::add);
    return out;
  }

  @Test
  void topLevelFieldsMatch() {
    assertEquals(new TreeSet<>(ConfigReader.TOP), fields(SCHEMA));
  }

  @Test
  void nestedFieldsMatch() {
    JsonNode p = SCHEMA.get("properties");
    assertEquals(new TreeSet<>(ConfigReader.STORE), fields(p.get("store")));
    assertEquals(new TreeSet<>(ConfigReader.INDEX), fields(p.get("store").get("properties").get("index")));
    assertEquals(new TreeSet<>(ConfigReader.STORE_TTL), fields(p.get("store").get("properties").get("ttl")));
    assertEquals(new TreeSet<>(ConfigReader.AUTH), fields(p.get("auth")));
    assertEquals(new TreeSet<>(ConfigReader.CHECKPOINTER), fields(p.get("checkpointer")));
    assertEquals(new TreeSet<>(ConfigReader.WEBHOOKS), fields(p.get("webhooks")));
    assertEquals(new TreeSet<>(ConfigReader.GRAPH), fields(p.get("graphs").get("additionalProperties").get("oneOf").get(1)));
    JsonNode mcp = p.get("mcp_servers").get("additionalProperties").get("oneOf");
    assertEquals(new TreeSet<>(ConfigReader.MCP_STDIO), fields(mcp.get(0)));
    assertEquals(new TreeSet<>(ConfigReader.MCP_HTTP), fields(mcp.get(1)));
  }

  @Test
  void everyObjectRefusesUnknownFields() {
    JsonNode p = SCHEMA.get("properties");
    for (JsonNode o : new JsonNode[] {SCHEMA, p.get("store"), p.get("store").get("properties").get("index"),
        p.get("store").get("properties").get("ttl"), p.get("auth"),
        p.get("checkpointer"), p.get("webhooks")}) {
      assertEquals(false, o.get("additionalProperties").asBoolean(true));
    }
  }
}
