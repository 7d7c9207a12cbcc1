package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.server.TrellisServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The 18 routing rows over HTTP: each execution is a run of the served {@code rrc} assistant
 * (LangGraph's API, no config: the system assistant's recursion limit applies), its path read
 * from the {@code updates} stream, its state from {@code GET /threads/{id}/state}.
 */
class HttpRoutingTest extends RoutingRows {
  static final AtomicReference<ChatModel> MODEL = new AtomicReference<>();
  static final PlannerModel PLANNER = new PlannerModel();
  static TrellisServer server;
  static Http http;
  static JdbcApprovals approvals;

  /** The served app's model: the test's when it set one, else the offline planner. */
  static final class Switchable implements ChatModel {
    ChatModel current() {
      ChatModel m = MODEL.get();
      return m != null ? m : PLANNER;
    }

    @Override
    public Message.Ai chat(ChatRequest request) throws Exception {
      return current().chat(request);
    }

    @Override
    public Message.Ai stream(ChatRequest request, Consumer<String> tokens) throws Exception {
      return current().stream(request, tokens);
    }

    @Override
    public String name() {
      return current().name();
    }
  }

  @BeforeAll
  static void start() throws Exception {
    Path dir = Files.createTempDirectory("rrc-routing");
    server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(dir.resolve("server.db"))
        .provider(new RrcProvider(app -> {
          approvals = JdbcApprovals.open(app.database(), Clock.systemUTC());
          return new RrcDeps(new Switchable(), approvals, Skills.open(app.database(), Clock.systemUTC()),
              KnowledgeGraph.open(app.database()),
              ToolBindings.bundled(), AgentConfigs.bundled(), Tracing.global(), Clock.systemUTC());
        }))
        .start();
    http = new Http(server.port());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static String threadId(String name) {
    return UUID.nameUUIDFromBytes(("routing:" + name).getBytes(StandardCharsets.UTF_8)).toString();
  }

  @Override
  List<String> run(ChatModel model, String thread, Map<String, Object> input) {
    MODEL.set(model);
    try {
      Http.Reply r = http.post("/threads/" + threadId(thread) + "/runs/stream", Map.of("assistant_id", "rrc",
          "input", input, "stream_mode", List.of("updates"), "if_not_exists", "create"));
      assertEquals(200, r.status(), r.text());
      List<String> nodes = new ArrayList<>();
      for (Http.Event e : Http.events(r.text())) {
        if (e.name().equals("updates") && e.data() instanceof Map<?, ?> update) {
          update.keySet().forEach(k -> nodes.add((String) k));
        }
      }
      return nodes;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } finally {
      MODEL.set(null);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  Map<String, Object> state(String thread) {
    Http.Reply r = http.get("/threads/" + threadId(thread) + "/state");
    assertEquals(200, r.status(), r.text());
    return (Map<String, Object>) r.map().get("values");
  }

  @Override
  void decide(String approvalId, String decision) {
    Http.Reply r = http.post("/approvals/" + approvalId + "/decision",
        Map.of("decision", decision, "reviewer", "alice", "comment", "ok"));
    assertEquals(200, r.status(), r.text());
  }
}
