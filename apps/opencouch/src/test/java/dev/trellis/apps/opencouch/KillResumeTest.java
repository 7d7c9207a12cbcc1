package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.safety.JdbcCrisisLog;
import dev.trellis.testkit.ChildJvm;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A server killed with SIGKILL inside {@code crisis_log}, after the record was written: a new
 * server on the same SQLite file takes the run over when the lease expires and resumes from
 * the last checkpoint — {@code crisis_gate} and {@code crisis_response} do not run again (the
 * model saw each call once), {@code crisis_log} re-runs and keeps one record. The run asks for
 * {@code durability: sync} (each step's checkpoint saved before the next step starts); under the
 * default {@code async}, a kill can land before the last step's save and that step re-runs —
 * the crisis log still keeps one record.
 */
class KillResumeTest {
  static ChildJvm start(Path db, String worker, Path calls, String marker) throws Exception {
    return ChildJvm.startServer(CouchServerMain.class, db.toString(), worker, "1500", calls.toString(), marker);
  }

  @Test
  @SuppressWarnings("unchecked")
  void killedCrisisTurnResumesWithoutRerunningFinishedNodesOrLoggingTwice() throws Exception {
    Path dir = Files.createTempDirectory("opencouch-kill");
    Path db = dir.resolve("trellis.db");
    Path calls = dir.resolve("calls.txt");
    Path marker = dir.resolve("logged");
    ChildJvm a = start(db, "wa", calls, marker.toString());
    ChildJvm b = null;
    try {
      String thread = Http.thread("kill-1");
      Http.Reply r = new Http(a.port()).post("/threads/" + thread + "/runs", Map.of("assistant_id", "opencouch",
          "if_not_exists", "create", "durability", "sync", "input", Map.of("message", "I can't go on like this", "user_id", "kill-user",
              "session_id", "kill-1")));
      assertEquals(200, r.status(), r.text());
      String run = (String) r.map().get("run_id");
      for (int i = 0; i < 1500 && !Files.exists(marker); i++) {
        Thread.sleep(20);
      }
      assertTrue(Files.exists(marker), "worker A never reached crisis_log");
      assertEquals(137, a.kill9(), "killed with SIGKILL");
      b = start(db, "wb", calls, "-");
      HttpResponse<String> joined = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create("http://127.0.0.1:" + b.port() + "/threads/" + thread + "/runs/" + run + "/join")).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, joined.statusCode(), joined.body());
      Map<String, Object> state = Http.JSON.readValue(joined.body(), Map.class);
      assertEquals(List.of("t1:crisis_gate", "t1:crisis_response", "t1:crisis_log"), state.get("trace"));
      // the gate's lexicon decides this message, so its judge is not asked: the one model call is the reply
      assertEquals(List.of("reply"), Files.readAllLines(calls), "the crisis reply ran once, before the kill");
      assertEquals(1, JdbcCrisisLog.sqlite(db).forThread(thread).size(), "one crisis-log record");
    } finally {
      a.close();
      if (b != null) {
        b.close();
      }
    }
  }
}
