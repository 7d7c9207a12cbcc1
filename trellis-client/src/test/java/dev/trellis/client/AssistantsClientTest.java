package dev.trellis.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AssistantsClientTest extends ServedTest {
  @Test
  void eachGraphHasADefaultAssistantFoundByGraphId() {
    Assistant a = client.assistants().get("hello");
    assertEquals("hello", a.graphId());
    assertEquals(a.assistantId(), client.assistants().get(a.assistantId()).assistantId());
  }

  @Test
  void anUpdatedAssistantGetsANewVersionAndCanGoBack() {
    Assistant a = client.assistants().create("hello", Map.of("name", "greeter", "metadata", Map.of("team", "docs")));
    assertEquals(1, a.version());
    Assistant b = client.assistants().update(a.assistantId(), Map.of("name", "greeter-2"));
    assertEquals(2, b.version());
    assertEquals("greeter-2", client.assistants().get(a.assistantId()).name());
    List<Assistant> versions = client.assistants().versions(a.assistantId(), Map.of());
    assertEquals(List.of(2, 1), versions.stream().map(Assistant::version).toList());
    client.assistants().setLatest(a.assistantId(), 1);
    assertEquals("greeter", client.assistants().get(a.assistantId()).name());
  }

  @Test
  void searchAndCountMatchMetadata() {
    Assistant a = client.assistants().create("approval", Map.of("metadata", Map.of("team", "legal")));
    List<Assistant> found = client.assistants().search(Map.of("metadata", Map.of("team", "legal")));
    assertEquals(List.of(a.assistantId()), found.stream().map(Assistant::assistantId).toList());
    assertEquals(1, client.assistants().count(Map.of("metadata", Map.of("team", "legal"))));
  }

  @Test
  void aDeletedAssistantIsNotFoundWithTheServersCode() {
    Assistant a = client.assistants().create("hello");
    client.assistants().delete(a.assistantId());
    TrellisApiException e = assertThrows(TrellisApiException.class, () -> client.assistants().get(a.assistantId()));
    assertEquals(404, e.status());
    assertEquals("NOT_FOUND", e.code());
    assertTrue(e.detail().contains(a.assistantId()), e.detail());
  }

  @Test
  void theGraphAndItsSchemasDescribeItsNodes() {
    Map<String, Object> graph = client.assistants().graph("hello", false);
    String nodes = String.valueOf(graph.get("nodes"));
    assertTrue(nodes.contains("greet") && nodes.contains("sign"), nodes);
    Map<String, Object> schemas = client.assistants().schemas("hello");
    assertTrue(String.valueOf(schemas.get("state_schema")).contains("greeting"), String.valueOf(schemas));
  }
}
