package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A run's stored result is a reference to its thread's final checkpoint, not a copy of the
 * state, while /runs/wait, /join and the MCP answer stay the state itself.
 */
class RunResultStorageTest {
  static final Key<List<String>> LOG = Key.appending("log", String.class);
  static final String LINE = "x".repeat(1_000);

  private static TrellisServer server(Path file) {
    return TrellisServer.builder().port(0).host("127.0.0.1").sqlite(file)
        .graph("grow", (saver, store) -> StateGraph.of(Schema.of(LOG))
            .addNode("add", (s, rt) -> {
              if (s.get(LOG).contains("fail")) {
                throw new IllegalStateException("asked to fail");
              }
              return Update.of(LOG, List.of(LINE + s.get(LOG).size()));
            })
            .addEdge(StateGraph.START, "add").addEdge("add", StateGraph.END)
            .compile(CompileOptions.checkpointer(saver).withStore(store)))
        .start();
  }

  @Test
  void finishedRunsStoreAReferenceAndAnswerWithTheState() throws Exception {
    Path file = TestServers.tempDir().resolve("results.db");
    try (TrellisServer server = server(file)) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      List<String> runs = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        HttpClientHelper.Reply waited = http.call("POST", "/threads/" + t + "/runs/wait",
            Map.of("assistant_id", "grow", "input", Map.of("log", List.of("in" + i))));
        assertEquals(200, waited.status(), waited.text());
        assertEquals(2 * (i + 1), ((List<?>) waited.map().get("log")).size());
        String run = ((List<?>) http.call("GET", "/threads/" + t + "/runs?limit=1", null).body()).stream()
            .map(r -> (String) ((Map<?, ?>) r).get("run_id")).findFirst().orElseThrow();
        runs.add(run);
        assertEquals(waited.map(), http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map());
      }
      // An earlier run still answers with the state it ended with, not the thread's newest.
      Map<String, Object> first = http.call("GET", "/threads/" + t + "/runs/" + runs.getFirst() + "/join", null).map();
      assertEquals(2, ((List<?>) first.get("log")).size());
    }
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement();
         var rs = st.executeQuery("SELECT COUNT(*), SUM(LENGTH(result)), MAX(LENGTH(result)) FROM trellis_runs")) {
      rs.next();
      assertEquals(20, rs.getInt(1));
      // The final states reach 40 KB; each result is "grow:" and a checkpoint id.
      assertTrue(rs.getInt(3) < 100, "largest stored result " + rs.getInt(3) + " B");
    }
  }

  @Test
  void aFinishedRunEndsWithoutReadingItsCheckpointBackAndLeavesTheThreadAtItsResult() throws Exception {
    Path file = TestServers.tempDir().resolve("ends.db");
    try (TrellisServer server = server(file)) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      for (int i = 0; i < 3; i++) {
        long readBefore = ((dev.trellis.checkpoint.jdbc.JdbcSaver) server.saver()).checkpointsRead();
        HttpClientHelper.Reply waited = http.call("POST", "/threads/" + t + "/runs/wait",
            Map.of("assistant_id", "grow", "input", Map.of("log", List.of("in" + i))));
        assertEquals(200, waited.status(), waited.text());
        // The run starts from the thread's newest checkpoint (one read from the second run on) and
        // ends with the state the engine saved, not by reading that checkpoint back.
        assertEquals(i == 0 ? 0 : 1, ((dev.trellis.checkpoint.jdbc.JdbcSaver) server.saver()).checkpointsRead() - readBefore);
        Map<String, Object> state = http.call("GET", "/threads/" + t + "/state", null).map();
        assertEquals(waited.map(), state.get("values"));
        assertEquals(List.of(), state.get("next"));
        Map<String, Object> thread = http.call("GET", "/threads/" + t, null).map();
        assertEquals("idle", thread.get("status"));
        assertEquals(waited.map(), thread.get("values"));
        String run = ((List<?>) http.call("GET", "/threads/" + t + "/runs?limit=1", null).body()).stream()
            .map(r -> (String) ((Map<?, ?>) r).get("run_id")).findFirst().orElseThrow();
        assertEquals(waited.map(), http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map());
      }
    }
  }

  @Test
  void anErrorIsStoredAsItIs() throws Exception {
    Path file = TestServers.tempDir().resolve("errors.db");
    try (TrellisServer server = server(file)) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      HttpClientHelper.Reply waited = http.call("POST", "/threads/" + t + "/runs/wait",
          Map.of("assistant_id", "grow", "input", Map.of("log", List.of("fail"))));
      Map<?, ?> error = (Map<?, ?>) waited.map().get("__error__");
      assertTrue(String.valueOf(error.get("message")).contains("asked to fail"), waited.text());
      String run = ((Map<?, ?>) ((List<?>) http.call("GET", "/threads/" + t + "/runs", null).body()).getFirst())
          .get("run_id").toString();
      assertEquals(waited.map(), http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map());
    }
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var st = c.createStatement();
         var rs = st.executeQuery("SELECT result FROM trellis_runs")) {
      rs.next();
      assertTrue(rs.getString(1).contains("asked to fail"), rs.getString(1));
    }
  }
}
