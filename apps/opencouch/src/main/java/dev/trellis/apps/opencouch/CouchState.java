package dev.trellis.apps.opencouch;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.apps.opencouch.memory.MemoryEntry;
import dev.trellis.apps.opencouch.safety.Assessment;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import java.util.List;
import java.util.Map;

/**
 * The checkpointed state of an OpenCouch conversation (one thread per session). {@code history}
 * and {@code transcript} ({@link HistoryEntry} and {@link TranscriptEntry} records) are appended to: each turn emits only its new entries (the user's at
 * the gate, the assistant's at {@code finalize_turn} or {@code crisis_response}), the
 * checkpointer keeps the rest. {@code diagnostics} and {@code progress} are merged, so parallel
 * nodes stamp them without clobbering each other (they stay maps: an open bag of timings and
 * decisions, and partial writes merged). The turn's other values are records the checkpoint
 * serde keeps as records and the server shows with the field names of the maps they replaced;
 * read them with the static readers here ({@link #crisis}, {@link #routing}, ...), which also take
 * those maps, as a checkpoint written before the records or a client's JSON holds them. Clients,
 * stores and models never live here; they travel in the run context ({@link CouchContext}).
 */
public final class CouchState {
  /** The turn's message (input; chat UIs send {@code messages} instead). */
  public static final Key<String> MESSAGE = Key.of("message", String.class);
  public static final Key<String> USER_ID = Key.of("user_id", String.class);
  public static final Key<String> SESSION_ID = Key.of("session_id", String.class);
  /** LangChain-shaped chat messages: the human turn and the assistant's reply as an {@code ai} entry. */
  public static final Key<List<Message>> MESSAGES = Messages.KEY;
  /**
   * The conversation the prompts see, appended to. A checkpoint written before the entries were
   * records holds {@code {role, content}} maps: the first append turns them into records, and
   * {@link #history} reads either.
   */
  @SuppressWarnings("unchecked")
  public static final Key<List<HistoryEntry>> HISTORY = Key.reducing("history",
      (Class<List<HistoryEntry>>) (Class<?>) List.class, (before, update) -> concat(HistoryEntry.all(before),
          HistoryEntry.all(update)), List::of);
  /** The audit-grade record of the session, appended to; older maps are read as {@link #HISTORY}'s are. */
  @SuppressWarnings("unchecked")
  public static final Key<List<TranscriptEntry>> TRANSCRIPT = Key.reducing("transcript",
      (Class<List<TranscriptEntry>>) (Class<?>) List.class, (before, update) -> concat(TranscriptEntry.all(before),
          TranscriptEntry.all(update)), List::of);
  /**
   * The gate's {@link Assessment}. A checkpoint written before the state values were records (or a
   * client's JSON) holds a map here: read it with {@link #crisis}, which takes either.
   */
  public static final Key<Assessment> CRISIS = Key.of("crisis", Assessment.class);
  /** The turn's {@link Routing}; read it with {@link #routing} (maps as {@link #CRISIS}'s). */
  public static final Key<Routing> ROUTING = Key.of("routing", Routing.class);
  /** The turn's {@link Response}; read it with {@link #response} (maps as {@link #CRISIS}'s). */
  public static final Key<Response> RESPONSE = Key.of("response", Response.class);
  /**
   * This turn's {@link MemoryEntry} records, formatted only at prompt time; read them with
   * {@link #workingMemory} (maps as {@link #CRISIS}'s).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<MemoryEntry>> WORKING_MEMORY = (Key) Key.of("working_memory", List.class);
  /** Guided-exercise progress ({@code exercise}, {@code step}), merged. */
  public static final Key<Map<String, Object>> PROGRESS = Key.merging("progress");
  /**
   * Per-turn timings ({@code crisis_gate_ms}, {@code load_memory_ms}, ...) and decisions: merged
   * within a turn, started afresh by the write that opens a turn (the one carrying
   * {@value #TURN_STARTED}), so nothing an earlier turn recorded shows on a later one.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<Map<String, Object>> DIAGNOSTICS = (Key) Key.reducing("diagnostics", Map.class,
      CouchState::perTurn, Map::of);
  /** The diagnostics entry the gate writes first in every turn (wall-clock milliseconds). */
  public static final String TURN_STARTED = "turn_started_at_ms";
  /**
   * The yes/no question the last crisis reply asked ({@link AskedQuestion}; {@link AskedQuestion#NONE}
   * when none): the next turn reads a bare "yes" or "no" against it; every turn's last node
   * replaces it. Read it with {@link #pendingQuestion} (maps as {@link #CRISIS}'s).
   */
  public static final Key<AskedQuestion> PENDING_QUESTION = Key.of("pending_question", AskedQuestion.class);
  /** The locale whose crisis resources are shown (input, default {@code en-US}). */
  public static final Key<String> LOCALE = Key.of("locale", String.class);
  /**
   * The language the conversation is held in ({@code en}, {@code de}, {@code fr}): the last one the gate could tell from a
   * message. A short or language-neutral message ("danke", "merci", "ok") is read and answered in it, not in the
   * session's {@link #LOCALE} ({@code safety.ConversationLanguage}).
   */
  public static final Key<String> LANGUAGE = Key.of("conversation_language", String.class);
  /** The turn number (1-based), set by the gate. */
  public static final Key<Integer> TURN = Key.of("turn", Integer.class);
  /** {@code turn:node} for every node that ran: what a resumed run did and did not repeat. */
  public static final Key<List<String>> TRACE = Key.appending("trace", String.class);
  /** The id of the last human message taken as a turn's message (so a resent transcript is not a new turn). */
  public static final Key<String> CONSUMED = Key.of("consumed_message_id", String.class);

