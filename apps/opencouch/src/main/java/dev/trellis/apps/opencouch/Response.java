package dev.trellis.apps.opencouch;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The turn's reply, kept in state as {@code response}: its text, its status ({@code ok};
 * {@code fallback} when the model failed and the prepared reply was given; {@code failed} when
 * the crisis reply's node failed; {@code empty}) and the id its tokens were streamed under (so a
 * chat client sees one message), when a mode node streamed it. On the wire it is
 * {@code {text, status, message_id}} without an absent id, as the map it replaced.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Response(String text, String status, @JsonProperty("message_id") String messageId) {
  /** No reply yet. */
  public static final Response NONE = new Response(null, null, null);

  /** A reply not streamed under an id of its own. */
  public static Response of(String text, String status) {
    return new Response(text, status, null);
  }

  /** The stored value as a record: itself, or the {@code response} map of an older checkpoint or a client; NONE when absent. */
  public static Response from(Object stored) {
    return StoredMaps.one(stored, Response.class, m -> new Response(StoredMaps.string(m, "text"),
        StoredMaps.string(m, "status"), StoredMaps.string(m, "message_id")), NONE);
  }
}
