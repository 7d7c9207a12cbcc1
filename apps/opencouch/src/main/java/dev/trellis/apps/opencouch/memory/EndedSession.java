package dev.trellis.apps.opencouch.memory;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.trellis.apps.opencouch.StoredMaps;
import java.util.List;
import java.util.Map;

/**
 * One session a session-end run ended ({@link SessionEnd#ENDED}): whose, which, the memory mode
 * its turns ran with, the memories it kept and — once {@code summarize_session} ran — its
 * summary (empty when none was written). On the wire it is
 * {@code {user_id, session_id, memory_mode, committed, summary}} without a summary not written
 * yet, as the map it replaced.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EndedSession(@JsonProperty("user_id") String userId, @JsonProperty("session_id") String sessionId,
                           @JsonProperty("memory_mode") String memoryMode, List<CommittedMemory> committed,
                           String summary) {
  public EndedSession {
    committed = List.copyOf(committed);
  }

  /** This session with its summary. */
  public EndedSession withSummary(String summary) {
    return new EndedSession(userId, sessionId, memoryMode, committed, summary);
  }

  /** Entries as they may come out of state: records, or maps of an older checkpoint or a client. */
  public static List<EndedSession> all(List<?> entries) {
    return StoredMaps.all(entries, EndedSession.class, EndedSession::from);
  }

  private static EndedSession from(Map<?, ?> m) {
    return new EndedSession(StoredMaps.string(m, "user_id"), StoredMaps.string(m, "session_id"),
        StoredMaps.string(m, "memory_mode"), CommittedMemory.all((List<?>) m.get("committed")), StoredMaps.string(m, "summary"));
  }
}
