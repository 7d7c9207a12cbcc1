package dev.trellis.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.server.TrellisServer;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ApiKeyTest {
  @Test
  void aServerWithApiKeysAnswersOnlyAClientThatSendsOne() {
    try (TrellisServer server = TestGraphs.server("s3cret")) {
      String url = "http://127.0.0.1:" + server.port();
      TrellisApiException e = assertThrows(TrellisApiException.class, () -> TrellisClient.of(url).threads().create());
      assertEquals(401, e.status());
      TrellisClient wrong = TrellisClient.builder().url(url).apiKey("guess").build();
      assertEquals(401, assertThrows(TrellisApiException.class, () -> wrong.threads().create()).status());
      TrellisClient client = TrellisClient.builder().url(url).apiKey("s3cret").build();
      String tid = client.threads().create().threadId();
      assertEquals("Hello, Ada! (Trellis)",
          client.runs().wait(tid, RunRequest.of("hello", Map.of("name", "Ada"))).get("greeting"));
    }
  }
}
