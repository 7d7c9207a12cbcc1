package dev.trellis.safety;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.graph.Key;
import dev.trellis.graph.Node;
import dev.trellis.graph.Router;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;

/**
 * The classifier as graph parts over a {@link Messages#KEY messages} state: {@link #node()}
 * classifies the last human message (with the six messages before it) and writes the
 * {@link Verdict#toMap() verdict} under {@link #VERDICT}; {@link #router()} returns the
 * verdict's action name ({@code crisis}, {@code third_party}, {@code check_in}, {@code none})
 * for {@code addConditionalEdges} with a path map.
 *
 * <pre>{@code
 * SafetyGate gate = new SafetyGate(SafetyClassifier.standard(), "en-US");
 * graph.addNode("safety", gate.node())
 *      .addConditionalEdges("safety", gate.router(),
 *          Map.of("crisis", "crisis", "third_party", "helper", "check_in", "check_in", "none", "agent"));
 * }</pre>
 * Add {@link #VERDICT} to the graph's schema. Immutable and thread-safe.
 */
public final class SafetyGate {
  /** Where the node writes the verdict: {@code safety}, a map ({@link Verdict#toMap()}). */
  @SuppressWarnings("unchecked")
  public static final Key<Map<String, Object>> VERDICT = Key.of("safety", (Class<Map<String, Object>>) (Class<?>) Map.class);

  private final SafetyClassifier classifier;
  private final String locale;

  /** {@code locale} (e.g. {@code en-GB}) is the users' default language for messages that give no clue. */
  public SafetyGate(SafetyClassifier classifier, String locale) {
    this.classifier = classifier;
    this.locale = locale;
  }

  /** The verdict on the last human message of {@code messages}, or a none verdict when there is none. */
  public Verdict classify(List<Message> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Human h) {
        return classifier.classify(h.text(), messages.subList(0, i), locale);
      }
    }
    return new Verdict(RiskClass.NONE, Action.NONE, Layer.POLICY, "und", true, Double.NaN, "no human message");
  }

  /** A node writing the verdict under {@link #VERDICT}. */
  public Node node() {
    return (state, rt) -> Update.of(VERDICT, classify(state.getOrDefault(Messages.KEY, List.of())).toMap());
  }

  /** A router returning the verdict's action name ({@code none} when no verdict was written). */
  public Router router() {
    return SafetyGate::route;
  }

  static Object route(State state) {
    Map<String, Object> v = state.getOrDefault(VERDICT, Map.of());
    Object action = v.get("action");
    return action == null ? Action.NONE.wireName() : action;
  }
}
