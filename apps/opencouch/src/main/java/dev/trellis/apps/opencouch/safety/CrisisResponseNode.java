package dev.trellis.apps.opencouch.safety;

import dev.trellis.agent.message.Message;
import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.ModelCalls;
import dev.trellis.apps.opencouch.Response;
import dev.trellis.apps.opencouch.Routing;
import dev.trellis.apps.opencouch.PendingQuestion;
import dev.trellis.apps.opencouch.TranscriptEntry;
import dev.trellis.graph.ErrorHandler;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.MessageStream;
import dev.trellis.runtime.Runtime;
import java.util.List;
import java.util.Map;

/**
 * {@code crisis_response}: the reply on the crisis branch, with a psychological-first-aid
 * overlay — acknowledge, say plainly that help exists, list the locale's safety resources,
 * ask exactly one yes/no question, remembered as {@link CouchState#PENDING_QUESTION}. When the
 * previous reply asked one and this message is a bare "yes" or "no", the reply answers that
 * ({@link PendingQuestion#follow}) instead of starting over. With a model the opening words are
 * the model's (streamed, any question in them removed), the resources and the question are
 * always appended by this node; a failing model gives the prepared reply ({@code status: fallback}).
 * {@link #onFailure} is the node's error handler: when even that fails, the prepared reply is
 * still given ({@code status: failed}) so {@code crisis_log} always runs.
 */
public final class CrisisResponseNode implements Node {
  static final String PFA_PROMPT = "You are OpenCouch, a support companion, answering someone who may be in crisis. "
      + "Follow psychological first aid: acknowledge what they said warmly and without judgement, say they deserve support "
      + "right now, and encourage reaching out to the resources listed below. Two or three short sentences. Do not ask "
      + "questions; do not give advice about methods; do not diagnose.";
  private final CouchContext defaults;

  public CrisisResponseNode(CouchContext defaults) {
    this.defaults = defaults;
  }

  @Override
  public NodeResult apply(State s, Runtime rt) {
    CouchContext ctx = CouchContext.of(rt, defaults);
    Assessment crisis = CouchState.crisis(s);
    String locale = locale(s, crisis);
    List<CrisisResources.Resource> resources = CrisisResources.forLocale(locale);
    MessageStream out = ModelCalls.open(rt, ctx.llmClient(), s.get(CouchState.MESSAGE));
    PendingQuestion.FollowUp followUp = PendingQuestion.followUpOnCrisis(s);
    if (followUp != null) {
      // a bare yes/no to the question we asked: answered deterministically, never re-asked
      String text = ModelCalls.emit(out, followUp.text());
      ModelCalls.end(out, text);
      return reply(s, text, "ok", "crisis_response", out.messageId(), followUp.next(), followUp.locale());
    }
    // "No. I wouldn't do anything. I just feel trapped": a reassuring answer to our question on a message the gate
    // still reads as ideation or a warning sign (never a plan, means, an attempt or self-harm) is acknowledged, and
    // the next question is who can be with them, not the one just answered.
    boolean reassured = REASSURABLE.contains(crisis.category()) && PendingQuestion.reassures(s);
    PendingQuestion question = reassured ? PendingQuestion.SOMEONE_WITH_YOU : question(crisis);
    String tail = "\n\n" + CrisisResources.format(resources) + "\n\n" + question.text(locale);
    String status = "ok";
    String opening;
    if (ctx.llmClient() != null) {
      try {
        opening = withoutQuestions(ModelCalls.stream(ctx.llmClient(), out, PFA_PROMPT + answerIn(locale) + "\n\nResources:\n"
            + CrisisResources.format(resources), CouchState.priorHistory(s, 6), s.get(CouchState.MESSAGE)));
      } catch (Exception e) {
        status = "fallback";
        opening = ModelCalls.emit(out, reassured ? reassuredOpening(locale) : opening(crisis, locale));
      }
    } else {
      opening = ModelCalls.emit(out, reassured ? reassuredOpening(locale) : opening(crisis, locale));
    }
    // the resources and the question are the node's, whatever the model said
    String text = opening + ModelCalls.emit(out, tail);
    ModelCalls.end(out, text);
    return reply(s, text, status, "crisis_response", out.messageId(), question, locale);
  }

  /**
   * The reply's locale: the language the gate read in the message (German, French, English)
   * with that country's resources, else the session's ({@link ReplyLocale}).
   */
  static String locale(State s, Assessment crisis) {
    return ReplyLocale.of(s.get(CouchState.LOCALE), crisis.language());
  }

  private static String answerIn(String locale) {
    return ReplyLocale.pick(locale, "", " Answer in German.", " Answer in French.");
  }

  /** The model's opening without the questions it was told not to ask: the reply asks exactly one, ours. */
  static String withoutQuestions(String opening) {
    return opening.replaceAll("[^.!?\\n]*\\?", "").replaceAll("[ \\t]{2,}", " ").strip();
  }

