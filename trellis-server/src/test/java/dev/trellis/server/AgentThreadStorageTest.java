package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An agent thread through the server stores per run what the run added, not the state again:
 * the state each tool call's {@code Send} carries refers to the stored messages (through the
 * server's size-limiting serde too), so the bytes a run adds stay flat as the thread grows.
 */
class AgentThreadStorageTest {
  static ChatModel model() {
    return request -> {
      List<Message> m = request.messages();
      int lastHuman = 0;
      for (int i = 0; i < m.size(); i++) {
        lastHuman = m.get(i) instanceof Message.Human ? i : lastHuman;
      }
      if (m.subList(lastHuman, m.size()).stream().filter(x -> x instanceof Message.Ai).count() >= 2) {
        return new Message.Ai(null, "done", List.of(), null);
      }
      List<Message.ToolCall> calls = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        calls.add(new Message.ToolCall("call-" + m.size() + "-" + i, "lookup", Map.of("key", "item " + i)));
      }
      return new Message.Ai(null, "", calls, null);
    };
  }

  static long saverBytes(Path file) throws Exception {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement();
         ResultSet rs = st.executeQuery("SELECT (SELECT COALESCE(SUM(LENGTH(checkpoint) + LENGTH(metadata)), 0) FROM checkpoints)"
             + " + (SELECT COALESCE(SUM(LENGTH(value)), 0) FROM checkpoint_writes)"
             + " + (SELECT COALESCE(SUM(LENGTH(tail)), 0) FROM checkpoint_appends)"
             + " + (SELECT COALESCE(SUM(LENGTH(value)), 0) FROM checkpoint_blobs)")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void bytesPerRunStayFlatWhileToolCallsCarryTheGrowingState() throws Exception {
    Tool lookup = Tool.of(new ToolSpec("lookup", "looks a key up",
        Map.of("type", "object", "properties", Map.of("key", Map.of("type", "string")))),
        (args, ctx) -> "the value of " + args.get("key") + " is a sentence of some sixty characters or so");
    Path file = TestServers.tempDir().resolve("agent.db");
    try (TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(file)
        .graph("agent", (saver, store) -> Agent.builder(model()).tools(lookup)
            .compile(CompileOptions.checkpointer(saver).withStore(store).withName("agent")))
        .start()) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      long[] perRun = new long[31];
      long before = saverBytes(file);
      for (int run = 1; run <= 30; run++) {
        HttpClientHelper.Reply r = http.call("POST", "/threads/" + t + "/runs/wait", Map.of("assistant_id", "agent",
            "input", Map.of("messages", List.of(Map.of("role", "user", "content", "question " + run)))));
        assertEquals(200, r.status(), r.text());
        assertEquals(14 * run, ((List<?>) r.map().get("messages")).size(), r.text());
        long now = saverBytes(file);
        perRun[run] = now - before;
        before = now;
      }
      // 14 messages a run; by run 30 each of its 10 tool calls carries 420 messages (about 100 KB).
      assertTrue(perRun[30] < perRun[5] * 1.2, "bytes of runs 5 and 30: " + perRun[5] + ", " + perRun[30]);
      assertTrue(perRun[30] < 40_000, "bytes of run 30: " + perRun[30]);
      Map<String, Object> state = http.call("GET", "/threads/" + t + "/state", null).map();
      assertEquals(420, ((List<?>) ((Map<?, ?>) state.get("values")).get("messages")).size());
    }
  }
}
