package dev.trellis.apps.neura;

import dev.trellis.testkit.ApiClient;
import java.util.Map;

/** The Neura server tests' client: {@link ApiClient} plus a turn on its own thread. */
final class Http extends ApiClient {
  Http(int port) {
    super(port);
  }

  /** Runs one Neura turn on its own thread ({@code turn:{turn_id}}) and returns the final state. */
  Map<String, Object> turn(String assistant, String turnId, Map<String, Object> input) {
    String thread = NeuraTurn.serverThreadId(turnId);
    Reply t = post("/threads", Map.of("thread_id", thread, "if_exists", "do_nothing"));
    if (t.status() != 200) {
      throw new IllegalStateException("thread create: " + t.status() + " " + t.text());
    }
    Reply r = post("/threads/" + thread + "/runs/wait", Map.of("assistant_id", assistant, "input", input));
    if (r.status() != 200 || r.map().containsKey("__error__")) {
      throw new IllegalStateException("run: " + r.status() + " " + r.text());
    }
    return r.map();
  }
}
