package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Messages;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A run's input (and a command's update) is checked against the graph's declared state key
 * types when the run is created: a value that cannot be the key's type is a 422 naming the key,
 * the expected type and the value, and no run or thread exists; values the engine takes (whole
 * numbers for long and double keys, message dicts for the messages key) still run.
 */
class InputTypeTest {
  static final Key<String> NAME = Key.of("name", String.class);
  static final Key<Long> COUNT = Key.of("count", Long.class);
  static final Key<Double> SCORE = Key.of("score", Double.class);
  static final Key<Boolean> FLAG = Key.of("flag", Boolean.class);
  static final Key<String> OUT = Key.of("out", String.class);
  /** A record-typed key: sent and shown as a JSON object. */
  record Point(int x, int y) {
  }

  static final Key<Point> AT = Key.of("at", Point.class);

  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    var graph = StateGraph.of(Schema.of(NAME, COUNT, SCORE, FLAG, Messages.KEY, OUT, AT))
        .addNode("sum", (s, rt) -> Update.of(OUT, s.get(NAME) + ":" + s.get("count") + ":" + s.get("score")
            + ":" + s.get(Messages.KEY).size()))
        .addEdge(StateGraph.START, "sum");
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("input-types.db"))
        .graph("typed", (saver, store) -> graph.compile(CompileOptions.checkpointer(saver).withStore(store).withName("typed")))
        .start();
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static void refused(HttpClientHelper.Reply r, String... detailParts) {
    assertEquals(422, r.status(), r.text());
    assertTrue(r.map().get("code") != null, r.text());
    for (String part : detailParts) {
      assertTrue(String.valueOf(r.map().get("detail")).contains(part), r.text());
    }
  }

  @Test
  void numberForStringKeyIsRefusedNamingKeyAndNoRunExists() {
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    refused(http.call("POST", "/threads/" + thread + "/runs", Map.of("assistant_id", "typed", "input", Map.of("name", 5))),
        "input.name", "a string", "String", "5");
    assertEquals(List.of(), http.call("GET", "/threads/" + thread + "/runs", null).list());
  }

  @Test
  void refusedInputCreatesNoThread() {
    String thread = UUID.randomUUID().toString();
    refused(http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "typed",
        "if_not_exists", "create", "input", Map.of("name", "Ada", "count", "seven"))), "input.count", "an integer", "seven");
    assertEquals(404, http.call("GET", "/threads/" + thread, null).status());
  }

  @Test
  void fractionForLongKeyAndStringForBooleanAreRefused() {
    refused(http.call("POST", "/runs/wait", Map.of("assistant_id", "typed", "input", Map.of("count", 2.5))),
        "input.count", "an integer", "2.5");
    refused(http.call("POST", "/runs/wait", Map.of("assistant_id", "typed", "input", Map.of("flag", "yes"))),
        "input.flag", "a boolean");
  }

  @Test
  void nonObjectForRecordKeyIsRefusedAndAnObjectRuns() {
    refused(http.call("POST", "/runs/wait", Map.of("assistant_id", "typed", "input", Map.of("at", "north"))),
        "input.at", "an object", "Point", "north");
    HttpClientHelper.Reply r = http.call("POST", "/runs/wait", Map.of("assistant_id", "typed", "input",
        Map.of("name", "Ada", "at", Map.of("x", 1, "y", 2))));
    assertEquals(200, r.status(), r.text());
    assertEquals(Map.of("x", 1, "y", 2), r.map().get("at"));
  }

  @Test
  void commandUpdateOfWrongTypeIsRefused() {
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    refused(http.call("POST", "/threads/" + thread + "/runs", Map.of("assistant_id", "typed",
        "command", Map.of("update", Map.of("score", "high")))), "command.update.score", "a number");
    assertEquals(List.of(), http.call("GET", "/threads/" + thread + "/runs", null).list());
  }

  @Test
  void integersForLongAndDoubleKeysAndMessageDictsRun() {
    HttpClientHelper.Reply r = http.call("POST", "/runs/wait", Map.of("assistant_id", "typed", "input", Map.of(
        "name", "Ada", "count", 7, "score", 3, "flag", true,
        "messages", List.of(Map.of("type", "human", "content", "hi"), Map.of("role", "user", "content", "yo")))));
    assertEquals(200, r.status(), r.text());
    assertEquals("Ada:7:3:2", r.get("out"));
  }

  @Test
  void unknownKeysAreStillDroppedNotRefused() {
    HttpClientHelper.Reply r = http.call("POST", "/runs/wait", Map.of("assistant_id", "typed",
        "input", Map.of("name", "Bo", "nonsense", 5)));
    assertEquals(200, r.status(), r.text());
    assertEquals("Bo:null:null:0", r.get("out"));
  }
}
