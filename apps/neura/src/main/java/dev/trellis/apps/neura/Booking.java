package dev.trellis.apps.neura;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.Map;

/**
 * The navigator's side-effect subgraph: books the best-fitting provider when the patient asks
 * for an appointment. The request carries an idempotency key derived from the turn
 * ({@code turn:{turn_id}:book:{provider}}), so a replayed or resumed turn books once; the
 * booking node has no retry policy (side effects are never retried automatically).
 */
public final class Booking {
  @SuppressWarnings({"unchecked", "rawtypes"})
  static final Key<Map<String, Object>> REQUEST = (Key) Key.of("booking_request", Map.class);
  @SuppressWarnings({"unchecked", "rawtypes"})
  static final Key<Map<String, Object>> RESULT = (Key) Key.of("booking_result", Map.class);

  private Booking() {
  }

  /** The booking subgraph writing to {@code data}. */
  public static CompiledGraph subgraph(Dataset data) {
    return StateGraph.of(Schema.of(REQUEST, RESULT))
        .addNode("book", (s, rt) -> {
          Map<String, Object> r = s.get(REQUEST);
          return Update.of(RESULT, data.book((String) r.get("idempotency_key"), (String) r.get("patient_id"),
              (String) r.get("provider_id")));
        })
        .addEdge(StateGraph.START, "book").addEdge("book", StateGraph.END)
        .compile(CompileOptions.DEFAULT.withName("booking"));
  }

  /**
   * Books {@code provider} for the turn's patient (the navigator's plan decides who: the provider the patient asked
   * for or accepted, else the best fit accepting new patients); null when there is none to book.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> book(State s, Runtime rt, Dataset data, String provider) {
    if (provider == null || s.get(TurnState.PATIENT_ID) == null) {
      return null;
    }
    String turn = s.get(TurnState.TURN_ID) != null ? NeuraTurn.threadId(s.get(TurnState.TURN_ID)) : rt.threadId();
    Map<String, Object> request = Map.of("idempotency_key", turn + ":book:" + provider,
        "patient_id", s.get(TurnState.PATIENT_ID), "provider_id", provider);
    return (Map<String, Object>) subgraph(data).invokeFrom(rt, Map.of(REQUEST.name(), request)).get(RESULT.name());
  }
}
