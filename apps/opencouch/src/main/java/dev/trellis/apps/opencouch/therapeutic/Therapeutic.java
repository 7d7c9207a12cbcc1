package dev.trellis.apps.opencouch.therapeutic;

import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.PendingQuestion;
import dev.trellis.apps.opencouch.Routing;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.policy.RetryPolicy;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The therapeutic subgraph, one node of the parent graph: {@code dispatcher} picks a mode and
 * one of the six mode nodes answers (a bare yes/no to a crisis reply's pending question goes
 * to {@code supportive}, dispatched {@code follow_up}, which answers it against the question). Its input leaves out {@code trace} and
 * {@code diagnostics} (they start empty inside) and its output is only {@code routing},
 * {@code response}, {@code progress}, {@code diagnostics}, {@code trace} and
 * {@code pending_question} (every mode node replaces it): the parent's
 * append reducers on {@code history} and {@code transcript} never see the subgraph's copy of
 * them, so nothing is counted twice. Each node has its own retry policy.
 */
public final class Therapeutic {
  /** The output keys: what flows back to the parent. */
  public static final List<String> OUTPUT = List.of("routing", "response", "progress", "diagnostics", "trace",
      "pending_question");

  private Therapeutic() {
  }

  /** Whether this conversation's last reply asked the user a question (its text ends with one). */
  static boolean lastReplyAsked(dev.trellis.graph.State s) {
    List<dev.trellis.apps.opencouch.TranscriptEntry> t = CouchState.transcript(s);
    for (int i = t.size() - 1; i >= 0; i--) {
      if ("assistant".equals(t.get(i).role())) {
        String c = t.get(i).content();
        return c != null && c.strip().endsWith("?");
      }
    }
    return false;
  }

  public static CompiledGraph subgraph(CouchContext defaults) {
    Schema schema = Schema.of(CouchState.MESSAGE, CouchState.USER_ID, CouchState.SESSION_ID, CouchState.HISTORY,
        CouchState.TRANSCRIPT, CouchState.WORKING_MEMORY, CouchState.PROGRESS, CouchState.ROUTING, CouchState.RESPONSE, CouchState.DIAGNOSTICS,
        CouchState.TURN, CouchState.TRACE, CouchState.PENDING_QUESTION, CouchState.LOCALE, CouchState.CRISIS);
    StateGraph g = StateGraph.of(schema)
        .inputKeys("message", "user_id", "session_id", "history", "transcript", "working_memory", "progress", "routing", "turn",
            "pending_question", "locale", "crisis")
        .outputKeys(OUTPUT.toArray(String[]::new));
    g.addNode("dispatcher", (s, rt) -> {
      long start = System.nanoTime();
      Dispatcher.Choice c = PendingQuestion.followUp(s) != null
          ? new Dispatcher.Choice(Mode.SUPPORTIVE, "follow_up", CouchState.pendingQuestion(s).id())
          : Dispatcher.choose(s.get(CouchState.MESSAGE), s.getOrDefault(CouchState.PROGRESS, Map.of()),
              CouchContext.of(rt, defaults).llmClient(), lastReplyAsked(s));
      rt.write(Map.of("stage", "dispatcher", "mode", c.mode().node()));
      Map<String, Object> diag = new LinkedHashMap<>();
      diag.put("dispatch_ms", CouchState.millisSince(start));
      diag.put("dispatch_via", c.via());
      diag.put("dispatch_matched", c.matched());
      return Update.of(CouchState.ROUTING, Routing.therapeutic(c.mode().node()))
          .and(CouchState.DIAGNOSTICS, diag).and(CouchState.TRACE, CouchState.trace(s, "dispatcher"));
    }, NodeOptions.retry(RetryPolicy.maxAttempts(2)));
    for (Mode m : Mode.values()) {
      g.addNode(m.node(), new ModeNode(m, defaults), NodeOptions.retry(RetryPolicy.maxAttempts(2)));
      g.addEdge(m.node(), StateGraph.END);
    }
    g.addEdge(StateGraph.START, "dispatcher");
    g.addConditionalEdges("dispatcher", s -> String.valueOf(CouchState.routing(s).mode()),
        Arrays.stream(Mode.values()).map(Mode::node).toList());
    return g.compile(CompileOptions.DEFAULT.withName("therapeutic"));
  }
}
