package dev.trellis.apps.opencouch.safety;

import dev.trellis.agent.message.Message;
import dev.trellis.apps.opencouch.AskedQuestion;
import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.HistoryEntry;
import dev.trellis.apps.opencouch.PendingQuestion;
import dev.trellis.apps.opencouch.Routing;
import dev.trellis.apps.opencouch.TranscriptEntry;
import dev.trellis.apps.opencouch.TurnInput;
import dev.trellis.graph.Command;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@code crisis_gate}: the hard safety boundary, the first node of every turn. Opens the turn
 * (the user's entry in {@code history} and {@code transcript}, the human message in
 * {@code messages}, the turn number), classifies the message ({@link CrisisGate}, reading the
 * last six transcript entries and the user's locale) and returns {@code Command(goto)} to
 * {@code crisis_response}, {@code safety_reply} (someone else at risk, or a language it cannot
 * read) or {@code load_memory}. Nothing reaches memory or a response before it.
 */
public final class CrisisGateNode implements Node {
  private final CouchContext defaults;

  public CrisisGateNode(CouchContext defaults) {
    this.defaults = defaults;
  }

  @Override
  public NodeResult apply(State s, Runtime rt) {
    long start = System.nanoTime();
    TurnInput in = TurnInput.of(s);
    CouchContext ctx = CouchContext.of(rt, defaults);
    List<HistoryEntry> history = CouchState.history(s);
    List<TranscriptEntry> transcript = CouchState.transcript(s);
    List<TranscriptEntry> recent = transcript.isEmpty() ? clientContext(s, in)
        : transcript.subList(Math.max(0, transcript.size() - 6), transcript.size());
    // a message that tells no language of its own is read in the conversation's, not the session's ("danke" after German)
    String conversation = s.get(CouchState.LANGUAGE);
    String assumed = ConversationLanguage.assumed(in.text(), conversation, s.get(CouchState.LOCALE));
    Assessment a = CrisisGate.decide(in.text(), recent, ctx.llmClient(),
        ConversationLanguage.locale(assumed, s.get(CouchState.LOCALE)));
    String language = ConversationLanguage.after(conversation, a.language(), in.text());
    if ("therapeutic".equals(a.route()) && language != null && !language.equals(a.language())) {
      // a short message that tells no language of its own ("Hast du Tipps?" read as French) is answered in the conversation's
      a = new Assessment(a.crisis(), a.route(), a.severity(), a.category(), a.layer(), language, a.matched());
    }
    int turn = (int) history.stream().filter(e -> "user".equals(e.role())).count() + 1;
    String route = a.route();
    TranscriptEntry userEntry = TranscriptEntry.user(turn, in.text());
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("crisis_gate_ms", CouchState.millisSince(start));
    diag.put("turn_started_at_ms", System.currentTimeMillis());
    diag.put("crisis_layer", a.layer());
    diag.put("crisis_severity", a.severity());
    diag.put("figurative", "figurative".equals(a.category()));
    diag.put("crisis_category", a.category());
    diag.put("memory_mode", ctx.memoryMode().wireName());
    rt.write(Map.of("stage", "crisis_gate", "route", route));
    Update u = Update.of(CouchState.CRISIS, a)
        .and(CouchState.ROUTING, Routing.to(route))
        .and(CouchState.MESSAGE, in.text())
        .and(CouchState.TURN, turn)
        .and(CouchState.HISTORY, List.of(CouchState.entry("user", in.text())))
        .and(CouchState.TRANSCRIPT, List.of(userEntry))
        .and(CouchState.DIAGNOSTICS, diag)
        .and(CouchState.TRACE, List.of("t" + turn + ":crisis_gate"));
    if (language != null) {
      u = u.and(CouchState.LANGUAGE, language);
    }
    if (s.get(CouchState.USER_ID) == null) {
      // an unnamed user is one per thread: anonymous chat-UI users never share memories
      u = u.and(CouchState.USER_ID, "anonymous:" + (rt.threadId() != null ? rt.threadId() : "default"));
    }
    if (s.get(CouchState.SESSION_ID) == null) {
      u = u.and(CouchState.SESSION_ID, rt.threadId() != null ? rt.threadId() : "default");
    }
    if (transcript.isEmpty() && CouchState.pendingQuestion(s).question() == null) {
      // a stateless client's answer to the question the reply it sent back asked is read against that question
      AskedQuestion asked = PendingQuestion.askedIn(lastClientReply(s, in));
      if (asked.question() != null) {
        u = u.and(CouchState.PENDING_QUESTION, asked);
      }
    }
    if (in.fromMessages()) {
      u = u.and(CouchState.CONSUMED, in.humanId());
    } else {
      // a turn sent as {"message"} shows up in messages too, as chat UIs expect
      String id = UUID.nameUUIDFromBytes((rt.threadId() + ":" + turn).getBytes(java.nio.charset.StandardCharsets.UTF_8))
          .toString();
      u = u.and(CouchState.MESSAGES, List.of(new Message.Human(id, in.text()))).and(CouchState.CONSUMED, id);
    }
    return Command.goTo(switch (route) {
      case "crisis" -> "crisis_response";
      case "third_party", "check_in" -> "safety_reply";
      default -> "load_memory";
    }).withUpdate(u);
  }

  /**
   * On a thread with no turns yet, the conversation the client sent before the turn's message (a stateless client
   * sends the whole transcript to a new thread each turn), as the gate's context: "tonight" after "I want to die"
   * is read as the answer it is. Its last six messages, oldest first; empty when the client sent none.
   */
  static List<TranscriptEntry> clientContext(State s, TurnInput in) {
    List<TranscriptEntry> out = new java.util.ArrayList<>();
    for (Message m : sentBefore(s, in)) {
      if (m instanceof Message.Human h) {
        out.add(TranscriptEntry.user(0, h.text()));
      } else if (m instanceof Message.Ai ai && !ai.text().isBlank()) {
        out.add(TranscriptEntry.assistant(0, ai.text(), null, null));
      }
    }
    return List.copyOf(out.subList(Math.max(0, out.size() - 6), out.size()));
  }

  /** The messages the client sent before the turn's own, oldest first. */
  private static List<Message> sentBefore(State s, TurnInput in) {
    List<Message> messages = s.getOrDefault(CouchState.MESSAGES, List.of());
    int end = messages.size();
    while (end > 0 && !(messages.get(end - 1) instanceof Message.Human h
        && (in.humanId() == null ? h.text().equals(in.text()) : in.humanId().equals(h.id())))) {
      end--;
    }
    return messages.subList(0, Math.max(0, end - 1));
  }

  /** The assistant reply the client sent just before the turn's message, or null when the one before is none. */
  private static String lastClientReply(State s, TurnInput in) {
    List<Message> before = sentBefore(s, in);
    return !before.isEmpty() && before.getLast() instanceof Message.Ai ai ? ai.text() : null;
  }
}
