package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** on_disconnect: "cancel" stops the run when the streaming client goes away; "continue" (the default) lets it finish. */
class DisconnectTest {

  /** Streams a slow run of {@code ticks} ticks (150 ms each), reads its first update and hangs up. */
  static String streamThenHangUp(TrellisServer server, String thread, String onDisconnect, int ticks) throws Exception {
    HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/threads/" + thread
        + "/runs/stream")).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
        HttpClientHelper.write(Map.of("assistant_id", "slow", "input", Map.of("log", List.of("in"), "n", 5 - ticks),
            "config", Map.of("recursion_limit", 1000), "stream_mode", List.of("updates"), "on_disconnect", onDisconnect))))
        .build();
    HttpResponse<InputStream> r = HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofInputStream());
    String location = r.headers().firstValue("Content-Location").orElseThrow();
    try (InputStream body = r.body()) {
      BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
      String line;
      while ((line = lines.readLine()) != null && !line.startsWith("event: updates")) {
        // read up to the first update, then hang up
      }
    }
    return location.substring(location.lastIndexOf('/') + 1);
  }

  @Test
  void cancelOnDisconnectStopsTheRun() throws Exception {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      // 505 ticks (76 s): the run cannot finish before the server notices the hang-up, however loaded the machine.
      String run = streamThenHangUp(server, t, "cancel", 505);
      Map<String, Object> out = http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
      assertEquals("interrupted", http.call("GET", "/threads/" + t + "/runs/" + run, null).get("status"));
      assertTrue(((List<?>) out.get("log")).size() < 506, "stopped early: " + out);
    }
  }

  @Test
  void continueOnDisconnectLetsTheRunFinish() throws Exception {
    try (TrellisServer server = TestServers.sqlite(TestServers.tempDir())) {
      HttpClientHelper http = new HttpClientHelper(server);
      String t = http.call("POST", "/threads", Map.of()).get("thread_id");
      String run = streamThenHangUp(server, t, "continue", 5);
      Map<String, Object> out = http.call("GET", "/threads/" + t + "/runs/" + run + "/join", null).map();
      assertEquals("success", http.call("GET", "/threads/" + t + "/runs/" + run, null).get("status"));
      assertEquals(6, ((List<?>) out.get("log")).size());
    }
  }
}