  public static final Schema SCHEMA = Schema.of(MESSAGE, USER_ID, SESSION_ID, MESSAGES, HISTORY, TRANSCRIPT, CRISIS, ROUTING,
      RESPONSE, WORKING_MEMORY, PROGRESS, DIAGNOSTICS, LOCALE, LANGUAGE, TURN, TRACE, CONSUMED, PENDING_QUESTION);

  private CouchState() {
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Map perTurn(Map before, Map update) {
    if (update == null || update.isEmpty()) {
      return before;
    }
    if (update.containsKey(TURN_STARTED) || before == null) {
      return java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(update));
    }
    Map<Object, Object> out = new java.util.LinkedHashMap<>(before);
    out.putAll(update);
    return java.util.Collections.unmodifiableMap(out);
  }

  /** The trace entry of {@code node} in this turn: {@code t{turn}:{node}}. */
  public static List<String> trace(dev.trellis.graph.State s, String node) {
    return List.of("t" + s.getOrDefault(TURN, 0) + ":" + node);
  }

  /** Milliseconds since {@code startNanos}, for the diagnostics timings. */
  public static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  /** The history of {@code s}, as records whatever checkpoint it came from. */
  public static List<HistoryEntry> history(dev.trellis.graph.State s) {
    return HistoryEntry.all(s.getOrDefault(HISTORY, List.of()));
  }

  /** The transcript of {@code s}, as records whatever checkpoint it came from. */
  public static List<TranscriptEntry> transcript(dev.trellis.graph.State s) {
    return TranscriptEntry.all(s.getOrDefault(TRANSCRIPT, List.of()));
  }

  /** The gate's assessment in {@code s} ({@link Assessment#NONE} before the gate ran), whatever wrote it. */
  public static Assessment crisis(dev.trellis.graph.State s) {
    return Assessment.from(s.get(CRISIS.name()));
  }

  /** The routing in {@code s} ({@link Routing#NONE} when nothing routed yet), whatever wrote it. */
  public static Routing routing(dev.trellis.graph.State s) {
    return Routing.from(s.get(ROUTING.name()));
  }

  /** The response in {@code s} ({@link Response#NONE} when none yet), whatever wrote it. */
  public static Response response(dev.trellis.graph.State s) {
    return Response.from(s.get(RESPONSE.name()));
  }

  /** The working memory in {@code s} (empty when none), whatever wrote it. */
  public static List<MemoryEntry> workingMemory(dev.trellis.graph.State s) {
    return MemoryEntry.all((List<?>) s.get(WORKING_MEMORY.name()));
  }

  /** The question pending in {@code s} ({@link AskedQuestion#NONE} when none), whatever wrote it. */
  public static AskedQuestion pendingQuestion(dev.trellis.graph.State s) {
    return AskedQuestion.from(s.get(PENDING_QUESTION.name()));
  }

  /** Up to {@code n} history entries before this turn's user entry (the gate appended it), oldest first. */
  public static List<HistoryEntry> priorHistory(dev.trellis.graph.State s, int n) {
    List<HistoryEntry> h = history(s);
    int end = Math.max(0, h.size() - 1);
    return h.subList(Math.max(0, end - n), end);
  }

  /** A history entry. */
  public static HistoryEntry entry(String role, String content) {
    return new HistoryEntry(role, content);
  }

  private static <E> List<E> concat(List<E> before, List<E> update) {
    if (update.isEmpty()) {
      return java.util.Collections.unmodifiableList(before);
    }
    List<E> out = new java.util.ArrayList<>(before.size() + update.size());
    out.addAll(before);
    out.addAll(update);
    return java.util.Collections.unmodifiableList(out);
  }
}
