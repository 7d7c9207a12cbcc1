package dev.trellis.apps.neura;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import java.util.List;
import java.util.Map;

/**
 * The checkpointed state of one Neura turn: the turn's input, the stage results, and
 * {@code completed_stages} (appended by every stage, concatenated across the parallel
 * branches). Handles and clients never live here; they travel in the run context
 * ({@link NeuraDeps}).
 */
public final class TurnState {
  /**
   * The patient's new message as a client sends it: ephemeral, so only preflight (the first
   * stage) sees it, and a later turn that sends {@code messages} instead never sees an old one.
   */
  public static final Key<String> MESSAGE = Key.ephemeral("message", String.class);
  /** The turn's message, which preflight screened: {@code message}, or the newest human message of {@code messages}. */
  public static final Key<String> TURN_MESSAGE = Key.of("turn_message", String.class);
  /** Content hashes of the human messages preflight screened on this thread (so a turn screens what is new). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<String>> SCREENED = (Key) Key.of("screened_messages", List.class);
  public static final Key<String> PATIENT_ID = Key.of("patient_id", String.class);
  public static final Key<String> PROVIDER_ID = Key.of("provider_id", String.class);
  /** The chat session; keys the skip gates (the patient when absent). */
  public static final Key<String> SESSION_ID = Key.of("session_id", String.class);
  public static final Key<String> TURN_ID = Key.of("turn_id", String.class);
  public static final Key<Boolean> SAFETY_HIJACKED = Key.of("safety_hijacked", Boolean.class);
  public static final Key<String> SAFETY_REASON = Key.of("safety_reason", String.class);
  public static final Key<List<String>> COMPLETED_STAGES = Key.appending("completed_stages", String.class);
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<Map<String, Object>> BUNDLE = (Key) Key.of("bundle", Map.class);
  public static final Key<String> EMPATHY = Key.of("empathy_note", String.class);
  public static final Key<String> CONTEXT = Key.of("context", String.class);
  public static final Key<String> RESPONSE = Key.of("response", String.class);
  /** The id the navigator's reply tokens were streamed under; finalize stores the reply with it. */
  public static final Key<String> RESPONSE_ID = Key.of("response_id", String.class);
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<Map<String, Object>> BOOKING = (Key) Key.of("booking", Map.class);
  public static final Key<String> ERROR = Key.of("error", String.class);
  /**
   * What the navigator's last reply asked the patient to confirm — a booking on a day and time, a cancel, a move — with
   * the SHA-256 of that reply ({@code after}); null when it asked nothing. Kept across turns (not an input: a client
   * cannot send it), so the next turn's yes confirms it whatever words the reply used (a model's); it counts only while
   * the transcript's last reply is that one.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<Map<String, Object>> PENDING = (Key) Key.of("pending_confirmation", Map.class);

  /** The chat transcript (LangChain-shaped messages; chat UIs send it, finalize appends the reply). */
  public static final Key<List<Message>> MESSAGES = Messages.KEY;

  /**
   * The keys each turn starts without (preflight clears them; {@code completed_stages} starts
   * again from {@code preflight}): a turn's result never carries into the next, and a failed
   * turn's {@code error} does not poison it. Kept across turns: the transcript, the ids, the
   * screened-message hashes.
   */
  public static final List<Key<?>> PER_TURN = List.of(SAFETY_REASON, BUNDLE, EMPATHY, CONTEXT, RESPONSE, RESPONSE_ID,
      BOOKING, ERROR);

  public static final Schema SCHEMA = Schema.of(MESSAGES, MESSAGE, TURN_MESSAGE, SCREENED, PATIENT_ID, PROVIDER_ID, SESSION_ID, TURN_ID, SAFETY_HIJACKED, SAFETY_REASON,
      COMPLETED_STAGES, BUNDLE, EMPATHY, CONTEXT, RESPONSE, RESPONSE_ID, BOOKING, ERROR, PENDING);

  private TurnState() {
  }
}
