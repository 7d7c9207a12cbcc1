package dev.trellis.apps.rrc;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;

/**
 * A test's RRC conversation through a {@link Fixture} whose operator creations are counted ({@code creations}): a turn,
 * the thread's state, and what the assistant said last.
 */
abstract class CountedConversation {
  final Fixture f = new Fixture();
  final AtomicInteger creations = new AtomicInteger();
  final RrcDeps counted = f.countingCreations(creations);

  @AfterEach
  void close() {
    f.close();
  }

  void turn(String thread, String message) {
    f.turn(counted, thread, message);
  }

  Map<String, Object> state(String thread) {
    return f.values(counted, thread);
  }

  /** One turn of {@code message} on {@code thread}, and the assistant's reply to it. */
  String say(String thread, String message) {
    turn(thread, message);
    return Wire.lastAiText(Wire.messages(state(thread)));
  }
}