  /** The error handler of {@code crisis_response}: the prepared reply, marked failed, so the log still runs. */
  public static ErrorHandler onFailure() {
    return (s, rt, error) -> {
      Assessment crisis = CouchState.crisis(s);
      PendingQuestion.FollowUp followUp = PendingQuestion.followUpOnCrisis(s);
      if (followUp != null) {
        return reply(s, followUp.text(), "failed", "crisis_response", null, followUp.next(), followUp.locale()).and(CouchState.DIAGNOSTICS,
            Map.of("crisis_response_error", String.valueOf(error)));
      }
      String locale = locale(s, crisis);
      String text = opening(crisis, locale) + "\n\n" + CrisisResources.format(CrisisResources.forLocale(locale))
          + "\n\n" + question(crisis).text(locale);
      return reply(s, text, "failed", "crisis_response", null, question(crisis), locale).and(CouchState.DIAGNOSTICS,
          Map.of("crisis_response_error", String.valueOf(error)));
    };
  }

  static String opening(Assessment crisis, String locale) {
    if ("violence".equals(crisis.category())) {
      return ReplyLocale.pick(locale,
          "I'm really glad you told me how intense this feels. When anger gets this strong it can be frightening, "
              + "and you don't have to handle it alone. Please reach out to someone who can help right now:",
          "Danke, dass du mir sagst, wie heftig sich das gerade anfühlt. Wenn die Wut so stark wird, kann das Angst "
              + "machen, und du musst damit nicht allein umgehen. Bitte wende dich jetzt an jemanden, der helfen kann:",
          "Merci de me dire à quel point c'est intense. Quand la colère devient aussi forte, ça peut faire peur, et tu "
              + "n'as pas à gérer ça seul·e. Contacte maintenant quelqu'un qui peut t'aider :");
    }
    return ReplyLocale.pick(locale,
        "I'm really glad you told me, and I'm sorry you're carrying this much pain. You deserve support right now, "
            + "and you don't have to go through this alone. These people are ready to listen, any time:",
        "Ich bin wirklich froh, dass du es mir gesagt hast, und es tut mir leid, dass du so viel Schmerz trägst. Du "
            + "verdienst jetzt Unterstützung und musst das nicht allein durchstehen. Diese Menschen hören dir zu, jederzeit:",
        "Je suis vraiment content que tu me l'aies dit, et je suis désolé que tu portes autant de douleur. Tu mérites "
            + "du soutien maintenant, et tu n'as pas à traverser ça seul·e. Ces personnes sont là pour t'écouter, à tout moment :");
  }

  /** The crisis categories whose reply may acknowledge a reassuring answer to our question. */
  static final java.util.Set<String> REASSURABLE = java.util.Set.of("passive_ideation", "indirect_ideation", "warning_signs");

  /** The offline opening after a reassuring answer to our question, on a message that still reads as a crisis. */
  static String reassuredOpening(String locale) {
    return ReplyLocale.pick(locale,
        "Thank you for telling me you're not about to act on it. What you're describing still sounds really painful, "
            + "and you deserve support with it, not to carry it alone. These people are ready to listen, any time:",
        "Danke, dass du mir sagst, dass du es gerade nicht umsetzen willst. Was du beschreibst, klingt trotzdem sehr "
            + "schmerzhaft, und du verdienst Unterstützung dabei, statt es allein zu tragen. Diese Menschen hören dir zu, jederzeit:",
        "Merci de me dire que tu n'es pas sur le point de passer à l'acte. Ce que tu décris reste très douloureux, et tu "
            + "mérites du soutien plutôt que de porter ça seul·e. Ces personnes sont là pour t'écouter, à tout moment :");
  }

  static PendingQuestion question(Assessment crisis) {
    return "violence".equals(crisis.category()) ? PendingQuestion.DANGER_NOW : PendingQuestion.ACTING_NOW;
  }

  static Update reply(State s, String text, String status, String node, String messageId, PendingQuestion asked,
                      String locale) {
    int turn = s.getOrDefault(CouchState.TURN, 0);
    TranscriptEntry entry = TranscriptEntry.assistant(turn, text, "crisis", null);
    return Update.of(CouchState.RESPONSE, Response.of(text, status))
        .and(CouchState.ROUTING, Routing.to("crisis"))
        .and(CouchState.HISTORY, List.of(CouchState.entry("assistant", text)))
        .and(CouchState.TRANSCRIPT, List.of(entry))
        .and(CouchState.MESSAGES, List.of(new Message.Ai(messageId, text, List.of(), null)))
        .and(CouchState.PENDING_QUESTION, PendingQuestion.stored(asked, locale))
        .and(CouchState.TRACE, CouchState.trace(s, node));
  }
}
