package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same agents driven by the official A2A JavaScript SDK 1.3 ({@code a2a-sdk-1}, an npm alias
 * of {@code @a2a-js/sdk@1.3.0}; src/test/js/a2a-v1-sdk-test.mjs), which speaks A2A 1.0: it picks
 * the card's 1.0 interface, sends PascalCase methods with {@code A2A-Version: 1.0} and reads
 * ProtoJSON shapes (member-discriminated parts and events, {@code TASK_STATE_*} states); it also
 * lists tasks (ListTasks, new in 1.0) with filters and page tokens.
 */
class A2aSdkV1Test {
  private static Object at(Object o, String... path) {
    Object v = o;
    for (String p : path) {
      v = v instanceof List<?> l ? l.get(Integer.parseInt(p)) : ((Map<?, ?>) v).get(p);
    }
    return v;
  }

  private static List<?> ids(Object listResponse) {
    return ((List<?>) ((Map<?, ?>) listResponse).get("tasks")).stream().map(t -> ((Map<?, ?>) t).get("id")).toList();
  }

  static final List<String> PG_URLS = new ArrayList<>();

  /** SQLite, and PostgreSQL (whose event bus carries the streamed tokens through the database). */
  static Stream<Arguments> databases() {
    Supplier<TrellisServer.Builder> sqlite = () -> A2aSdkTest.builder().sqlite(TestServers.tempDir().resolve("a2a1.db"));
    Supplier<TrellisServer.Builder> postgres = () -> {
      String url = PgTestDb.freshSchemaUrl();
      PG_URLS.add(url);
      return A2aSdkTest.builder().postgres(url);
    };
    return Stream.of(Arguments.of("sqlite", sqlite), Arguments.of("postgres", postgres));
  }

