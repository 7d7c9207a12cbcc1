package dev.trellis.apps.neura;

import dev.trellis.agent.message.Message;
import dev.trellis.channel.Overwrite;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import dev.trellis.safety.Action;
import dev.trellis.safety.Verdict;
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
 * it never outlives its turn), else the transcript's newest human message, after any earlier
 * ones preflight has not screened before in this session (by content hash: on this thread, and in
 * the server's Store under the turn's {@code session_id}, so a stateless client that sends the whole
 * transcript to a new thread each turn does not have every earlier message screened again).
 *
 * <p>A message is screened ({@link #screen}) by the library's safety classifier
 * ({@code trellis-safety}: overrides, lexicons, the embedding head, and the model as judge when
 * one is configured) with the transcript before it, then by Neura's hijack rules for prompt
 * injection, which a configured model may widen. Any action but {@code none} hijacks the turn:
 * {@code risk} (a crisis), {@code third_party} (someone else at risk), {@code unsure} (a
 * message the classifier reads but cannot call either way: its check-in band), {@code check_in}
 * (a message in a language it cannot read), or {@code injection}.
 */
public final class Preflight {
  private static final List<String> INJECTION = List.of("ignore previous instructions", "ignore all previous",
      "system prompt", "you are now", "developer mode");
  /** How many screened-message hashes a thread keeps. */
  static final int SCREENED_KEPT = 500;

  private Preflight() {
  }

  /** Preflight's update: the per-turn reset, the turn's message, the verdict and the screened hashes. */
  static Update run(State s, Runtime rt, NeuraDeps deps) throws Exception {
    List<String> previous = s.getOrDefault(TurnState.SCREENED, List.of());
    ScreenedRecord record = ScreenedRecord.of(rt.store(), s.get(TurnState.SESSION_ID));
    Set<String> known = new LinkedHashSet<>(previous);
    known.addAll(record.read());
    List<String> toScreen = toScreen(s, known);
    Optional<String> reason = Optional.empty();
    List<Message> transcript = s.getOrDefault(TurnState.MESSAGES, List.<Message>of());
    for (int i = toScreen.size() - 1; i >= 0 && reason.isEmpty(); i--) {
      reason = screen(toScreen.get(i), before(transcript, toScreen.get(i)), deps);
    }
    rt.write(Map.of("stage", "preflight", "hijacked", reason.isPresent(), "screened", toScreen.size()));
    List<String> hashes = toScreen.stream().map(Preflight::hash).toList();
    Set<String> screened = new LinkedHashSet<>(previous);
    screened.addAll(hashes);
    List<String> kept = new ArrayList<>(screened);
    record.add(hashes, SCREENED_KEPT);
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
   * {@code message}; else the transcript's newest human message, after the earlier human
   * messages not screened before (a chat UI that sends two messages before a reply).
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
    List<String> out = new ArrayList<>(human.subList(0, human.size() - 1).stream()
        .filter(t -> !screened.contains(hash(t))).toList());
    out.add(human.getLast());
    return List.copyOf(out);
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
   * Why {@code message}, after {@code history}, hijacks the turn ({@code risk},
   * {@code third_party}, {@code unsure}, {@code check_in} or {@code injection}); empty when it does not.
   */
  static Optional<String> screen(String message, List<Message> history, NeuraDeps deps) throws Exception {
    Verdict v = deps.safety().classify(message, history);
    if (v.action() == Action.CHECK_IN && v.languageSupported()) {
      return Optional.of("unsure");
    }
    if (v.action() != Action.NONE) {
      return Optional.of(v.action() == Action.CRISIS ? "risk" : v.action().wireName());
    }
    Optional<String> injection = injection(message);
    if (injection.isEmpty() && deps.model() != null && ModelSteps.isInjection(deps.model(), message)) {
      return Optional.of("injection");
    }
    return injection;
  }

  /** The transcript before the last occurrence of {@code text} as a human message (all of it when absent). */
  private static List<Message> before(List<Message> transcript, String text) {
    for (int i = transcript.size() - 1; i >= 0; i--) {
      if (transcript.get(i) instanceof Message.Human h && h.text().equals(text)) {
        return transcript.subList(0, i);
      }
    }
    return transcript;
  }

  /** Neura's hijack rules: {@code injection} when the message tries to change the assistant's instructions. */
  static Optional<String> injection(String message) {
    String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
    return INJECTION.stream().anyMatch(m::contains) ? Optional.of("injection") : Optional.empty();
  }
}
