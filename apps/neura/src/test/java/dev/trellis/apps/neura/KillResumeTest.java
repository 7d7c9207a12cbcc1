package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A worker killed with SIGKILL between {@code preflight} and {@code navigator}: another
 * worker takes the run over when the lease expires and resumes from the last checkpoint —
 * preflight does not run again, the navigator answers.
 */
class KillResumeTest {
  record Child(Process process, int port) {
  }

  static Child start(String url, String worker, String marker) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), NeuraServerMain.class.getName(),
        url, worker, "1500", marker).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null) {
      if (line.startsWith("PORT ")) {
        int port = Integer.parseInt(line.substring(5).trim());
        Thread.ofVirtual().start(() -> {
          try {
            while (out.readLine() != null) {
              // drain the child's log so it never blocks
            }
          } catch (java.io.IOException ignored) {
            // the child died
          }
        });
        return new Child(p, port);
      }
    }
    throw new IllegalStateException("server " + worker + " exited before listening");
  }

  @Test
  @SuppressWarnings("unchecked")
  void killedTurnResumesWithoutRerunningPreflight() throws Exception {
    String base = System.getenv("TRELLIS_PG_URL");
    assertNotNull(base, "TRELLIS_PG_URL is not set: run the tests with tmvn");
    String schema = "neura_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(base); var st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + schema);
    }
    String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    Path marker = Files.createTempDirectory("neura-kill").resolve("reached");
    Child a = start(url, "wa", marker.toString());
    Child b = null;
    try {
      String thread = NeuraTurn.serverThreadId("kill-1");
      Http.Reply r = new Http(a.port()).post("/threads/" + thread + "/runs", Map.of("assistant_id", "neura",
          "if_not_exists", "create", "input", Map.of("message", "anxiety at night", "patient_id", "pat-1")));
      assertEquals(200, r.status(), r.text());
      String run = (String) r.map().get("run_id");
      for (int i = 0; i < 1000 && !Files.exists(marker); i++) {
        Thread.sleep(20);
      }
      assertTrue(Files.exists(marker), "worker A never reached context_assembly");
      a.process().destroyForcibly().waitFor();
      assertEquals(137, a.process().exitValue(), "killed with SIGKILL");
      b = start(url, "wb", "-");
      HttpResponse<String> joined = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create("http://127.0.0.1:" + b.port() + "/threads/" + thread + "/runs/" + run + "/join")).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, joined.statusCode(), joined.body());
      Map<String, Object> state = Http.JSON.readValue(joined.body(), Map.class);
      List<String> stages = (List<String>) state.get("completed_stages");
      assertEquals(List.of("preflight", "assembly_gate", "empathy", "context_assembly", "context_format", "navigator",
          "finalize").stream().sorted().toList(), stages.stream().sorted().toList(), "each stage once: " + stages);
      assertEquals("preflight", stages.getFirst());
    } finally {
      a.process().destroyForcibly().waitFor();
      if (b != null) {
        b.process().destroyForcibly().waitFor();
      }
      try (Connection c = DriverManager.getConnection(base); var st = c.createStatement()) {
        st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      }
    }
  }
}
