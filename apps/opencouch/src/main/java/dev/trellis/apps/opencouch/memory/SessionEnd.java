package dev.trellis.apps.opencouch.memory;

import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.MemoryMode;
import dev.trellis.apps.opencouch.ModelCalls;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Schema;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.policy.RetryPolicy;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Ending sessions, served as assistant {@code opencouch_session_end}. Input
 * {@code {"user_id", "session_id"}} ends that session (memory mode from the run's context);
 * input without them ({@code {}} or {@code {"idle_minutes": 30}}) ends every session idle that
 * long (each in the memory mode its turns ran with) — what the server's scheduler runs every
 * five minutes ({@code SessionEndProvider}), so no client has to. A session also ends by itself
 * when a turn closes it ({@code end_turn}, {@link #end}).
 *
 * <p>{@code commit_session_memory} promotes the candidates held during each session
 * (persistent mode) or discards the session's memories (session mode); {@code summarize_session}
 * writes an episodic summary of its turn notes — a model summary when one is configured, else
 * a deterministic one of the notes' {@link Topics} — kept only in persistent mode and only when
 * it passes the {@link WritePolicy} (a summary never quotes a sensitive statement, never names
 * an internal label). Ending a session removes it from {@link MemoryStore#ACTIVE}.
 */
public final class SessionEnd {
  /** The assistant id. */
  public static final String ASSISTANT = "opencouch_session_end";
  /** The {@link CommittedMemory} records this run kept; read them with {@link #committed}, which takes older maps too. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<CommittedMemory>> COMMITTED = (Key) Key.of("committed", List.class);
  public static final Key<String> SUMMARY = Key.of("summary", String.class);
  /** Input of a sweep: how long a session must have been quiet to be ended (default {@value #DEFAULT_IDLE_MINUTES}). */
  public static final Key<Integer> IDLE_MINUTES = Key.of("idle_minutes", Integer.class);
  /** The sessions this run ended ({@link EndedSession} records); read them with {@link #ended}, which takes older maps too. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<EndedSession>> ENDED = (Key) Key.of("ended", List.class);
  public static final Schema SCHEMA = Schema.of(CouchState.USER_ID, CouchState.SESSION_ID, IDLE_MINUTES, COMMITTED, SUMMARY,
      ENDED, CouchState.DIAGNOSTICS);
  public static final int DEFAULT_IDLE_MINUTES = 30;
  static final String SUMMARY_PROMPT = "Summarise this support-chat session for the assistant's future reference in one "
      + "or two sentences: the topics the user talked about. Third person. No diagnoses, no quotes, nothing about "
      + "self-harm, suicide or danger.";
  private static final String OFFLINE_PREFIX = "In an earlier session the user ";

  private SessionEnd() {
  }

  /** The memories the run in {@code s} kept (empty when none), whatever wrote them. */
  public static List<CommittedMemory> committed(State s) {
    return CommittedMemory.all((List<?>) s.get(COMMITTED.name()));
  }

  /** The sessions the run in {@code s} ended (empty when none), whatever wrote them. */
  public static List<EndedSession> ended(State s) {
    return EndedSession.all((List<?>) s.get(ENDED.name()));
  }

  /** The compiled graph on the system clock. */
  public static CompiledGraph graph(CompileOptions options, CouchContext defaults) {
    return graph(options, defaults, Clock.systemUTC());
  }

  /** The compiled graph; {@code clock} decides which sessions are idle (the store's clock stamps activity). */
  public static CompiledGraph graph(CompileOptions options, CouchContext defaults, Clock clock) {
    NodeOptions io = NodeOptions.retry(RetryPolicy.maxAttempts(2));
    return StateGraph.of(SCHEMA)
        .addNode("commit_session_memory", (s, rt) -> commit(s, CouchContext.of(rt, defaults), clock), io)
        .addNode("summarize_session", (s, rt) -> summarize(s, CouchContext.of(rt, defaults)), io)
        .addEdge(StateGraph.START, "commit_session_memory")
        .addSequence("commit_session_memory", "summarize_session")
        .addEdge("summarize_session", StateGraph.END)
        .compile(options.withName(ASSISTANT));
  }

  /** One session to end, and how its memories were kept. */
  private record Target(String user, String session, MemoryMode mode) {
    EndedSession ended(List<CommittedMemory> committed) {
      return new EndedSession(user, session, mode.wireName(), committed, null);
    }
  }

  /** What ending one session did. */
  public record Ended(List<CommittedMemory> committed, String summary, String summarySource) {
  }

  /** Ends the session of {@code user} now in {@code mode}: promotes (or discards), summarises, unmarks it. */
  public static Ended end(CouchContext ctx, String user, String session, MemoryMode mode) {
    List<CommittedMemory> committed = promote(ctx.memoryStore(), user, session, mode);
    String[] summary = summarize(ctx, user, session, mode);
    return new Ended(committed, summary[0], summary[1]);
  }

  private static Update commit(State s, CouchContext ctx, Clock clock) {
    List<Target> targets = targets(s, ctx, clock);
    List<EndedSession> ended = new ArrayList<>();
    List<CommittedMemory> committed = new ArrayList<>();
    for (Target t : targets) {
      List<CommittedMemory> c = promote(ctx.memoryStore(), t.user(), t.session(), t.mode());
      committed.addAll(c);
      ended.add(t.ended(c));
    }
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("committed_at_session_end", committed.size());
    diag.put("sessions_ended", targets.size());
    diag.put("memory_mode", ctx.memoryMode().wireName());
    return Update.of(COMMITTED, committed).and(ENDED, ended).and(CouchState.DIAGNOSTICS, diag);
  }

  private static Update summarize(State s, CouchContext ctx) {
    List<EndedSession> ended = new ArrayList<>();
    List<String> sources = new ArrayList<>();
    String single = null;
    for (EndedSession e : ended(s)) {
      String user = String.valueOf(e.userId());
      String session = String.valueOf(e.sessionId());
      String[] summary = summarize(ctx, user, session, MemoryMode.parse(String.valueOf(e.memoryMode())));
      ended.add(e.withSummary(summary[0]));
      sources.add(summary[1]);
      single = summary[0];
    }
    boolean one = s.get(CouchState.SESSION_ID) != null;
    return Update.of(SUMMARY, one && single != null ? single : "").and(ENDED, ended)
        .and(CouchState.DIAGNOSTICS, Map.of("summary_source", sources.isEmpty() ? "none" : String.join(", ", sources)));
  }

  /** The given session, or every session idle for {@code idle_minutes} by {@code clock}. */
  private static List<Target> targets(State s, CouchContext ctx, Clock clock) {
    String user = s.get(CouchState.USER_ID);
    String session = s.get(CouchState.SESSION_ID);
    boolean hasUser = user != null && !user.isBlank();
    boolean hasSession = session != null && !session.isBlank();
    if (hasUser != hasSession) {
      throw new IllegalArgumentException("session end needs both \"user_id\" and \"session_id\" (one session), or neither "
          + "(every idle session; optional \"idle_minutes\")");
    }
    if (hasUser) {
      return List.of(new Target(user, session, ctx.memoryMode()));
    }
    int idle = s.getOrDefault(IDLE_MINUTES, DEFAULT_IDLE_MINUTES);
    if (idle <= 0) {
      throw new IllegalArgumentException("\"idle_minutes\" must be positive, got " + idle);
    }
    long cutoff = clock.millis() - idle * 60_000L;
    List<Target> out = new ArrayList<>();
    for (Item i : ctx.memoryStore().all(MemoryStore.ACTIVE)) {
      if (i.updatedAt() != null && i.updatedAt().toEpochMilli() <= cutoff) {
        out.add(new Target(String.valueOf(i.value().get("user_id")), String.valueOf(i.value().get("session_id")),
            MemoryMode.parse(String.valueOf(i.value().getOrDefault("memory_mode", "persistent")))));
      }
    }
    return out;
  }

  private static List<CommittedMemory> promote(MemoryStore store, String user, String session, MemoryMode mode) {
    List<CommittedMemory> committed = new ArrayList<>();
    if (mode == MemoryMode.OFF) {
      return committed;
    }
    for (Item held : store.all(MemoryStore.held(user, session))) {
      String text = String.valueOf(held.value().get("text"));
      if (mode == MemoryMode.PERSISTENT && WritePolicy.safeToKeep(text)) {
        String kind = String.valueOf(held.value().getOrDefault("kind", "semantic"));
        store.remember(MemoryStore.kept(user, kind), held.value());
        committed.add(new CommittedMemory(kind, text));
      }
      store.forget(MemoryStore.held(user, session), held.key());
    }
    if (mode == MemoryMode.SESSION) {
      for (String kind : MemoryStore.KINDS) {
        store.all(MemoryStore.sessionOnly(user, session, kind))
            .forEach(i -> store.forget(MemoryStore.sessionOnly(user, session, kind), i.key()));
      }
    }
    return committed;
  }

  /** {summary, source}; writes the summary (persistent mode), forgets the notes and the session's activity mark. */
  private static String[] summarize(CouchContext ctx, String user, String session, MemoryMode mode) {
    MemoryStore store = ctx.memoryStore();
    List<Item> notes = mode == MemoryMode.OFF ? List.of() : new ArrayList<>(store.all(MemoryStore.notes(user, session)));
    store.store().delete(MemoryStore.ACTIVE, MemoryStore.activeKey(user, session));
    if (notes.isEmpty()) {
      return new String[] {"", "none"};
    }
    notes.sort(Comparator.comparing(Item::createdAt, Comparator.nullsFirst(Comparator.naturalOrder())).thenComparing(Item::key));
    String source = "rules";
    String summary = offlineSummary(notes);
    if (ctx.llmClient() != null && !summary.isEmpty()) {
      String turns = notes.stream().map(SessionEnd::noteLine).collect(Collectors.joining("\n"));
      try {
        String written = ModelCalls.structured(ctx.llmClient(), SUMMARY_PROMPT, turns, Summary.class).summary();
        if (written != null && !written.isBlank() && WritePolicy.safeToKeep(written)) {
          summary = written.strip();
          source = "llm";
        } else {
          source = "rules (model summary refused by the write policy)";
        }
      } catch (Exception e) {
        source = "rules (model failed: " + e.getClass().getSimpleName() + ")";
      }
    }
    if (mode == MemoryMode.PERSISTENT && !summary.isEmpty()) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("text", summary);
      v.put("kind", "episodic");
      v.put("category", "session_summary");
      v.put("session_id", session);
      store.remember(MemoryStore.kept(user, "episodic"), v);
    }
    notes.forEach(n -> store.forget(MemoryStore.notes(user, session), n.key()));
    return new String[] {summary, source};
  }

  /** A note as the summariser's model sees it: its topics, and the message only when the write policy kept it. */
  private static String noteLine(Item n) {
    Object text = n.value().get("text");
    return "- topics: " + n.value().getOrDefault("topics", List.of())
        + (text instanceof String t && WritePolicy.safeToKeep(t) ? "; said: " + t : "");
  }

  /** What the summariser's model answers. */
  public record Summary(String summary) {
  }

  /** The topics the notes touched ("In an earlier session the user talked about work and sleep."), empty when none. */
  static String offlineSummary(List<Item> notes) {
    Set<String> topics = new LinkedHashSet<>();
    for (Item n : notes) {
      if (n.value().get("topics") instanceof List<?> l) {
        l.forEach(t -> topics.add(String.valueOf(t)));
      }
    }
    List<String> some = topics.stream().limit(4).toList();
    return some.isEmpty() ? "" : OFFLINE_PREFIX + "talked about " + Topics.join(some) + ".";
  }

  /**
   * A summary written by {@link #offlineSummary} said to the user in {@code lang} ("Last time you talked about work and
   * sleep.", "Letztes Mal haben wir über Arbeit und Schlaf gesprochen.", "La dernière fois, on a parlé de travail et de
   * sommeil."), or null: for a summary of another shape (a model's), and for one naming anything but the known topics,
   * so no sentence of the user's and no label of ours is ever said back.
   */
  public static String recalled(String summary, String lang) {
    String about = OFFLINE_PREFIX + "talked about ";
    if (summary == null || !summary.startsWith(about)) {
      return null;
    }
    List<String> topics = List.of(summary.substring(about.length()).replaceAll("[.!\\s]+$", "").split(", | and "));
    if (topics.isEmpty() || !topics.stream().allMatch(Topics::known)) {
      return null;
    }
    String said = Topics.said(topics, lang);
    return switch (lang) {
      case "de" -> "Letztes Mal haben wir über " + said + " gesprochen.";
      case "fr" -> "La dernière fois, on a parlé " + said + ".";
      default -> "Last time you talked about " + said + ".";
    };
  }
}
