package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every assistant as an A2A agent, driven by the official A2A JavaScript SDK ({@code @a2a-js/sdk},
 * npm, pinned; src/test/js/a2a-sdk-test.mjs): agent cards, message/send and message/stream, tasks
 * on threads and runs, an interrupt as {@code input-required} resumed by a follow-up message,
 * tasks/get, tasks/resubscribe, tasks/cancel, and JSON-RPC errors for bad requests.
 */
class A2aSdkTest {
  static final Key<Integer> COUNT = Key.of("count", Integer.class);

  /** A node that works until its run is cancelled (at most a minute). */
  static TrellisServer.Builder builder() {
    return TestServers.builder()
        .graph("agent", (saver, store) -> StudioBrowserTest.agent()
            .compile(CompileOptions.checkpointer(saver).withStore(store).withName("agent")))
        .graph("waiter", (saver, store) -> StateGraph.of(Schema.of(COUNT))
            .addNode("wait", (s, rt) -> {
              for (int i = 0; i < 1200; i++) {
                Thread.sleep(50); // polls for the cancellation that interrupts it
              }
              return Update.of(COUNT, 1);
            })
            .addSequence(StateGraph.START, "wait", StateGraph.END)
            .compile(CompileOptions.checkpointer(saver).withStore(store)));
  }

  private static Map<?, ?> map(Object o, String... path) {
    Object v = o;
    for (String p : path) {
      v = ((Map<?, ?>) v).get(p);
    }
    return (Map<?, ?>) v;
  }

  private static Object at(Object o, String... path) {
    Object v = o;
    for (String p : path) {
      v = v instanceof List<?> l ? l.get(Integer.parseInt(p)) : ((Map<?, ?>) v).get(p);
    }
    return v;
  }

  @Test
  void theOfficialA2aSdkSendsStreamsResumesAndCancelsTasks() throws Exception {
    SdkClientTest.npmCi();
    try (TrellisServer server = builder().sqlite(TestServers.tempDir().resolve("a2a.db")).start()) {
      String base = "http://127.0.0.1:" + server.port();
      String out = SdkClientTest.node("a2a-sdk-test.mjs", base);
      String line = out.lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b)
          .orElseThrow(() -> new AssertionError("no JSON line in:\n" + out));
      Map<?, ?> seen = (Map<?, ?>) HttpClientHelper.readJson(line);

      Map<?, ?> card = map(seen, "card");
      assertEquals("agent", card.get("name"));
      assertEquals(base + "/a2a/agent", card.get("url"));
      assertEquals("0.3.0", card.get("protocolVersion"));
      assertEquals("0.3", at(card, "supportedInterfaces", "1", "protocolVersion"), "the card also names the 0.3 interface");
      assertEquals(true, map(card, "capabilities").get("streaming"));

      Map<?, ?> sent = map(seen, "sent", "result");
      assertEquals("task", sent.get("kind"));
      assertEquals("completed", at(sent, "status", "state"), line);
      assertEquals("The weather tool says: sunny and 21°C in Paris.", at(sent, "status", "message", "parts", "0", "text"));
      assertEquals("The weather tool says: sunny and 21°C in Paris.", at(sent, "artifacts", "0", "parts", "0", "text"));
      assertEquals("Paris", at(sent, "history", "0", "parts", "0", "text"));

      List<?> streamed = (List<?>) seen.get("streamed");
      assertEquals("task", at(streamed, "0", "kind"), line);
      assertEquals("working", at(streamed, "1", "status", "state"), line);
      List<?> chunks = streamed.stream().filter(e -> "artifact-update".equals(at(e, "kind"))
          && Boolean.FALSE.equals(at(e, "lastChunk"))).map(e -> at(e, "artifact", "parts", "0", "text")).toList();
      assertTrue(chunks.size() > 1, "the answer arrives in more than one chunk before the end: " + line);
      assertEquals("The weather tool says: sunny and 21°C in Rome.", String.join("", chunks.stream().map(String::valueOf)
          .toList()), "the chunks make the answer");
      Map<?, ?> artifact = (Map<?, ?>) streamed.get(streamed.size() - 2);
      assertEquals("artifact-update", artifact.get("kind"));
      assertEquals(true, artifact.get("lastChunk"));
      assertEquals("The weather tool says: sunny and 21°C in Rome.", at(artifact, "artifact", "parts", "0", "text"));
      Map<?, ?> last = (Map<?, ?>) streamed.getLast();
      assertEquals("status-update", last.get("kind"));
      assertEquals(true, last.get("final"));
      assertEquals("completed", at(last, "status", "state"));

      Map<?, ?> paused = map(seen, "paused", "result");
      assertEquals("input-required", at(paused, "status", "state"), line);
      assertEquals("publish these notes?", at(paused, "status", "message", "parts", "0", "text"));
      String taskId = (String) paused.get("id");
      String contextId = (String) paused.get("contextId");
      Map<?, ?> resumedEnd = (Map<?, ?>) ((List<?>) seen.get("resumedEvents")).getLast();
      assertEquals(taskId, resumedEnd.get("taskId"), "the follow-up continues the same task");
      assertEquals("completed", at(resumedEnd, "status", "state"), line);
      Map<?, ?> fetched = map(seen, "fetched", "result");
      assertEquals("completed", at(fetched, "status", "state"));
      assertEquals("yes", at(fetched, "artifacts", "0", "parts", "0", "data", "approved"));
      assertEquals(List.of("plan", "review", "publish"), at(fetched, "artifacts", "0", "parts", "0", "data", "log"));
      List<?> history = (List<?>) fetched.get("history");
      assertEquals(3, history.size(), "the first message, the question, the answer: " + history);
      assertEquals("publish these notes?", at(history, "1", "parts", "0", "text"));
      assertEquals("yes", at(history, "2", "parts", "0", "text"));
      assertEquals(-32004, at(seen, "again", "error", "code"), "a completed task takes no more input (UnsupportedOperation): "
          + line);
      Map<?, ?> second = map(seen, "secondTask", "result");
      assertEquals(contextId, second.get("contextId"), "a new task on the same context (thread)");
      assertNotEquals(taskId, second.get("id"));

      assertTrue(List.of("submitted", "working").contains(at(seen, "started", "result", "status", "state")), line);
      assertEquals("canceled", at(seen, "canceled", "result", "status", "state"), line);
      List<?> resubscribed = (List<?>) seen.get("resubscribed");
      assertEquals("task", at(resubscribed, "0", "kind"), line);
      assertEquals("canceled", at(resubscribed.getLast(), "status", "state"), "the resubscribed stream saw the end: " + line);
      assertEquals(true, at(resubscribed.getLast(), "final"));
      assertEquals(-32002, at(seen, "cancelAgain", "error", "code"), line);

      assertEquals(-32001, at(seen, "missingTask", "error", "code"), line);
      assertEquals(-32602, at(seen, "noMessages", "error", "code"), line);
      assertTrue(((String) at(seen, "noMessages", "error", "message")).contains("data part"), line);
      assertEquals(-32602, at(seen, "badRole", "error", "code"), line);
      assertEquals(-32700, at(seen, "parseError", "error", "code"), line);
      assertEquals(-32601, at(seen, "unknownMethod", "error", "code"), line);
      assertEquals(7, at(seen, "unknownMethod", "id"));
      assertEquals(-32600, at(seen, "notRpc", "error", "code"), line);
      assertEquals(404, seen.get("unknownAgentStatus"));
    }
  }
}
