package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.auth.Authenticator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fuzz corpus: the requests the fuzzer and the cross-user probe found faults with, plus every
 * route given every run/search field set to each hostile value, replayed against a real server
 * with auth on. None may get a 5xx, and every error must be {@code {"detail": "..."}} JSON.
 */
class FuzzCorpusTest {
  static final String[] HOSTILE = {"null", "1e-400", "-1", "1e300", "\"\"", "[]", "{}", "\"not-a-date\"",
      "{\"a'\\\"\": {\"b\": [1, {\"c\": null}]}}"};
  static final String[] FIELDS = {"assistant_id", "thread_id", "input", "command", "config", "context", "metadata",
      "stream_mode", "stream_subgraphs", "stream_resumable", "interrupt_before", "interrupt_after", "checkpoint_id",
      "checkpoint", "multitask_strategy", "if_not_exists", "if_exists", "on_disconnect", "on_completion", "after_seconds",
      "webhook", "durability", "checkpoint_during", "values", "as_node", "status", "ids", "limit", "offset", "sort_by",
      "sort_order", "select", "schedule", "end_time", "enabled", "on_run_completed", "timezone", "graph_id", "name",
      "description", "ttl", "supersteps", "before", "namespace", "key", "value", "query", "filter", "prefix", "suffix",
      "max_depth", "version", "run_ids"};

  record Probe(String method, String path, String body) {}

  final List<String> failures = new ArrayList<>();

  void check(HttpClientHelper http, Probe p) {
    HttpClientHelper.Reply r = http.raw(p.method(), p.path(), p.body(), "application/json");
    String where = p.method() + " " + p.path() + " " + (p.body() == null ? "" : p.body().substring(0, Math.min(120,
        p.body().length())));
    if (r.status() >= 500) {
      failures.add(where + " → " + r.status() + " " + r.text());
    } else if (r.status() >= 400 && !(r.body() instanceof Map<?, ?> m && m.get("detail") instanceof String)) {
      failures.add(where + " → " + r.status() + " without a JSON detail: " + r.text());
    }
  }

  void checkRaw(int port, String head, byte[] body) {
    RawHttp.Reply r = RawHttp.send(port, head, body);
    boolean json = r.contentType().startsWith("application/json") && r.body().contains("\"detail\"");
    if (r.status() >= 500 || (r.status() >= 400 && !json)) {
      failures.add(head.replace("\r\n", " | ") + " → " + r.status() + " " + r.contentType() + " " + r.body());
    }
  }

  @Test
  void noRequestOfTheCorpusGetsA5xxOrANonJsonError() {
    java.nio.file.Path dir = TestServers.tempDir();
    try (TrellisServer server = TestServers.builder().sqlite(dir.resolve("fuzz.db"))
        .maxStateBytes(256 * 1024).authenticator(Authenticator.apiKeys(Map.of("a", "alice", "b", "bob"))).start()) {
      HttpClientHelper alice = new HttpClientHelper(server).as("a");
      HttpClientHelper bob = new HttpClientHelper(server).as("b");
      String t = alice.call("POST", "/threads", Map.of()).get("thread_id");
      alice.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "chain"));
      String run = (String) ((Map<?, ?>) alice.call("GET", "/threads/" + t + "/runs", null).list().getFirst()).get("run_id");
      String assistant = alice.call("POST", "/assistants", Map.of("graph_id", "chain")).get("assistant_id");
      String cron = alice.call("POST", "/runs/crons", Map.of("assistant_id", "chain", "schedule", "0 0 1 1 *")).get("cron_id");