  @AfterAll
  static void dropSchemas() {
    PG_URLS.forEach(PgTestDb::drop);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("databases")
  void theA2a1SdkSendsStreamsResumesListsAndCancelsTasks(String name, Supplier<TrellisServer.Builder> db)
      throws Exception {
    SdkClientTest.npmCi();
    try (TrellisServer server = db.get().start()) {
      String base = "http://127.0.0.1:" + server.port();
      String out = SdkClientTest.node("a2a-v1-sdk-test.mjs", base);
      String line = out.lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b)
          .orElseThrow(() -> new AssertionError("no JSON line in:\n" + out));
      Map<?, ?> seen = (Map<?, ?>) HttpClientHelper.readJson(line);

      assertEquals("1.0", seen.get("clientVersion"), "the SDK chose the card's 1.0 interface: " + line);
      Map<?, ?> cardV1 = (Map<?, ?>) seen.get("cardV1");
      assertEquals(List.of(Map.of("url", base + "/a2a/agent", "protocolBinding", "JSONRPC", "protocolVersion", "1.0"),
          Map.of("url", base + "/a2a/agent", "protocolBinding", "JSONRPC", "protocolVersion", "0.3")),
          cardV1.get("supportedInterfaces"));
      assertFalse(cardV1.containsKey("url"), "a 1.0 card has no top-level url: " + cardV1);
      assertEquals(false, at(cardV1, "capabilities", "extendedAgentCard"));
      Map<?, ?> cardV03 = (Map<?, ?>) seen.get("cardV03");
      assertEquals("0.3.0", cardV03.get("protocolVersion"), "no A2A-Version header: the 0.3 superset card");
      assertEquals(base + "/a2a/agent", cardV03.get("url"));
      assertEquals(cardV1.get("supportedInterfaces"), cardV03.get("supportedInterfaces"));

      Map<?, ?> sent = (Map<?, ?>) at(seen, "sent", "task");
      assertEquals("TASK_STATE_COMPLETED", at(sent, "status", "state"), line);
      assertEquals("ROLE_AGENT", at(sent, "status", "message", "role"));
      assertEquals("The weather tool says: sunny and 21°C in Paris.", at(sent, "artifacts", "0", "parts", "0", "text"));
      assertEquals("Paris", at(sent, "history", "0", "parts", "0", "text"));
      assertEquals("ROLE_USER", at(sent, "history", "0", "role"));
      assertTrue(((String) at(sent, "status", "timestamp")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"),
          "1.0 timestamps are UTC with milliseconds: " + at(sent, "status", "timestamp"));

      List<?> streamed = (List<?>) seen.get("streamed");
      assertEquals("Rome", at(streamed, "0", "task", "history", "0", "parts", "0", "text"), line);
      assertEquals("TASK_STATE_WORKING", at(streamed, "1", "statusUpdate", "status", "state"), line);
      List<Map<?, ?>> chunks = streamed.stream().<Map<?, ?>>map(e -> (Map<?, ?>) ((Map<?, ?>) e).get("artifactUpdate"))
          .filter(u -> u != null && !Boolean.TRUE.equals(u.get("lastChunk"))).toList();
      assertTrue(chunks.size() > 1, "the answer arrives in more than one chunk before the end: " + line);
      StringBuilder text = new StringBuilder();
      for (Map<?, ?> c : chunks) {
        text.append(at(c, "artifact", "parts", "0", "text"));
      }
      assertEquals("The weather tool says: sunny and 21°C in Rome.", text.toString(), "appended chunks make the answer");
      assertNull(chunks.getFirst().get("append"), "the first chunk starts the artifact");
      assertEquals(true, chunks.get(1).get("append"), "later chunks append to it");
      Map<?, ?> lastArtifact = (Map<?, ?>) at(streamed.get(streamed.size() - 2), "artifactUpdate");
      assertEquals(true, lastArtifact.get("lastChunk"));
      assertEquals("The weather tool says: sunny and 21°C in Rome.", at(lastArtifact, "artifact", "parts", "0", "text"));
      assertEquals("TASK_STATE_COMPLETED", at(streamed.getLast(), "statusUpdate", "status", "state"), line);
      assertFalse(((Map<?, ?>) at(streamed.getLast(), "statusUpdate")).containsKey("final"), "1.0 has no final flag");

      Map<?, ?> paused = (Map<?, ?>) seen.get("paused");
      assertEquals("TASK_STATE_INPUT_REQUIRED", at(paused, "status", "state"), line);
      assertEquals("publish these notes?", at(paused, "status", "message", "parts", "0", "text"));
      List<?> resumed = (List<?>) seen.get("resumedEvents");
      assertEquals(paused.get("id"), at(resumed.getLast(), "statusUpdate", "taskId"), "the follow-up continues the task");
      assertEquals("TASK_STATE_COMPLETED", at(resumed.getLast(), "statusUpdate", "status", "state"), line);
      Map<?, ?> fetched = (Map<?, ?>) seen.get("fetched");
      assertEquals("TASK_STATE_COMPLETED", at(fetched, "status", "state"));
      assertEquals("yes", at(fetched, "artifacts", "0", "parts", "0", "data", "approved"));
      assertEquals(3, ((List<?>) fetched.get("history")).size(), "the first message, the question, the answer");
      assertEquals(List.of("yes"), ((List<?>) at(seen, "fetchedShort", "history")).stream()
          .map(h -> at(h, "parts", "0", "text")).toList(), "historyLength 1 keeps the last message");
      assertEquals(-32004, at(seen, "again", "code"), "a completed task takes no more input: " + line);
      assertEquals(-32004, at(seen, "subscribeEnded", "code"), "an ended task cannot be subscribed to: " + line);

      Object second = at(seen, "second", "id");
      assertEquals(List.of(second, paused.get("id")), ids(seen.get("listed")), "newest first: " + line);
      assertEquals(2, at(seen, "listed", "totalSize"));
      assertEquals("yes", at(seen, "listed", "tasks", "1", "artifacts", "0", "parts", "0", "data", "approved"));
      assertTrue(at(seen, "listed", "nextPageToken") == null || "".equals(at(seen, "listed", "nextPageToken")), line);
      assertEquals(List.of(second), ids(seen.get("waiting")), "filtered by TASK_STATE_INPUT_REQUIRED: " + line);
      assertEquals(List.of(second), ids(seen.get("page1")), line);
      assertFalse(((Map<?, ?>) at(seen, "page1", "tasks", "0")).containsKey("history"), "historyLength 0: no history");
      assertFalse(((Map<?, ?>) at(seen, "page1", "tasks", "0")).containsKey("artifacts"), "artifacts only when asked");
      assertTrue(at(seen, "page1", "nextPageToken") instanceof String t && !t.isEmpty(), line);
      assertEquals(List.of(paused.get("id")), ids(seen.get("page2")), "the next page continues after the cursor: " + line);
      assertTrue(at(seen, "page2", "nextPageToken") == null || "".equals(at(seen, "page2", "nextPageToken")), line);

      assertTrue(List.of("TASK_STATE_SUBMITTED", "TASK_STATE_WORKING").contains(at(seen, "started", "status", "state")), line);
      assertEquals("TASK_STATE_CANCELED", at(seen, "canceled", "status", "state"), line);
      List<?> subscribed = (List<?>) seen.get("subscribed");
      assertEquals(at(seen, "started", "id"), at(subscribed, "0", "task", "id"), line);
      assertEquals("TASK_STATE_CANCELED", at(subscribed.getLast(), "statusUpdate", "status", "state"), line);
      assertEquals(-32002, at(seen, "cancelAgain", "code"), line);

      assertEquals(-32001, at(seen, "missingTask", "code"), line);
      assertEquals(-32602, at(seen, "noMessages", "code"), line);
      assertEquals(-32005, at(seen, "filePart", "code"), line);
      assertEquals(-32601, at(seen, "oldMethod", "error", "code"), line);
      assertTrue(((String) at(seen, "oldMethod", "error", "message")).contains("A2A-Version: 0.3"), line);
      assertEquals(-32009, at(seen, "badVersion", "error", "code"), line);
      assertEquals(4, at(seen, "badVersion", "id"));
      assertEquals(Map.of("@type", "type.googleapis.com/google.rpc.ErrorInfo", "reason", "TASK_NOT_FOUND",
          "domain", "a2a-protocol.org"), at(seen, "rawMissing", "error", "data", "0"), line);
    }
  }
}
