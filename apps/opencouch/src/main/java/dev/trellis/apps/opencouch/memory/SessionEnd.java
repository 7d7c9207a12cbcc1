package dev.trellis.apps.opencouch.memory;

import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.MemoryMode;
import dev.trellis.apps.opencouch.ModelCalls;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.graph.Key;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Schema;
import dev.trellis.graph.State;
import dev.trellis.graph.StateGraph;
import dev.trellis.graph.Update;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The session-end seam, served as assistant {@code opencouch_session_end}: input
 * {@code {"user_id", "session_id"}} (optionally {@code "context": {"memory_mode": ...}} on the
 * run). {@code commit_session_memory} promotes the candidates held during the session
 * (persistent mode) or discards the session's memories (session mode);
 * {@code summarize_session} writes an episodic summary of the session's turns (a model
 * summary when one is configured, else a deterministic one), kept only in persistent mode.
 */
public final class SessionEnd {
  /** The assistant id. */
  public static final String ASSISTANT = "opencouch_session_end";
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static final Key<List<Map<String, Object>>> COMMITTED = (Key) Key.of("committed", List.class);
  public static final Key<String> SUMMARY = Key.of("summary", String.class);
  public static final Schema SCHEMA = Schema.of(CouchState.USER_ID, CouchState.SESSION_ID, COMMITTED, SUMMARY,
      CouchState.DIAGNOSTICS);
  static final String SUMMARY_PROMPT = "Summarise this support-chat session for the assistant's future reference in two "
      + "or three sentences: what the user talked about and what helped. No diagnoses. Third person.";

  private SessionEnd() {
  }

  /** The compiled session-end graph. */
  public static CompiledGraph graph(CompileOptions options, CouchContext defaults) {
    NodeOptions io = NodeOptions.retry(RetryPolicy.maxAttempts(2));
    return StateGraph.of(SCHEMA)
        .addNode("commit_session_memory", (s, rt) -> commit(s, CouchContext.of(rt, defaults)), io)
        .addNode("summarize_session", (s, rt) -> summarize(s, rt, CouchContext.of(rt, defaults)), io)
        .addEdge(StateGraph.START, "commit_session_memory")
        .addSequence("commit_session_memory", "summarize_session")
        .addEdge("summarize_session", StateGraph.END)
        .compile(options.withName(ASSISTANT));
  }

  private static Update commit(State s, CouchContext ctx) {
    String user = require(s, CouchState.USER_ID);
    String session = require(s, CouchState.SESSION_ID);
    MemoryStore store = ctx.memoryStore();
    List<Map<String, Object>> committed = new ArrayList<>();
    if (ctx.memoryMode() != MemoryMode.OFF) {
      for (Item held : store.all(MemoryStore.held(user, session))) {
        if (ctx.memoryMode() == MemoryMode.PERSISTENT) {
          String kind = String.valueOf(held.value().getOrDefault("kind", "semantic"));
          store.remember(MemoryStore.kept(user, kind), held.value());
          committed.add(Map.of("kind", kind, "text", held.value().get("text")));
        }
        store.forget(MemoryStore.held(user, session), held.key());
      }
      if (ctx.memoryMode() == MemoryMode.SESSION) {
        for (String kind : MemoryStore.KINDS) {
          store.all(MemoryStore.sessionOnly(user, session, kind))
              .forEach(i -> store.forget(MemoryStore.sessionOnly(user, session, kind), i.key()));
        }
      }
    }
    return Update.of(COMMITTED, committed).and(CouchState.DIAGNOSTICS, Map.of("committed_at_session_end", committed.size(),
        "memory_mode", ctx.memoryMode().wireName()));
  }

  private static Update summarize(State s, Runtime rt, CouchContext ctx) {
    String user = s.get(CouchState.USER_ID);
    String session = s.get(CouchState.SESSION_ID);
    MemoryStore store = ctx.memoryStore();
    List<Item> notes = ctx.memoryMode() == MemoryMode.OFF ? List.of() : store.all(MemoryStore.notes(user, session));
    if (notes.isEmpty()) {
      return Update.of(SUMMARY, "").and(CouchState.DIAGNOSTICS, Map.of("summary_source", "none"));
    }
    String source = "rules";
    String summary = offlineSummary(session, notes);
    if (ctx.llmClient() != null) {
      String turns = notes.stream().map(n -> "- (" + n.value().get("mode") + ") " + n.value().get("user"))
          .collect(Collectors.joining("\n"));
      try {
        summary = ModelCalls.structured(ctx.llmClient(), SUMMARY_PROMPT, turns, Summary.class).summary();
        source = "llm";
      } catch (Exception e) {
        source = "rules (model failed: " + e.getClass().getSimpleName() + ")";
      }
    }
    if (ctx.memoryMode() == MemoryMode.PERSISTENT) {
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("text", summary);
      v.put("kind", "episodic");
      v.put("category", "session_summary");
      v.put("session_id", session);
      store.remember(MemoryStore.kept(user, "episodic"), v);
    }
    notes.forEach(n -> store.forget(MemoryStore.notes(user, session), n.key()));
    return Update.of(SUMMARY, summary).and(CouchState.DIAGNOSTICS, Map.of("summary_source", source));
  }

  /** What the summariser's model answers. */
  public record Summary(String summary) {
  }

  static String offlineSummary(String session, List<Item> notes) {
    List<String> topics = notes.stream().map(n -> String.valueOf(n.value().get("user")))
        .filter(m -> !SmallTalk.is(m)).map(m -> m.length() > 80 ? m.substring(0, 77) + "..." : m).limit(4).toList();
    List<String> modes = notes.stream().map(n -> n.value().get("mode")).filter(m -> m != null).map(String::valueOf)
        .distinct().toList();
    return "In an earlier session the user talked about: " + (topics.isEmpty() ? "small talk" : String.join("; ", topics))
        + (modes.isEmpty() ? "." : ". Modes used: " + String.join(", ", modes) + ".");
  }

  private static String require(State s, Key<String> key) {
    String v = s.get(key);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException("session end needs \"" + key.name() + "\" (input: {\"user_id\", \"session_id\"})");
    }
    return v;
  }
}
