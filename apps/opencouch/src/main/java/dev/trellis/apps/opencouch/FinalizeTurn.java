package dev.trellis.apps.opencouch;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.List;

/**
 * {@code finalize_turn}: appends the assistant's reply as one entry to {@code history} and
 * {@code transcript} and as an {@code ai} message to {@code messages}; a blank reply appends
 * nothing. Pure state manipulation, so no retry policy.
 */
final class FinalizeTurn implements Node {
  @Override
  public NodeResult apply(State s, Runtime rt) {
    Response response = CouchState.response(s);
    String text = response.text() == null ? "" : response.text();
    Update u = Update.of(CouchState.TRACE, CouchState.trace(s, "finalize_turn"));
    if (text.isBlank()) {
      return u;
    }
    Routing routing = CouchState.routing(s);
    String route = routing.route() == null ? "therapeutic" : routing.route();
    TranscriptEntry entry = TranscriptEntry.assistant(s.getOrDefault(CouchState.TURN, 0), text, route, routing.mode());
    return u.and(CouchState.HISTORY, List.of(CouchState.entry("assistant", text)))
        .and(CouchState.TRANSCRIPT, List.of(entry))
        .and(CouchState.MESSAGES, List.of(new Message.Ai(response.messageId(), text, List.of(), null)));
  }
}
