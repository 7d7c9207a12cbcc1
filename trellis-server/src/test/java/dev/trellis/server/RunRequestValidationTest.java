package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every field of a run body is validated when the run is created: a bad one is a 422 whose
 * {@code detail} names it, and neither a run nor a thread exists afterwards — on a thread's
 * runs, on a thread created by {@code if_not_exists}, and on a stateless run.
 */
class RunRequestValidationTest {
  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("validation.db")).start();
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Stream<Arguments> badFields() {
    return Stream.of(
        Arguments.of("recursion_limit 0", Map.of("config", Map.of("recursion_limit", 0)), "config.recursion_limit"),
        Arguments.of("recursion_limit negative", Map.of("config", Map.of("recursion_limit", -5)), "config.recursion_limit"),
        Arguments.of("recursion_limit fractional", Map.of("config", Map.of("recursion_limit", 2.5)), "config.recursion_limit"),
        Arguments.of("recursion_limit text", Map.of("config", Map.of("recursion_limit", "3")), "config.recursion_limit"),
        Arguments.of("recursion_limit huge", Map.of("config", Map.of("recursion_limit", 10_000_000_000L)),
            "config.recursion_limit"),
        Arguments.of("config not an object", Map.of("config", List.of()), "\"config\""),
        Arguments.of("config breakpoints", Map.of("config", Map.of("interrupt_before", 4)), "config.interrupt_before"),
        Arguments.of("unknown stream mode", Map.of("stream_mode", "telepathy"), "telepathy"),
        Arguments.of("stream mode not a string", Map.of("stream_mode", List.of(1)), "stream_mode"),
        Arguments.of("unknown durability", Map.of("durability", "forever"), "durability"),
        Arguments.of("durability not a string", Map.of("durability", 3), "durability"),
        Arguments.of("command a string", Map.of("command", "resume"), "command"),
        Arguments.of("command empty", Map.of("command", Map.of()), "resume, update, goto"),
        Arguments.of("command goto a number", Map.of("command", Map.of("goto", 7)), "command.goto"),
        Arguments.of("command update pairs", Map.of("command", Map.of("update", List.of(List.of(1, 2)))), "command.update"),
        Arguments.of("command update a number", Map.of("command", Map.of("update", 5)), "command.update"),
        Arguments.of("interrupt_before unknown node", Map.of("interrupt_before", List.of("ghost")), "ghost"),
        Arguments.of("interrupt_after unknown node", Map.of("interrupt_after", List.of("n0", "phantom")), "phantom"),
        Arguments.of("interrupt_after not a list", Map.of("interrupt_after", 5), "interrupt_after"),
        Arguments.of("unknown multitask strategy", Map.of("multitask_strategy", "chaos"), "multitask_strategy"),
        Arguments.of("negative after_seconds", Map.of("after_seconds", -1), "after_seconds"),
        Arguments.of("flag not a boolean", Map.of("stream_subgraphs", "yes"), "stream_subgraphs"),
        Arguments.of("unknown on_disconnect", Map.of("on_disconnect", "explode"), "on_disconnect"),
        Arguments.of("unknown on_completion", Map.of("on_completion", "burn"), "on_completion"),
        Arguments.of("webhook not http", Map.of("webhook", "ftp://example.com"), "webhook"),
        Arguments.of("input a string", Map.of("input", "text"), "input"),
        Arguments.of("checkpoint_id a number", Map.of("checkpoint_id", 5), "checkpoint_id"),
        Arguments.of("metadata a string", Map.of("metadata", "x"), "metadata"),
        Arguments.of("context a number", Map.of("context", 3), "context"));
  }

  private static Map<String, Object> body(Map<String, ?> bad, Map<String, ?> more) {
    Map<String, Object> b = new LinkedHashMap<>(Map.of("assistant_id", "chain", "input", Map.of("count", 0)));
    b.putAll(more);
    b.putAll(bad);
    return b;
  }

  private static void refused(HttpClientHelper.Reply r, String culprit) {
    assertEquals(422, r.status(), r.text());
    assertTrue(String.valueOf(r.map().get("detail")).contains(culprit), "detail should name " + culprit + ": " + r.text());
    assertEquals("INVALID_REQUEST", r.map().get("code"), r.text());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badFields")
  void badFieldOnAThreadCreatesNoRun(String name, Map<String, ?> bad, String culprit) {
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    for (String route : List.of("/runs", "/runs/wait", "/runs/stream")) {
      refused(http.call("POST", "/threads/" + thread + route, body(bad, Map.of())), culprit);
    }
    assertEquals(List.of(), http.call("GET", "/threads/" + thread + "/runs", null).body());
    assertEquals("idle", http.call("GET", "/threads/" + thread, null).get("status"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badFields")
  void badFieldCreatesNoThread(String name, Map<String, ?> bad, String culprit) {
    String thread = UUID.randomUUID().toString();
    refused(http.call("POST", "/threads/" + thread + "/runs", body(bad, Map.of("if_not_exists", "create"))), culprit);
    assertEquals(404, http.call("GET", "/threads/" + thread, null).status());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badFields")
  void badFieldOnAStatelessRunCreatesNothing(String name, Map<String, ?> bad, String culprit) {
    Object before = http.call("POST", "/threads/count", Map.of()).body();
    refused(http.call("POST", "/runs/wait", body(bad, Map.of())), culprit);
    assertEquals(before, http.call("POST", "/threads/count", Map.of()).body());
  }

  @Test
  void anAssistantWithAZeroRecursionLimitIsRefused() {
    HttpClientHelper.Reply r = http.call("POST", "/assistants", Map.of("graph_id", "chain",
        "config", Map.of("recursion_limit", 0)));
    refused(r, "config.recursion_limit");
    String id = http.call("POST", "/assistants", Map.of("graph_id", "chain")).get("assistant_id");
    refused(http.call("PATCH", "/assistants/" + id, Map.of("config", Map.of("recursion_limit", -1))),
        "config.recursion_limit");
  }

  @Test
  void aCronWhosePayloadIsABadRunBodyIsRefusedOnCreateAndUpdate() {
    Object before = http.call("POST", "/runs/crons/count", Map.of()).body();
    refused(http.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "0 0 1 1 *",
        "config", Map.of("recursion_limit", 0))), "config.recursion_limit");
    assertEquals(before, http.call("POST", "/runs/crons/count", Map.of()).body());
    String cron = http.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "0 0 1 1 *"))
        .get("cron_id");
    refused(http.call("PATCH", "/runs/crons/" + cron, Map.of("stream_mode", "telepathy")), "telepathy");
    Map<?, ?> saved = (Map<?, ?>) http.call("POST", "/runs/crons/search", Map.of()).list().stream()
        .filter(c -> cron.equals(((Map<?, ?>) c).get("cron_id"))).findFirst().orElseThrow();
    assertTrue(saved.get("payload") instanceof Map<?, ?> p && !p.containsKey("stream_mode"), saved.toString());
  }

  @Test
  void aValidBodyStillRunsWithItsSettings() {
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs/wait", body(Map.of(),
        Map.of("config", Map.of("recursion_limit", 3), "durability", "exit", "stream_mode", List.of("values", "updates"))));
    assertEquals(200, r.status(), r.text());
    assertTrue(String.valueOf(r.map().get("__error__")).contains("recursion limit of 3"), r.text());
    HttpClientHelper.Reply stopped = http.call("POST", "/threads/" + thread + "/runs/wait",
        body(Map.of(), Map.of("interrupt_before", List.of("n1"))));
    assertEquals(200, stopped.status(), stopped.text());
    assertEquals("interrupted", http.call("GET", "/threads/" + thread, null).get("status"));
  }
}
