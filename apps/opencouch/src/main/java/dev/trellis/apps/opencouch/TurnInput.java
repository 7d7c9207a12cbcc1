package dev.trellis.apps.opencouch;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.State;
import java.util.List;

/**
 * Which message a turn answers. A chat UI sends the whole transcript as {@code messages}: the
 * last human message is the turn's, unless it was already answered (its id is the consumed
 * one). Otherwise the {@code message} input is the turn's.
 */
public record TurnInput(String text, String humanId, boolean fromMessages) {

  /** The turn's message, or fails naming both accepted inputs. */
  public static TurnInput of(State s) {
    List<Message> messages = s.getOrDefault(CouchState.MESSAGES, List.of());
    String consumed = s.get(CouchState.CONSUMED);
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Human h) {
        if (h.id() != null && !h.id().equals(consumed)) {
          return new TurnInput(h.text(), h.id(), true);
        }
        break;
      }
    }
    String message = s.get(CouchState.MESSAGE);
    if (message == null || message.isBlank()) {
      throw new IllegalArgumentException("an OpenCouch turn needs \"message\" (with \"user_id\" and \"session_id\") "
          + "or a new human message in \"messages\"");
    }
    return new TurnInput(message, null, false);
  }
}
