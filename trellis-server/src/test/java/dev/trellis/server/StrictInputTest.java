package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Request bodies are read strictly (one JSON value, valid UTF-8), null fields count as absent,
 * ranges are checked before anything is written, error echoes are bounded, and a graph's
 * system assistant can be versioned but not deleted or repointed.
 */
class StrictInputTest {
  static TrellisServer server;
  static HttpClientHelper http;
  static String thread;

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("strict.db")).start();
    http = new HttpClientHelper(server);
    thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "chain", "input", Map.of("log", List.of("a"))));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Map<String, Object> nulls(Object... kv) {
    Map<String, Object> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  static void refused(HttpClientHelper.Reply r, String detailPart) {
    assertEquals(422, r.status(), r.text());
    assertTrue(String.valueOf(r.map().get("detail")).contains(detailPart), r.text());
  }

  int runCount() {
    return http.call("GET", "/threads/" + thread + "/runs?limit=1000", null).list().size();
  }

  @Test
  void nullOptionalFieldsCountAsAbsent() {
    assertEquals(200, http.call("POST", "/runs/crons", nulls("assistant_id", "chain", "schedule", "0 0 1 1 *",
        "on_run_completed", null, "end_time", null, "enabled", null, "timezone", null, "metadata", null)).status());
    HttpClientHelper.Reply a = http.call("POST", "/assistants", nulls("graph_id", "chain", "if_exists", null, "name", null,
        "config", null, "metadata", null, "assistant_id", null));
    assertEquals(200, a.status(), a.text());
    assertEquals("chain", a.get("name"));
    assertEquals(200, http.call("POST", "/threads", nulls("thread_id", null, "if_exists", null, "metadata", null,
        "ttl", null, "supersteps", null)).status());
    HttpClientHelper.Reply run = http.call("POST", "/threads/" + thread + "/runs/wait", nulls("assistant_id", "chain",
        "input", Map.of("log", List.of("n")), "config", null, "stream_mode", null, "multitask_strategy", null,
        "after_seconds", null, "on_completion", null, "if_not_exists", null, "checkpoint_id", null, "webhook", null));
    assertEquals(200, run.status(), run.text());
    assertEquals(200, http.call("POST", "/threads/search", nulls("metadata", null, "status", null, "limit", null)).status());
    assertEquals(200, http.call("POST", "/assistants/search", nulls("graph_id", null, "limit", null)).status());
  }

  @Test
  void trailingGarbageAfterTheJsonIsRefusedAndChangesNothing() {
    Object before = http.call("GET", "/threads/" + thread + "/state", null).body();
    refused(http.raw("POST", "/threads/" + thread + "/state", "{\"values\":{\"count\":99},\"as_node\":\"n9\"} }}}not json",
        "application/json"), "malformed JSON");
    refused(http.raw("POST", "/threads", "{} {}", "application/json"), "malformed JSON");
    assertEquals(before, http.call("GET", "/threads/" + thread + "/state", null).body());
  }

  @Test
  void invalidUtf8IsRefused() {
    byte[] head = "{\"metadata\": {\"name\": \"".getBytes(StandardCharsets.UTF_8);
    byte[] bad = {(byte) 0xC0, (byte) 0xAE, (byte) 0xFF};
    byte[] tail = "\"}}".getBytes(StandardCharsets.UTF_8);
    byte[] body = new byte[head.length + bad.length + tail.length];
    System.arraycopy(head, 0, body, 0, head.length);
    System.arraycopy(bad, 0, body, head.length, bad.length);
    System.arraycopy(tail, 0, body, head.length + bad.length, tail.length);
    RawHttp.Reply r = RawHttp.send(server.port(), "POST /threads HTTP/1.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: " + body.length, body);
    assertEquals(422, r.status(), r.body());
    assertTrue(r.body().contains("UTF-8"), r.body());
  }

  @Test
  void outOfRangeRunFieldsAreRefusedBeforeARunExists() {
    int before = runCount();
    String runs = "/threads/" + thread + "/runs";
    refused(http.raw("POST", runs, "{\"assistant_id\":\"chain\",\"on_completion\":1e-400}", "application/json"), "on_completion");
    refused(http.call("POST", runs, Map.of("assistant_id", "chain", "config", Map.of("recursion_limit", -1))), "recursion_limit");
    refused(http.call("POST", runs, Map.of("assistant_id", "chain", "config", Map.of("recursion_limit", 0))), "recursion_limit");
    refused(http.call("POST", runs, Map.of("assistant_id", "chain", "config", Map.of("recursion_limit", 2.5))), "recursion_limit");
    for (String after : List.of("1e300", "9.3e15", "-1e300", "-1")) {
      refused(http.raw("POST", runs, "{\"assistant_id\":\"chain\",\"after_seconds\":" + after + "}", "application/json"),
          "after_seconds");
    }
    refused(http.call("POST", runs, Map.of("assistant_id", "chain", "if_not_exists", "maybe")), "if_not_exists");
    refused(http.call("POST", "/threads", Map.of("if_exists", "sometimes")), "if_exists");
    assertEquals(before, runCount(), "a refused run was created");
    assertEquals("idle", http.call("GET", "/threads/" + thread, null).get("status"));
  }

  @Test
  void aCronWithABadEndTimeIsRefused() {
    refused(http.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "* * * * *",
        "end_time", "not-a-date")), "end_time");
    refused(http.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "* * * * *",
        "on_run_completed", "archive")), "on_run_completed");
  }

  @Test
  void errorMessagesEchoHugeInputsOnlyInPart() {
    String huge = "x".repeat(1_000_000);
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs", Map.of("assistant_id", huge));
    assertEquals(404, r.status());
    assertTrue(r.text().length() < 2_000, "a " + r.text().length() + "-character error body");
    assertTrue(r.get("detail").contains("characters)"), r.text());
    HttpClientHelper.Reply uuid = http.call("POST", "/threads", Map.of("thread_id", huge));
    assertEquals(422, uuid.status());
    assertTrue(uuid.text().length() < 2_000, "a " + uuid.text().length() + "-character error body");
  }

  @Test
  void systemAssistantsGetVersionsButAreNeitherDeletedNorRepointed() {
    HttpClientHelper.Reply del = http.call("DELETE", "/assistants/approval", null);
    assertEquals(409, del.status(), del.text());
    assertTrue(del.get("detail").contains("system assistant"), del.text());
    HttpClientHelper.Reply repoint = http.call("PATCH", "/assistants/chain", Map.of("graph_id", "approval"));
    assertEquals(422, repoint.status(), repoint.text());
    assertEquals("chain", http.call("GET", "/assistants/chain", null).get("graph_id"));
    HttpClientHelper.Reply versioned = http.call("PATCH", "/assistants/slow", Map.of("metadata", Map.of("tuned", true)));
    assertEquals(200, versioned.status(), versioned.text());
    assertEquals(2, ((Number) versioned.map().get("version")).intValue());
    assertEquals(200, http.call("GET", "/assistants/approval", null).status());
  }
}
