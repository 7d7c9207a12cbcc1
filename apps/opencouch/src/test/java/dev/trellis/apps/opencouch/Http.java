package dev.trellis.apps.opencouch;

import dev.trellis.testkit.ApiClient;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

/** The OpenCouch server tests' client: {@link ApiClient} plus chat turns of a user in a session. */
final class Http extends ApiClient {
  Http(int port) {
    super(port);
  }

  /** The server thread of a chat session (the server takes UUIDs). */
  static String thread(String session) {
    return UUID.nameUUIDFromBytes(("opencouch:" + session).getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** Runs {@code assistant} on {@code thread} with {@code body} (input, context, ...) and returns the final state. */
  Map<String, Object> run(String assistant, String thread, Map<String, Object> body) {
    Map<String, Object> req = new java.util.LinkedHashMap<>(body);
    req.put("assistant_id", assistant);
    req.put("if_not_exists", "create");
    Reply r = post("/threads/" + thread + "/runs/wait", req);
    if (r.status() != 200 || r.map().containsKey("__error__")) {
      throw new IllegalStateException("run: " + r.status() + " " + r.text());
    }
    return r.map();
  }

  /** One OpenCouch turn of {@code user} in {@code session}. */
  Map<String, Object> turn(String user, String session, String message) {
    return run("opencouch", thread(session), Map.of("input", Map.of("message", message, "user_id", user,
        "session_id", session)));
  }
}
