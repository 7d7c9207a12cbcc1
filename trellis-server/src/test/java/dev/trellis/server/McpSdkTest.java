package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code /mcp} driven by the official MCP TypeScript SDK ({@code @modelcontextprotocol/sdk}, npm,
 * pinned; src/test/js/mcp-sdk-test.mjs) over its streamable HTTP transport: a session from
 * initialize, tools listed and called, a call that interrupts answered as waiting for input and
 * resumed with its thread id, the session ended with DELETE and then refused.
 */
class McpSdkTest {
  @Test
  void theOfficialSdkListsCallsAndEndsASession() throws Exception {
    SdkClientTest.npmCi();
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      String out = SdkClientTest.node("mcp-sdk-test.mjs", "http://127.0.0.1:" + server.port());
      String line = out.lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b)
          .orElseThrow(() -> new AssertionError("no JSON line in:\n" + out));
      Map<?, ?> seen = (Map<?, ?>) HttpClientHelper.readJson(line);
      assertNotNull(seen.get("sessionId"), "the SDK kept the session id of initialize: " + line);
      assertEquals("2025-06-18", seen.get("version"));
      assertTrue(((List<?>) seen.get("tools")).containsAll(List.of("approval", "chain", "nested", "slow")), line);
      Map<?, ?> props = (Map<?, ?>) ((Map<?, ?>) seen.get("chainSchema")).get("properties");
      assertTrue(props.keySet().containsAll(List.of("count", "log")), line);
      Map<?, ?> call = (Map<?, ?>) seen.get("call");
      assertEquals(false, call.get("isError"), line);
      String text = (String) ((Map<?, ?>) ((List<?>) call.get("content")).getFirst()).get("text");
      assertEquals(10, ((Map<?, ?>) HttpClientHelper.readJson(text)).get("count"));
      Map<?, ?> approvalProps = (Map<?, ?>) ((Map<?, ?>) seen.get("approvalSchema")).get("properties");
      assertTrue(approvalProps.keySet().containsAll(List.of("topics", "thread_id", "resume")), line);
      Map<?, ?> paused = (Map<?, ?>) seen.get("paused");
      assertEquals(false, paused.get("isError"), line);
      Map<?, ?> waiting = (Map<?, ?>) paused.get("structuredContent");
      assertEquals("interrupted", waiting.get("status"), line);
      String thread = (String) waiting.get("thread_id");
      assertEquals("publish these notes?", ((Map<?, ?>) ((List<?>) waiting.get("interrupts")).getFirst()).get("value"));
      String pausedText = (String) ((Map<?, ?>) ((List<?>) paused.get("content")).getFirst()).get("text");
      assertTrue(pausedText.contains("Waiting for input") && pausedText.contains(thread)
          && pausedText.contains("publish these notes?"), pausedText);
      Map<?, ?> resumed = (Map<?, ?>) seen.get("resumed");
      assertEquals(false, resumed.get("isError"), line);
      Map<?, ?> values = (Map<?, ?>) HttpClientHelper.readJson(
          (String) ((Map<?, ?>) ((List<?>) resumed.get("content")).getFirst()).get("text"));
      assertEquals("yes", values.get("approved"), line);
      assertEquals(List.of("plan", "review", "publish"), values.get("log"), line);
      Map<?, ?> again = (Map<?, ?>) seen.get("resumedAgain");
      assertEquals(true, again.get("isError"), "a finished call's thread is gone: " + line);
      assertNull(seen.get("afterTerminate"), "terminateSession (DELETE /mcp) succeeded and dropped the id: " + line);
      Map<?, ?> stale = (Map<?, ?>) seen.get("staleError");
      assertNotNull(stale, "the ended session is refused: " + line);
      assertEquals(404, stale.get("code"), line);
    }
  }
}
