package dev.trellis.apps.opencouch.memory;

import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.safety.Assessment;
import dev.trellis.apps.opencouch.MemoryMode;
import dev.trellis.apps.opencouch.ModelCalls;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two post-response extractors, {@code extract_semantic_facts} and
 * {@code extract_procedural_rules}, which run in parallel after {@code finalize_turn}. Each
 * skips small talk and memory-off turns, proposes candidates (a structured-output model call
 * when a model is configured, else {@link FactRules} / {@link ProceduralRules}; a failing
 * model falls back to the rules), and applies the {@link WritePolicy}: commit now (to the
 * kept namespace, or the session's own in session mode), hold for session end, or drop. The
 * semantic lane also keeps the turn's note for the session summary — its {@link Topics}, and
 * the message itself only when the gate saw no risk at all and the write policy lets it
 * through — under a key of the turn and the thread (or, with no thread, the task), so two
 * threads or two stateless runs of one session never overwrite each other's notes; and it
 * marks the session active ({@link MemoryStore#touch}) for the idle sweep.
 */
public final class ExtractorNode implements Node {
  static final String FACTS_PROMPT = "Extract durable facts the user states about themselves (name, job, where they "
      + "live, pets, people in their life, hobbies, health). Third person. Do not include passing feelings. Answer with the "
      + "JSON schema; an empty list when there are none.";
  static final String RULES_PROMPT = "Extract instructions the user gives about how the assistant should respond to them "
      + "(tone, length, things to avoid, what to call them). Mark explicit=true only when stated outright. Answer with the "
      + "JSON schema; an empty list when there are none.";
  private final String kind;
  private final String timing;
  private final CouchContext defaults;

  private ExtractorNode(String kind, String timing, CouchContext defaults) {
    this.kind = kind;
    this.timing = timing;
    this.defaults = defaults;
  }

  /** {@code extract_semantic_facts}. */
  public static ExtractorNode semantic(CouchContext defaults) {
    return new ExtractorNode("semantic", "extract_facts", defaults);
  }

  /** {@code extract_procedural_rules}. */
  public static ExtractorNode procedural(CouchContext defaults) {
    return new ExtractorNode("procedural", "extract_procedural", defaults);
  }

  /** The node's name in the graph. */
  public String name() {
    return kind.equals("semantic") ? "extract_semantic_facts" : "extract_procedural_rules";
  }

  @Override
  public NodeResult apply(State s, Runtime rt) throws Exception {
    long start = System.nanoTime();
    CouchContext ctx = CouchContext.of(rt, defaults);
    String message = s.get(CouchState.MESSAGE);
    String user = s.get(CouchState.USER_ID);
    String session = s.get(CouchState.SESSION_ID);
    Map<String, Object> diag = new LinkedHashMap<>();
    if (ctx.memoryMode() == MemoryMode.OFF) {
      diag.put(timing + "_skipped", "memory_off");
    } else {
      if (kind.equals("semantic")) {
        keepNote(ctx.memoryStore(), s, rt, diag);
        ctx.memoryStore().touch(user, session, ctx.memoryMode());
      }
      if (SmallTalk.is(message)) {
        diag.put(timing + "_skipped", "small_talk");
      } else {
        List<Candidate> candidates = propose(ctx, message, diag);
        diag.putAll(apply(ctx, user, session, candidates));
      }
    }
    diag.put(timing + "_ms", CouchState.millisSince(start));
    return Update.of(CouchState.DIAGNOSTICS, diag).and(CouchState.TRACE, CouchState.trace(s, name()));
  }

  private static void keepNote(MemoryStore store, State s, Runtime rt, Map<String, Object> diag) {
    String message = s.get(CouchState.MESSAGE);
    int turn = s.getOrDefault(CouchState.TURN, 0);
    // no verdict at all (a hand-written state, a client's {}): none, as when the map had no severity
    Assessment crisis = CouchState.crisis(s);
    Object severity = Assessment.NONE.equals(crisis) ? "none" : crisis.severity();
    Map<String, Object> note = new LinkedHashMap<>();
    note.put("turn", turn);
    note.put("topics", Topics.of(message));
    boolean quotable = "none".equals(String.valueOf(severity)) && WritePolicy.safeToKeep(message);
    if (quotable) {
      note.put("text", message);
    }
    String run = rt.threadId() != null ? rt.threadId() : rt.taskId();
    store.keep(MemoryStore.notes(s.get(CouchState.USER_ID), s.get(CouchState.SESSION_ID)),
        String.format("%05d:%s", turn, run), note);
    diag.put("note_text_kept", quotable);
  }

  private List<Candidate> propose(CouchContext ctx, String message, Map<String, Object> diag) {
    if (ctx.llmClient() != null) {
      try {
        List<Candidate> out = new ArrayList<>();
        if (kind.equals("semantic")) {
          Candidate.Facts f = ModelCalls.structured(ctx.llmClient(), FACTS_PROMPT, message, Candidate.Facts.class);
          f.facts().forEach(x -> out.add(new Candidate("semantic", x.text(), x.category(), true)));
        } else {
          Candidate.Rules r = ModelCalls.structured(ctx.llmClient(), RULES_PROMPT, message, Candidate.Rules.class);
          r.rules().forEach(x -> out.add(new Candidate("procedural", x.text(), "instruction", x.explicit())));
        }
        diag.put(timing + "_source", "llm");
        return out;
      } catch (Exception e) {
        diag.put(timing + "_llm_error", e.getClass().getSimpleName());
      }
    }
    diag.put(timing + "_source", "rules");
    return kind.equals("semantic") ? FactRules.extract(message) : ProceduralRules.extract(message);
  }

  private Map<String, Object> apply(CouchContext ctx, String user, String session, List<Candidate> candidates) {
    MemoryStore store = ctx.memoryStore();
    List<Map<String, Object>> decisions = new ArrayList<>();
    List<String> heldNs = MemoryStore.held(user, session);
    for (Candidate c : candidates) {
      String key = MemoryStore.keyOf(c.text());
      boolean alreadyHeld = store.store().get(heldNs, key) != null;
      WritePolicy.Decision d = WritePolicy.decide(c, alreadyHeld);
      switch (d) {
        case COMMIT -> {
          store.remember(ctx.memoryMode() == MemoryMode.PERSISTENT ? MemoryStore.kept(user, c.kind())
              : MemoryStore.sessionOnly(user, session, c.kind()), value(c, session));
          if (alreadyHeld) {
            store.forget(heldNs, key);
          }
        }
        case HOLD -> store.keep(heldNs, key, value(c, session));
        case DROP -> {
        }
      }
      decisions.add(Map.of("text", c.text(), "decision", d.name().toLowerCase(java.util.Locale.ROOT)));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(kind + "_decisions", decisions);
    return out;
  }

  static Map<String, Object> value(Candidate c, String session) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("text", c.text());
    v.put("kind", c.kind());
    v.put("category", c.category());
    v.put("explicit", c.explicit());
    v.put("session_id", session);
    return v;
  }

  /** The items held for session end (for tests and the chat's memory view). */
  public static List<Item> held(MemoryStore store, String user, String session) {
    return store.all(MemoryStore.held(user, session));
  }
}
