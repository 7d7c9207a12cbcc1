package dev.trellis.apps.opencouch;

import dev.trellis.apps.opencouch.memory.ExtractorNode;
import dev.trellis.apps.opencouch.memory.LoadMemoryNode;
import dev.trellis.apps.opencouch.safety.CrisisGateNode;
import dev.trellis.apps.opencouch.safety.CrisisLogNode;
import dev.trellis.apps.opencouch.safety.CrisisResponseNode;
import dev.trellis.apps.opencouch.safety.SafetyReplyNode;
import dev.trellis.apps.opencouch.therapeutic.Therapeutic;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.NodeOptions;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.verify.Check;

/**
 * The OpenCouch conversation graph, safety first:
 *
 * <pre>
 * crisis_gate ──Command(goto)──▶ crisis_response ─▶ crisis_log ─▶ END
 *             ├────────────────▶ safety_reply ──────┘
 *             └────────────────▶ load_memory ─▶ therapeutic ─▶ finalize_turn ─┬▶ extract_semantic_facts ──┬▶ end_turn ─▶ END
 *                                                                             └▶ extract_procedural_rules ┘
 * </pre>
 *
 * {@code end_turn} waits for both extractors (it times the whole turn and ends the session
 * when the turn closed it). {@code therapeutic} is a compiled subgraph ({@link Therapeutic}). Every node that does I/O
 * retries once (two attempts); nodes catch the failures they expect themselves. Compiling
 * proves {@code Check.passesThrough("load_memory", "crisis_gate")} — no path loads memory
 * before the safety check — and refuses to build a graph where it fails.
 */
public final class OpenCouch {
  /** The assistant (and graph) id. */
  public static final String ASSISTANT = "opencouch";

  private OpenCouch() {
  }

  /** The compiled graph; {@code defaults} serve runs whose context is not a {@link CouchContext} (runs over HTTP). */
  public static CompiledGraph graph(CompileOptions options, CouchContext defaults) {
    NodeOptions io = NodeOptions.retry(RetryPolicy.maxAttempts(2));
    ExtractorNode facts = ExtractorNode.semantic(defaults);
    ExtractorNode rules = ExtractorNode.procedural(defaults);
    CompiledGraph graph = StateGraph.of(CouchState.SCHEMA)
        .addNode("crisis_gate", new CrisisGateNode(defaults),
            io.withDestinations("crisis_response", "safety_reply", "load_memory"))
        .addNode("crisis_response", new CrisisResponseNode(defaults), io.withErrorHandler(CrisisResponseNode.onFailure()))
        .addNode("safety_reply", new SafetyReplyNode())
        .addNode("crisis_log", new CrisisLogNode(defaults), io)
        .addNode("load_memory", new LoadMemoryNode(defaults), io)
        .addNode("therapeutic", Therapeutic.subgraph(defaults))
        .addNode("finalize_turn", new FinalizeTurn())
        .addNode(facts.name(), facts, io)
        .addNode(rules.name(), rules, io)
        .addNode("end_turn", new EndTurn(defaults), io)
        .addEdge(StateGraph.START, "crisis_gate")
        .addEdge("crisis_response", "crisis_log")
        .addEdge("safety_reply", "crisis_log")
        .addEdge("crisis_log", StateGraph.END)
        .addSequence("load_memory", "therapeutic", "finalize_turn")
        .addEdge("finalize_turn", facts.name())
        .addEdge("finalize_turn", rules.name())
        .addEdge(java.util.List.of(facts.name(), rules.name()), "end_turn")
        .addEdge("end_turn", StateGraph.END)
        .compile(options.withName(ASSISTANT));
    graph.verify(safetyFirst()).orThrow();
    return graph;
  }

  /** The topology property the app is built on: memory is loaded only after the crisis gate. */
  public static Check safetyFirst() {
    return Check.passesThrough("load_memory", "crisis_gate");
  }
}
