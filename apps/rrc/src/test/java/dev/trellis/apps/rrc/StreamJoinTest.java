package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.server.TrellisServer;
import java.nio.file.Files;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /conversations/{id}/stream} without a message follows the execution already running
 * on the conversation — started by {@code POST /execute} or through LangGraph's API — frame by
 * frame to {@code done}, each frame once, and starts no execution of its own.
 */
class StreamJoinTest {
  static final List<String> NODES = List.of("system_prompt_node", "memory_node", "resume_guard", "initial_llm_call",
      "skill_select_node", "approval_node", "synthesis_llm_call", "output_format");
  /** Signalled when the model is called; the call then waits for {@link #release}. */
  final Semaphore entered = new Semaphore(0);
  final CountDownLatch release = new CountDownLatch(1);
  TrellisServer server;
  Http http;

  @BeforeEach
  void start() throws Exception {
    PlannerModel planner = new PlannerModel();
    ChatModel held = new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) throws Exception {
        entered.release();
        if (!release.await(60, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the test never released the model");
        }
        return planner.chat(request);
      }

      @Override
      public String name() {
        return planner.name();
      }
    };
    server = TrellisServer.builder().port(0).host("127.0.0.1")
        .sqlite(Files.createTempDirectory("rrc-join").resolve("server.db"))
        .provider(new RrcProvider(app -> RrcDeps.open(app.database(), Clock.systemUTC()).withModel(held)))
        .start();
    http = new Http(server.port());
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.close();
  }

  /** Attaches to the conversation while its model call is held, then releases it and reads to the end. */
  List<Http.Frame> attachWhileRunning(String conv) throws Exception {
    assertTrue(entered.tryAcquire(60, TimeUnit.SECONDS), "the execution never reached its model call");
    List<Http.Frame> frames = new ArrayList<>();
    try (Http.Frames in = http.open("/conversations/" + conv + "/stream", Map.of())) {
      assertEquals(200, in.status);
      frames.add(in.next());   // the stream is attached: frames already sent are replayed from the start
      release.countDown();
      for (Http.Frame f = in.next(); f != null; f = in.next()) {
        frames.add(f);
      }
    }
    return frames;
  }

  static void assertWholeExecution(List<Http.Frame> frames, String executionId) {
    List<String> nodes = frames.stream().filter(f -> f.event().equals("node_end")).map(f -> (String) f.data().get("node"))
        .toList();
    assertEquals(NODES, nodes, "each node completion once, in order");
    assertEquals(NODES.size() + 1, frames.size());
    Http.Frame done = frames.getLast();
    assertEquals("done", done.event(), "done once, last");
    Map<?, ?> d = (Map<?, ?>) done.data().get("data");
    assertEquals(executionId, d.get("execution_id"));
    assertEquals("completed", d.get("status"));
    Map<?, ?> llm = (Map<?, ?>) frames.get(3).data().get("data");
    assertEquals("assistant", ((Map<?, ?>) llm.get("message")).get("role"), "the model's answer rides on its frame");
    assertEquals(llm.get("tokens_used"), d.get("tokens_used"));
  }

  @Test
  void streamFollowsAnExecutionStartedByExecute() throws Exception {
    String conv = UUID.randomUUID().toString();
    CompletableFuture<Http.Reply> executed = CompletableFuture.supplyAsync(() -> http.post("/execute",
        Map.of("conversation_id", conv, "agent_type", "general", "message", "hello")));
    List<Http.Frame> frames = attachWhileRunning(conv);
    Http.Reply reply = executed.get(60, TimeUnit.SECONDS);
    assertEquals(200, reply.status(), reply.text());
    assertWholeExecution(frames, (String) reply.map().get("execution_id"));
    assertEquals(1, http.get("/threads/" + conv + "/runs").list().size(), "the stream started no execution");
  }

  @Test
  void streamFollowsARunStartedThroughTheLangGraphApi() throws Exception {
    String conv = UUID.randomUUID().toString();
    Http.Reply created = http.post("/threads/" + conv + "/runs", Map.of("assistant_id", "rrc", "if_not_exists", "create",
        "input", Map.of("agent_type", "general", "conversation_id", conv, "execution_id", "exec-lg", "input", "hello")));
    assertEquals(200, created.status(), created.text());
    List<Http.Frame> frames = attachWhileRunning(conv);
    assertWholeExecution(frames, "exec-lg");
    List<Map<String, Object>> runs = http.get("/threads/" + conv + "/runs").list();
    assertEquals(1, runs.size(), "the stream started no execution");
    assertEquals("success", runs.getFirst().get("status"));
  }

  @Test
  void withoutARunningExecutionOrAMessageTheStreamIsRefused() {
    Http.Reply r = http.get("/conversations/" + UUID.randomUUID() + "/stream");
    assertEquals(422, r.status());
    assertTrue(r.map().get("detail").toString().contains("no execution is running"), r.text());
  }
}