      List<Probe> corpus = new ArrayList<>(List.of(
          new Probe("POST", "/runs/crons", "{\"assistant_id\":\"chain\",\"schedule\":\"0 0 1 1 *\",\"on_run_completed\":null}"),
          new Probe("POST", "/assistants", "{\"graph_id\":\"chain\",\"if_exists\":null}"),
          new Probe("POST", "/runs/crons", "{\"assistant_id\":\"chain\",\"schedule\":\"* * * * *\",\"end_time\":\"not-a-date\"}"),
          new Probe("POST", "/threads/" + t + "/state", "{\"values\":{\"count\":99},\"as_node\":\"n9\"} }}}not json"),
          new Probe("POST", "/threads/" + t + "/runs", "{\"assistant_id\":\"chain\",\"on_completion\":1e-400}"),
          new Probe("POST", "/threads/" + t + "/runs", "{\"assistant_id\":\"chain\",\"config\":{\"recursion_limit\":-1}}"),
          new Probe("POST", "/threads/" + t + "/runs", "{\"assistant_id\":\"chain\",\"config\":{\"recursion_limit\":0}}"),
          new Probe("POST", "/threads/" + t + "/runs", "{\"assistant_id\":\"chain\",\"after_seconds\":1e300}"),
          new Probe("POST", "/threads/" + t + "/runs", "{\"assistant_id\":\"chain\",\"after_seconds\":9.3e15}"),
          new Probe("POST", "/threads/" + t + "/runs", "{\"assistant_id\":\"chain\",\"after_seconds\":-1e300}"),
          new Probe("POST", "/threads/" + t + "/runs", "{\"assistant_id\":\"" + "a".repeat(5_000_000) + "\"}"),
          new Probe("DELETE", "/assistants/approval", null),
          new Probe("PATCH", "/assistants/chain", "{\"graph_id\":\"approval\"}"),
          new Probe("POST", "/threads/" + t + "/runs/wait", "{\"assistant_id\":\"chain\",\"input\":{\"log\":[\""
              + "x".repeat(300_000) + "\"]}}"),
          new Probe("POST", "/threads/" + t + "/state", "{\"values\":{\"log\":[\"" + "x".repeat(300_000) + "\"]}}"),
          new Probe("GET", "/threads/" + t + "/history?limit=abc", null),
          new Probe("GET", "/threads/" + t + "/history?limit=100000", null),
          new Probe("GET", "/threads/" + t + "/runs?limit=abc", null),
          new Probe("GET", "/threads/" + t + "/runs/" + run + "/stream?stream_mode=%5B1", null),
          new Probe("GET", "/assistants/chain/graph?xray=maybe", null),
          new Probe("POST", "/threads/search", "{\"metadata\":{\"a'b\":1}}"),
          new Probe("POST", "/threads/search", "{\"metadata\":{\"x\":[1,[2],{\"y\":null}]},\"values\":{\"n\":2.5}}"),
          new Probe("POST", "/threads/search", "{\"sort_by\":\"metadata\"}"),
          new Probe("POST", "/runs/batch", "{\"not\":\"a list\"}"),
          new Probe("POST", "/runs/batch", "[1, null, {\"assistant_id\":null}]"),
          new Probe("PATCH", "/runs/crons/" + cron, "{\"end_time\":\"yesterday\"}"),
          new Probe("PATCH", "/runs/crons/" + cron, "{\"schedule\":null,\"enabled\":\"yes\"}")));
      for (String path : List.of("/threads", "/threads/search", "/threads/count", "/assistants", "/assistants/search",
          "/assistants/count", "/threads/" + t + "/runs", "/threads/" + t + "/runs/wait", "/threads/" + t + "/state",
          "/threads/" + t + "/history", "/threads/" + t + "/copy", "/runs", "/runs/wait", "/runs/crons", "/runs/crons/search",
          "/runs/cancel", "/store/items/search", "/store/namespaces", "/assistants/" + assistant + "/versions",
          "/assistants/" + assistant + "/latest", "/threads/" + t + "/runs/crons")) {
        for (String field : FIELDS) {
          for (String value : HOSTILE) {
            // An assistant no one has: every field is still checked (before the assistant is looked up), but
            // requests that pass end in a 404 rather than thousands of runs growing one thread's state.
            String json = "{\"assistant_id\":\"ghost\",\"schedule\":\"0 0 1 1 *\",\"graph_id\":\"chain\","
                .replace("\"" + field + "\":\"ghost\",", "").replace("\"" + field + "\":\"0 0 1 1 *\",", "")
                .replace("\"" + field + "\":\"chain\",", "")
                + "\"" + field + "\":" + value + "}";
            corpus.add(new Probe("POST", path, json));
          }
        }
        for (String body : List.of("null", "[]", "\"text\"", "1", "{\"a\":", "{} {}", "{\"a\":1}}")) {
          corpus.add(new Probe("POST", path, body));
        }
      }
      for (Probe p : corpus) {
        check(alice, p);
      }
      // The cross-user probe: bob uses alice's ids.
      for (Probe p : List.of(
          new Probe("POST", "/threads", "{\"thread_id\":\"" + t + "\"}"),
          new Probe("POST", "/threads", "{\"thread_id\":\"" + t + "\",\"if_exists\":\"do_nothing\"}"),
          new Probe("POST", "/threads/" + t + "/runs", "{\"assistant_id\":\"chain\",\"if_not_exists\":\"create\"}"),
          new Probe("POST", "/assistants", "{\"graph_id\":\"chain\",\"assistant_id\":\"" + assistant + "\"}"),
          new Probe("GET", "/threads/" + t + "/runs/" + run, null),
          new Probe("DELETE", "/runs/crons/" + cron, null))) {
        check(bob, p);
      }
      byte[] badUtf8 = {'{', '"', 'a', '"', ':', '"', (byte) 0xC0, (byte) 0xAE, '"', '}'};
      checkRaw(server.port(), "POST /threads HTTP/1.1\r\nx-api-key: a\r\nContent-Type: application/json\r\nContent-Length: "
          + badUtf8.length, badUtf8);
      for (String head : ErrorRepliesTest.BAD_REQUESTS) {
        checkRaw(server.port(), head, null);
      }
      byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
      checkRaw(server.port(), "POST /threads HTTP/1.1\r\nx-api-key: a\r\nContent-Length: 2\r\nTransfer-Encoding: chunked", body);
      checkRaw(server.port(), "GET /threads/" + "%41".repeat(3_000) + " HTTP/1.1", null);
      checkRaw(server.port(), "GET /ok HTTP/1.1\r\nX-Big: " + "h".repeat(20_000), null);
      assertTrue(failures.isEmpty(), failures.size() + " of " + corpus.size() + " requests failed:\n"
          + String.join("\n", failures.subList(0, Math.min(40, failures.size()))));
    } finally {
      try (var files = java.nio.file.Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }
}
