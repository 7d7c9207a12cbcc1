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
 * for an appointment, and cancels or moves a booked session once the patient has confirmed it. The request carries an
 * idempotency key derived from the turn ({@code turn:{turn_id}:book:{provider}}, {@code …:cancel:{ref}},
 * {@code …:move:{ref}}), so a replayed or resumed turn books, cancels or moves once; the booking node has no retry
 * policy (side effects are never retried automatically).
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
          String action = (String) r.getOrDefault("action", "book");
          String key = (String) r.get("idempotency_key");
          String patient = (String) r.get("patient_id");
          return Update.of(RESULT, action.equals("book") ? data.book(key, patient, (String) r.get("provider_id"),
              (String) r.get("session_date"), (String) r.get("session_time"))
              : data.change(key, patient, (String) r.get("ref"), action, (String) r.get("moved_to"),
                  (String) r.get("session_date"), (String) r.get("session_time")));
        })
        .addEdge(StateGraph.START, "book").addEdge("book", StateGraph.END)
        .compile(CompileOptions.DEFAULT.withName("booking"));
  }

  /**
   * Books {@code provider} for the turn's patient (the navigator's plan decides who: the provider the patient asked
   * for or accepted, else the best fit accepting new patients) on the day and time the patient gave ({@code when}; null: none);
   * null when there is none to book.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> book(State s, Runtime rt, Dataset data, String provider, SessionTime when) {
    if (provider == null || s.get(TurnState.PATIENT_ID) == null) {
      return null;
    }
    String turn = s.get(TurnState.TURN_ID) != null ? NeuraTurn.threadId(s.get(TurnState.TURN_ID)) : rt.threadId();
    Map<String, Object> request = new java.util.HashMap<>(Map.of("idempotency_key", turn + ":book:" + provider,
        "patient_id", s.get(TurnState.PATIENT_ID), "provider_id", provider));
    putWhen(request, when);
    return (Map<String, Object>) subgraph(data).invokeFrom(rt, Map.of(REQUEST.name(), request)).get(RESULT.name());
  }

  /**
   * Cancels or moves the turn's patient's booking {@code change.ref()} (confirmed by the patient); the booking row after
   * the change, with {@code changed}; null without a patient or when the patient has no such booking.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> change(State s, Runtime rt, Dataset data, Navigator.Change change) {
    if (change == null || s.get(TurnState.PATIENT_ID) == null) {
      return null;
    }
    String turn = s.get(TurnState.TURN_ID) != null ? NeuraTurn.threadId(s.get(TurnState.TURN_ID)) : rt.threadId();
    Map<String, Object> request = new java.util.HashMap<>(Map.of("action", change.action(),
        "idempotency_key", turn + ":" + change.action() + ":" + change.ref(), "patient_id", s.get(TurnState.PATIENT_ID),
        "ref", change.ref()));
    if (change.movedTo() != null) {
      request.put("moved_to", change.movedTo());
    }
    putWhen(request, change.when());
    return (Map<String, Object>) subgraph(data).invokeFrom(rt, Map.of(REQUEST.name(), request)).get(RESULT.name());
  }

  private static void putWhen(Map<String, Object> request, SessionTime when) {
    if (when != null && when.storedDate() != null) {
      request.put("session_date", when.storedDate());
    }
    if (when != null && when.storedTime() != null) {
      request.put("session_time", when.storedTime());
    }
  }
}
