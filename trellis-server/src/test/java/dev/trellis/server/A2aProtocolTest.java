package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.server.auth.Authenticator;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The A2A JSON-RPC surface by hand, where the SDK tests do not reach: how a stream ends for an
 * interrupt and for a failure, how a second AI message replaces the text streamed before it, that a task is found only through its own assistant and by its own
 * user, and that malformed requests get a JSON-RPC error object (never a 500).
 */
class A2aProtocolTest {
  static final Key<Integer> COUNT = Key.of("count", Integer.class);
  static TrellisServer server;
  static String base;
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void start() {
    server = TestServers.builder().sqlite(TestServers.tempDir().resolve("a2a-protocol.db"))
        .authenticator(Authenticator.apiKeys(Map.of("key-a", "alice", "key-b", "bob")))
        .graph("chatty", (saver, store) -> chatty().compile(CompileOptions.checkpointer(saver).withStore(store)
            .withName("chatty")))
        .graph("broken", (saver, store) -> StateGraph.of(Schema.of(COUNT))
            .addNode("fail", (s, rt) -> {
              throw new IllegalStateException("the forecast service is down");
            })
            .addSequence(StateGraph.START, "fail", StateGraph.END)
            .compile(CompileOptions.checkpointer(saver).withStore(store)))
        .start();
    base = "http://127.0.0.1:" + server.port();
  }

