package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code /assistants/search}'s metadata filter means PostgreSQL's {@code jsonb @>}, as LangGraph's server answers it. */
class AssistantMetadataFilterTest {
  static List<Object> found(HttpClientHelper http, Map<String, Object> metadata) {
    return http.call("POST", "/assistants/search", Map.of("graph_id", "chain", "metadata", metadata)).list().stream()
        .map(a -> ((Map<?, ?>) a).get("name")).map(Object.class::cast).toList();
  }

  @Test
  void aMetadataFilterMatchesListItemsAndNestedKeysByContainment() {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      http.call("POST", "/assistants", Map.of("graph_id", "chain", "name", "tagged",
          "metadata", Map.of("tags", List.of("a", "b"), "team", Map.of("name", "x", "size", 3))));
      http.call("POST", "/assistants", Map.of("graph_id", "chain", "name", "plain", "metadata", Map.of("tags", List.of("c"))));
      assertEquals(List.of("tagged"), found(http, Map.of("tags", List.of("a"))), "a list holding the item");
      assertEquals(List.of("tagged"), found(http, Map.of("tags", List.of("b", "a"))), "in any order");
      assertEquals(List.of("plain"), found(http, Map.of("tags", List.of("c"))));
      assertEquals(List.of(), found(http, Map.of("tags", List.of("a", "c"))), "every item must be held");
      assertEquals(List.of("tagged"), found(http, Map.of("team", Map.of("name", "x"))), "a nested object's keys");
      assertEquals(List.of("tagged"), found(http, Map.of("team", Map.of("size", 3.0))), "numbers by value");
      assertEquals(List.of(), found(http, Map.of("team", "x")), "an object is no scalar");
    }
  }
}
