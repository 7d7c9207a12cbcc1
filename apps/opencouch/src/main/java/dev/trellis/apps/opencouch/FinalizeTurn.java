package dev.trellis.apps.opencouch;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.List;
import java.util.Map;

/**
 * {@code finalize_turn}: appends the assistant's reply as one entry to {@code history} and
 * {@code transcript} and as an {@code ai} message to {@code messages}; a blank reply appends
 * nothing. Pure state manipulation, so no retry policy.
 */
final class FinalizeTurn implements Node {
  /** The id the reply's tokens were streamed under (so a chat client sees one message), or null for a new one. */
  private static String messageId(Map<String, Object> response) {
    return response.get("message_id") instanceof String id ? id : null;
  }

  @Override
  public NodeResult apply(State s, Runtime rt) {
    Map<String, Object> response = s.getOrDefault(CouchState.RESPONSE, Map.of());
    String text = response.get("text") == null ? "" : String.valueOf(response.get("text"));
    Update u = Update.of(CouchState.TRACE, CouchState.trace(s, "finalize_turn"));
    if (text.isBlank()) {
      return u;
    }
    Map<String, Object> routing = s.getOrDefault(CouchState.ROUTING, Map.of());
    Object route = routing.getOrDefault("route", "therapeutic");
    TranscriptEntry entry = TranscriptEntry.assistant(s.getOrDefault(CouchState.TURN, 0), text,
        route == null ? null : String.valueOf(route), routing.get("mode") == null ? null : String.valueOf(routing.get("mode")));
    return u.and(CouchState.HISTORY, List.of(CouchState.entry("assistant", text)))
        .and(CouchState.TRANSCRIPT, List.of(entry))
        .and(CouchState.MESSAGES, List.of(new Message.Ai(messageId(response), text, List.of(), null)));
  }
}
