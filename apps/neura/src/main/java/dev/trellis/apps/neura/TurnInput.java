package dev.trellis.apps.neura;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * What a client may send to start a turn — the graph's input schema. Every other state key
 * ({@code error}, {@code response}, {@code bundle}, …) is the turn's own: the server drops it
 * from a run's input (and lists it under the run's {@code dropped_input_keys} metadata, as
 * LangGraph's servers drop keys outside the input schema); {@code invoke} in process refuses it
 * ({@code NOT_AN_INPUT}). The constraints are checked before a run exists (a 422 over HTTP,
 * {@code InvalidInputException} in process) and shown in the served input schema.
 *
 * @param message the patient's new message (or send it as the last of {@code messages})
 * @param messages chat UIs' transcript (LangChain message dicts); the last one is the patient's new message
 * @param patientId the patient; feeds {@code patient_context} and {@code session_narrative}
 * @param providerId narrows {@code provider_genome} to one provider
 * @param sessionId the chat session, which keys the skip gates (the patient when absent)
 * @param turnId names the turn (thread {@code turn:{turn_id}}, booking idempotency keys)
 */
@HasTurnMessage
public record TurnInput(
    @Size(min = 1, max = MAX_MESSAGE_CHARS) @Pattern(regexp = NOT_BLANK, message = "must not be blank") String message,
    @Size(min = 1, max = MAX_TRANSCRIPT) List<@NotNull Object> messages,
    @Size(max = MAX_ID_CHARS) @Pattern(regexp = ID) String patientId,
    @Size(max = MAX_ID_CHARS) @Pattern(regexp = ID) String providerId,
    @Size(max = MAX_ID_CHARS) @Pattern(regexp = ID) String sessionId,
    @Size(max = MAX_ID_CHARS) @Pattern(regexp = ID) String turnId) {

  /** The longest patient message a turn takes, in characters. */
  public static final int MAX_MESSAGE_CHARS = 4000;
  /** The most messages a transcript may carry. */
  public static final int MAX_TRANSCRIPT = 200;
  /** The longest id. */
  public static final int MAX_ID_CHARS = 64;
  /** Ids: letters, digits, dot, underscore, colon and dash. */
  static final String ID = "[A-Za-z0-9._:-]+";
  /** Some non-space character (possessive, so a long blank string costs one pass). */
  static final String NOT_BLANK = "(?s)\\s*+\\S.*";
}