  /** An agent that says what it is about to do while calling a tool, then answers. */
  static Agent.Builder chatty() {
    Tool forecast = Tool.of(new ToolSpec(
        "forecast", "the forecast for a city", Map.of("type", "object", "properties",
            Map.of("city", Map.of("type", "string")))), (args, ctx) -> "sunny");
    var model = new ScriptedChatModel(req -> req.messages().getLast() instanceof Message.Tool
        ? new Message.Ai(null, "Sunny in Oslo.", List.of(), null)
        : new Message.Ai(null, "Checking the forecast.", List.of(
            new Message.ToolCall("call-1", "forecast", Map.of("city", "Oslo"))), null));
    return Agent.builder(model).tools(forecast);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  record Reply(int status, String contentType, String body) {
    Map<?, ?> json() {
      return (Map<?, ?>) HttpClientHelper.readJson(body);
    }

    /** The data of each event of an event-stream reply. */
    List<Map<?, ?>> events() {
      List<Map<?, ?>> out = new ArrayList<>();
      for (String frame : body.split("\n\n")) {
        if (frame.startsWith("data: ")) {
          out.add((Map<?, ?>) HttpClientHelper.readJson(frame.substring(6)));
        }
      }
      return out;
    }
  }

  static Reply post(String key, String assistant, String version, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/a2a/" + assistant))
        .header("Content-Type", "application/json").header("x-api-key", key)
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (version != null) {
      b.header("A2A-Version", version);
    }
    HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Reply(r.statusCode(), r.headers().firstValue("content-type").orElse(""), r.body());
  }

  static Reply rpc(String key, String assistant, String version, String method, Map<String, Object> params)
      throws Exception {
    Map<String, Object> req = new LinkedHashMap<>();
    req.put("jsonrpc", "2.0");
    req.put("id", 1);
    req.put("method", method);
    req.put("params", params);
    return post(key, assistant, version, HttpClientHelper.write(req));
  }

  static Map<String, Object> v1Data(Map<String, Object> data) {
    return Map.of("messageId", UUID.randomUUID().toString(), "role", "ROLE_USER", "parts", List.of(Map.of("data", data)));
  }

  private static Object at(Object o, String... path) {
    Object v = o;
    for (String p : path) {
      v = v instanceof List<?> l ? l.get(Integer.parseInt(p)) : ((Map<?, ?>) v).get(p);
    }
    return v;
  }

  /** Alice's task on the approval assistant, stopped at its interrupt: [task id, context id]. */
  static List<String> alicesPausedTask() throws Exception {
    Reply r = rpc("key-a", "approval", "1.0", "SendMessage", Map.of("message", v1Data(Map.of("topics",
        List.of(List.of("pricing"))))));
    assertEquals("TASK_STATE_INPUT_REQUIRED", at(r.json(), "result", "task", "status", "state"), r.body());
    return List.of((String) at(r.json(), "result", "task", "id"), (String) at(r.json(), "result", "task", "contextId"));
  }

  @Test
  void aStreamEndsWithInputRequiredWhenTheGraphInterrupts() throws Exception {
    Reply r = rpc("key-a", "approval", "1.0", "SendStreamingMessage", Map.of("message",
        v1Data(Map.of("topics", List.of(List.of("pricing"))))));
    assertTrue(r.contentType().startsWith("text/event-stream"), r.contentType());
    List<Map<?, ?>> events = r.events();
    assertEquals("TASK_STATE_WORKING", at(events.get(1), "result", "statusUpdate", "status", "state"), r.body());
    Map<?, ?> last = (Map<?, ?>) at(events.getLast(), "result", "statusUpdate");
    assertEquals("TASK_STATE_INPUT_REQUIRED", at(last, "status", "state"), r.body());
    assertEquals("publish these notes?", at(last, "status", "message", "parts", "0", "text"));
    assertFalse(r.body().contains("artifactUpdate"), "a paused task has no result yet: " + r.body());

    Reply old = rpc("key-a", "approval", null, "message/stream", Map.of("message", Map.of("kind", "message",
        "messageId", "m1", "role", "user", "parts", List.of(Map.of("kind", "data", "data",
            Map.of("topics", List.of(List.of("x"))))))));
    Map<?, ?> oldLast = (Map<?, ?>) at(old.events().getLast(), "result");
    assertEquals("input-required", at(oldLast, "status", "state"), old.body());
    assertEquals(true, oldLast.get("final"), "in 0.3 the last status update is final");
  }

  @Test
  void aNewAiMessageReplacesTheTextStreamedBeforeIt() throws Exception {
    Reply r = rpc("key-a", "chatty", "1.0", "SendStreamingMessage", Map.of("message", Map.of("messageId", "m",
        "role", "ROLE_USER", "parts", List.of(Map.of("text", "Oslo?")))));
    List<String> seen = new ArrayList<>();
    for (Map<?, ?> e : r.events()) {
      if (at(e, "result", "artifactUpdate") instanceof Map<?, ?> u && !Boolean.TRUE.equals(u.get("lastChunk"))) {
        seen.add((Boolean.TRUE.equals(u.get("append")) ? "+" : "=") + at(u, "artifact", "parts", "0", "text"));
      }
    }
    assertEquals(List.of("=Checking ", "+the ", "+forecast.", "=Sunny ", "+in ", "+Oslo."), seen, r.body());
    Map<?, ?> last = (Map<?, ?>) at(r.events().get(r.events().size() - 2), "result", "artifactUpdate");
    assertEquals(true, last.get("lastChunk"));
    assertEquals("Sunny in Oslo.", at(last, "artifact", "parts", "0", "text"));
  }

  @Test
  void aStreamEndsWithFailedWhenTheRunFails() throws Exception {
    Reply r = rpc("key-a", "broken", "1.0", "SendStreamingMessage", Map.of("message", v1Data(Map.of("count", 1))));
    Map<?, ?> last = (Map<?, ?>) at(r.events().getLast(), "result", "statusUpdate");
    assertEquals("TASK_STATE_FAILED", at(last, "status", "state"), r.body());
    assertTrue(((String) at(last, "status", "message", "parts", "0", "text")).contains("the forecast service is down"),
        r.body());
  }

  @Test
  void aTaskIsNotFoundThroughAnotherAssistant() throws Exception {
    String task = alicesPausedTask().getFirst();
    assertEquals(-32001, at(rpc("key-a", "broken", "1.0", "GetTask", Map.of("id", task)).json(), "error", "code"));
    assertEquals(-32001, at(rpc("key-a", "broken", null, "tasks/get", Map.of("id", task)).json(), "error", "code"));
    assertEquals(-32001, at(rpc("key-a", "broken", "1.0", "CancelTask", Map.of("id", task)).json(), "error", "code"));
    assertEquals(-32001, at(rpc("key-a", "broken", "1.0", "SubscribeToTask", Map.of("id", task)).json(), "error", "code"));
    Map<String, Object> resume = new LinkedHashMap<>(v1Data(Map.of("approved", "yes")));
    resume.put("taskId", task);
    assertEquals(-32001, at(rpc("key-a", "broken", "1.0", "SendMessage", Map.of("message", resume)).json(),
        "error", "code"));
    assertEquals("TASK_STATE_INPUT_REQUIRED", at(rpc("key-a", "approval", "1.0", "GetTask", Map.of("id", task)).json(),
        "result", "status", "state"), "the task is untouched");
  }

  @Test
  void aTaskOfAnotherUserIsNotFoundAndNotLeaked() throws Exception {
    List<String> alice = alicesPausedTask();
    String task = alice.get(0);
    String context = alice.get(1);
    for (Reply r : List.of(rpc("key-b", "approval", "1.0", "GetTask", Map.of("id", task)),
        rpc("key-b", "approval", null, "tasks/get", Map.of("id", task)),
        rpc("key-b", "approval", "1.0", "CancelTask", Map.of("id", task)),
        rpc("key-b", "approval", "1.0", "SubscribeToTask", Map.of("id", task)))) {
      assertEquals(200, r.status());
      assertEquals(-32001, at(r.json(), "error", "code"), r.body());
      assertFalse(r.body().contains(context), "the error names no context of alice's: " + r.body());
    }
    Map<String, Object> resume = new LinkedHashMap<>(v1Data(Map.of("approved", "yes")));
    resume.put("taskId", task);
    assertEquals(-32001, at(rpc("key-b", "approval", "1.0", "SendMessage", Map.of("message", resume)).json(),
        "error", "code"));
    Reply bobsList = rpc("key-b", "approval", "1.0", "ListTasks", Map.of());
    assertFalse(bobsList.body().contains(task), "bob's task list has none of alice's: " + bobsList.body());
    assertTrue(rpc("key-a", "approval", "1.0", "ListTasks", Map.of()).body().contains(task), "alice's has it");

    // Bob naming alice's context gets a context of his own by that name, as a thread id he names would.
    Map<String, Object> intoHers = new LinkedHashMap<>(v1Data(Map.of("topics", List.of(List.of("bob")))));
    intoHers.put("contextId", context);
    Reply bobs = rpc("key-b", "approval", "1.0", "SendMessage", Map.of("message", intoHers));
    assertEquals("TASK_STATE_INPUT_REQUIRED", at(bobs.json(), "result", "task", "status", "state"), bobs.body());
    assertEquals(context, at(bobs.json(), "result", "task", "contextId"));
    assertEquals(1, new HttpClientHelper(server).as("key-b").call("GET", "/threads/" + context + "/runs", null).list()
        .size(), "bob's context holds his run");
    HttpClientHelper alicesClient = new HttpClientHelper(server).as("key-a");
    assertEquals(1, alicesClient.call("GET", "/threads/" + context + "/runs", null).list().size(),
        "alice's thread has only her run");
    Map<?, ?> hers = rpc("key-a", "approval", "1.0", "GetTask", Map.of("id", task)).json();
    assertEquals("TASK_STATE_INPUT_REQUIRED", at(hers, "result", "status", "state"));
    assertEquals(1, ((List<?>) at(hers, "result", "history")).size(), "alice's task heard nothing from bob");
  }

  /** The error of {@code r}: [code, message]. */
  static List<Object> error(Reply r) {
    return List.of(at(r.json(), "error", "code"), at(r.json(), "error", "message"));
  }

  /**
   * A refusal about a task's state names the states as the caller's version does: 1.0's
   * {@code TASK_STATE_*} to a 1.0 request, 0.3's {@code input-required} to a 0.3 one.
   */
  @Test
  void refusalsNameTaskStatesInTheCallersVersion() throws Exception {
    String paused = alicesPausedTask().getFirst();
    assertEquals(List.of(-32002, "task " + paused + " is TASK_STATE_INPUT_REQUIRED: only a TASK_STATE_SUBMITTED or"
        + " TASK_STATE_WORKING task can be canceled"), error(rpc("key-a", "approval", "1.0", "CancelTask", Map.of("id", paused))));
    assertEquals(List.of(-32002, "task " + paused + " is input-required: only a submitted or working task can be canceled"),
        error(rpc("key-a", "approval", null, "tasks/cancel", Map.of("id", paused))));

    Reply sent = rpc("key-a", "chatty", "1.0", "SendMessage", Map.of("message", Map.of("messageId",
        UUID.randomUUID().toString(), "role", "ROLE_USER", "parts", List.of(Map.of("text", "Oslo?")))));
    assertEquals("TASK_STATE_COMPLETED", at(sent.json(), "result", "task", "status", "state"), sent.body());
    String done = (String) at(sent.json(), "result", "task", "id");
    Map<String, Object> more = new LinkedHashMap<>(Map.of("messageId", UUID.randomUUID().toString(), "role", "ROLE_USER",
        "parts", List.of(Map.of("text", "and Bergen?")), "taskId", done));
    assertEquals(List.of(-32004, "task " + done + " is TASK_STATE_COMPLETED (a terminal state): send a message without"
        + " taskId to start a new task"), error(rpc("key-a", "chatty", "1.0", "SendMessage", Map.of("message", more))));
    assertEquals(List.of(-32004, "task " + done + " is TASK_STATE_COMPLETED: only a TASK_STATE_SUBMITTED or"
        + " TASK_STATE_WORKING task can be subscribed to"), error(rpc("key-a", "chatty", "1.0", "SubscribeToTask",
        Map.of("id", done))));
    Map<String, Object> more03 = new LinkedHashMap<>(Map.of("kind", "message", "messageId", UUID.randomUUID().toString(),
        "role", "user", "parts", List.of(Map.of("kind", "text", "text", "and Bergen?")), "taskId", done));
    assertEquals(List.of(-32004, "task " + done + " is completed (a terminal state): send a message without taskId to"
        + " start a new task"), error(rpc("key-a", "chatty", null, "message/send", Map.of("message", more03))));
  }

  @Test
  void malformedRequestsGetAJsonRpcErrorNeverA500() throws Exception {
    String msg = "{\"messageId\": \"m\", \"role\": \"ROLE_USER\", \"parts\": [{\"data\": {\"count\": 1}}]";
    // [version, body, expected code]
    List<List<String>> cases = List.of(
        List.of("1.0", "{not json", "-32700"),
        List.of("", "{not json", "-32700"),
        List.of("1.0", "", "-32700"),
        List.of("1.0", "[]", "-32600"),
        List.of("1.0", "[{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"GetTask\", \"params\": {\"id\": \"x\"}}]", "-32600"),
        List.of("1.0", "42", "-32600"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": {\"a\": 1}, \"method\": \"GetTask\"}", "-32600"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": true, \"method\": \"GetTask\"}", "-32600"),
        List.of("1.0", "{\"jsonrpc\": \"1.0\", \"id\": 1, \"method\": \"GetTask\"}", "-32600"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": 7}", "-32600"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"GetTask\", \"params\": [1]}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"GetTask\", \"params\": {}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"GetTask\", \"params\": {\"id\": 5}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"GetTask\", \"params\": {\"id\": \"x\","
            + " \"historyLength\": \"all\"}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"GetTask\", \"params\": {\"id\": \"x\","
            + " \"historyLength\": 100000000000000000000}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SubscribeToTask\", \"params\": {}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": \"hi\"}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": {"
            + "\"messageId\": \"m\", \"role\": \"ROLE_USER\", \"parts\": {}}}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": {"
            + "\"messageId\": \"m\", \"role\": \"ROLE_USER\", \"parts\": [{}]}}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": {"
            + "\"messageId\": \"m\", \"role\": \"ROLE_USER\", \"parts\": [{\"text\": 5}]}}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": {"
            + "\"role\": \"ROLE_USER\", \"parts\": [{\"text\": \"x\"}]}}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": {"
            + "\"messageId\": \"m\", \"role\": \"user\", \"parts\": [{\"text\": \"x\"}]}}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": "
            + msg + ", \"taskId\": 5}}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": "
            + msg + ", \"contextId\": {}}}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": "
            + msg + "}, \"configuration\": \"fast\"}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": "
            + msg + ", \"taskId\": \"" + UUID.randomUUID() + "\"}}}", "-32001"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendStreamingMessage\", \"params\": {\"message\":"
            + " {\"parts\": null}}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {\"message\": {"
            + "\"messageId\": \"m\", \"role\": \"ROLE_USER\", \"parts\": [{\"raw\": \"AAAA\"}]}}}", "-32005"),
        List.of("", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"message/send\", \"params\": {\"message\": {"
            + "\"kind\": \"message\", \"messageId\": \"m\", \"role\": \"user\", \"parts\": [{\"kind\": \"file\","
            + " \"file\": {\"uri\": \"https://example.com/a.pdf\"}}]}}}", "-32005"),
        List.of("", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"message/send\", \"params\": {\"message\": {"
            + "\"kind\": \"message\", \"messageId\": \"m\", \"role\": \"user\", \"parts\": [7]}}}", "-32602"),
        List.of("", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"SendMessage\", \"params\": {}}", "-32601"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ListTasks\", \"params\": {\"pageSize\": 0}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ListTasks\", \"params\": {\"status\": \"done\"}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ListTasks\", \"params\": {\"pageToken\": \"x!\"}}", "-32602"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ListTasks\", \"params\": {"
            + "\"statusTimestampAfter\": \"yesterday\"}}", "-32602"),
        List.of("", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ListTasks\", \"params\": {}}", "-32601"),
        List.of("1.0", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"CreateTaskPushNotificationConfig\","
            + " \"params\": {}}", "-32003"),
        List.of("0.9", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"GetTask\", \"params\": {\"id\": \"x\"}}", "-32009"),
        List.of("latest", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"GetTask\", \"params\": {\"id\": \"x\"}}", "-32009"));
    for (List<String> c : cases) {
      Reply r = post("key-a", "broken", c.get(0).isEmpty() ? null : c.get(0), c.get(1));
      String what = c.get(0) + " " + c.get(1) + " -> " + r.status() + " " + r.body();
      assertEquals(200, r.status(), what);
      assertTrue(r.contentType().startsWith("application/json"), what);
      Map<?, ?> reply = r.json();
      assertEquals("2.0", reply.get("jsonrpc"), what);
      assertEquals(Integer.parseInt(c.get(2)), at(reply, "error", "code"), what);
      assertTrue(at(reply, "error", "message") instanceof String m && !m.isBlank(), what);
    }
  }
}
