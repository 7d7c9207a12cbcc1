package dev.trellis.apps.neura;

import dev.trellis.agent.message.Message;
import dev.trellis.channel.Overwrite;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The first stage of every turn: starts the turn afresh ({@link TurnState#PER_TURN} cleared) and
 * screens the patient's new message — {@code message} when the client sent it (an ephemeral key:
 * it never outlives its turn), else the human messages of the transcript preflight has not
 * screened before on this thread (by content hash), the newest of which is the turn's message.
 * A message is hijacked when {@link #classify} flags it; with a model configured, what the rules
 * let through goes to the model, which may only add a flag.
 */
public final class Preflight {
  private static final List<String> RISK = List.of("kill myself", "suicide", "end my life", "hurt myself",
      "self-harm", "hurt someone", "overdose");
  private static final List<String> INJECTION = List.of("ignore previous instructions", "ignore all previous",
      "system prompt", "you are now", "developer mode");
  /** How many screened-message hashes a thread keeps. */
  static final int SCREENED_KEPT = 500;

  private Preflight() {
  }

  /** Preflight's update: the per-turn reset, the turn's message, the verdict and the screened hashes. */
  static Update run(State s, Runtime rt, NeuraDeps deps) throws Exception {
    List<String> previous = s.getOrDefault(TurnState.SCREENED, List.of());
    List<String> toScreen = toScreen(s, Set.copyOf(previous));
    Optional<String> reason = Optional.empty();
    for (int i = toScreen.size() - 1; i >= 0 && reason.isEmpty(); i--) {
      String message = toScreen.get(i);
      reason = classify(message);
      if (reason.isEmpty() && deps.model() != null) {
        reason = ModelSteps.classify(deps.model(), message);
      }
    }
    rt.write(Map.of("stage", "preflight", "hijacked", reason.isPresent(), "screened", toScreen.size()));
    Set<String> screened = new LinkedHashSet<>(previous);
    toScreen.forEach(m -> screened.add(hash(m)));
    List<String> kept = new ArrayList<>(screened);
    Map<String, Object> u = new LinkedHashMap<>();
    for (Key<?> k : TurnState.PER_TURN) {
      u.put(k.name(), null);
    }
    u.put(TurnState.COMPLETED_STAGES.name(), new Overwrite(List.of(StageId.PREFLIGHT.id())));
    u.put(TurnState.TURN_MESSAGE.name(), toScreen.getLast());
    u.put(TurnState.SAFETY_HIJACKED.name(), reason.isPresent());
    u.put(TurnState.SAFETY_REASON.name(), reason.orElse(null));
    u.put(TurnState.SCREENED.name(), List.copyOf(kept.subList(Math.max(0, kept.size() - SCREENED_KEPT), kept.size())));
    return Update.of(u);
  }

  /**
   * What this turn screens, oldest first (the last is the turn's message): the client's
   * {@code message}; else the transcript's human messages not screened before; else (the client
   * sent again a text screened before) the transcript's newest human message.
   */
  static List<String> toScreen(State s, Set<String> screened) {
    if (s.get(TurnState.MESSAGE) != null) {
      return List.of(s.get(TurnState.MESSAGE));
    }
    List<String> human = new ArrayList<>();
    for (Message m : s.getOrDefault(TurnState.MESSAGES, List.<Message>of())) {
      if (m instanceof Message.Human h) {
        human.add(h.text());
      }
    }
    if (human.isEmpty()) {
      throw new IllegalStateException("a Neura turn needs \"message\" or a human message in \"messages\"");
    }
    List<String> fresh = human.stream().filter(t -> !screened.contains(hash(t))).toList();
    return fresh.isEmpty() ? List.of(human.getLast()) : fresh;
  }

  /** A message's content hash (SHA-256 of its text, hex). */
  static String hash(String text) {
    try {
      return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  /**
   * The offline screen of one message: the reason it is hijacked ({@code risk} or
   * {@code injection}), empty when it is safe.
   */
  public static Optional<String> classify(String message) {
    String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
    if (RISK.stream().anyMatch(m::contains)) {
      return Optional.of("risk");
    }
    if (INJECTION.stream().anyMatch(m::contains)) {
      return Optional.of("injection");
    }
    return Optional.empty();
  }
}
