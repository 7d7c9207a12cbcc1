package dev.trellis.apps.opencouch;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The yes/no question a crisis reply left pending, kept in state as {@code pending_question}:
 * the {@link PendingQuestion}'s id, its text as asked, which answer is the worrying one and, when
 * it was asked in a locale's language, that locale (its answer keeps it). {@link #NONE} (every
 * field null) is "nothing pending". On the wire it is
 * {@code {id, text, yes_means_danger, locale}} without the absent fields — {@code {}} when
 * nothing is pending — as the map it replaced.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AskedQuestion(String id, String text, @JsonProperty("yes_means_danger") Boolean yesMeansDanger,
                            String locale) {
  /** Nothing pending. */
  public static final AskedQuestion NONE = new AskedQuestion(null, null, null, null);

  /** The question asked, or null when nothing is pending or the id names no question OpenCouch asks. */
  public PendingQuestion question() {
    return PendingQuestion.byId(id);
  }

  /** The stored value as a record: itself, or the {@code pending_question} map of an older checkpoint or a client; NONE when absent. */
  public static AskedQuestion from(Object stored) {
    // only a string id names a question and only a string locale is one, as when the map was read directly
    return StoredMaps.one(stored, AskedQuestion.class, m -> new AskedQuestion(m.get("id") instanceof String id ? id : null,
        StoredMaps.string(m, "text"), StoredMaps.bool(m, "yes_means_danger"),
        m.get("locale") instanceof String l ? l : null), NONE);
  }
}
