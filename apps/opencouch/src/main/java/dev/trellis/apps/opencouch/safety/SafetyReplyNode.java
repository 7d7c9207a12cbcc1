package dev.trellis.apps.opencouch.safety;

import dev.trellis.agent.message.Message;
import dev.trellis.apps.opencouch.AskedQuestion;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.ModelCalls;
import dev.trellis.apps.opencouch.Response;
import dev.trellis.apps.opencouch.Routing;
import dev.trellis.apps.opencouch.TranscriptEntry;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.MessageStream;
import dev.trellis.runtime.Runtime;
import java.util.List;

/**
 * {@code safety_reply}: the prepared reply of the gate's two non-crisis safety routes, always
 * with the locale's resources. {@code third_party} (someone is worried about another person):
 * what to do now and who supports people in their place. {@code check_in} (a message in a
 * language the classifier cannot read): a short safety check-in, never a silent carry-on.
 * Deterministic (no model), so nothing can fail between the gate and the crisis log.
 */
public final class SafetyReplyNode implements Node {
  @Override
  public NodeResult apply(State s, Runtime rt) {
    Assessment crisis = CouchState.crisis(s);
    String route = crisis.route() == null ? "check_in" : crisis.route();
    // someone else at risk, written in German or French: answered in it, with that country's services
    String locale = ReplyLocale.of(s.get(CouchState.LOCALE), crisis.language());
    String text = text(route, locale) + "\n\n" + CrisisResources.format(CrisisResources.forLocale(locale));
    MessageStream out = ModelCalls.open(rt, null, s.get(CouchState.MESSAGE));
    ModelCalls.emit(out, text);
    ModelCalls.end(out, text);
    int turn = s.getOrDefault(CouchState.TURN, 0);
    TranscriptEntry entry = TranscriptEntry.assistant(turn, text, route, null);
    return Update.of(CouchState.RESPONSE, Response.of(text, "ok"))
        .and(CouchState.ROUTING, Routing.to(route))
        .and(CouchState.HISTORY, List.of(CouchState.entry("assistant", text)))
        .and(CouchState.TRANSCRIPT, List.of(entry))
        .and(CouchState.MESSAGES, List.of(new Message.Ai(out.messageId(), text, List.of(), null)))
        .and(CouchState.PENDING_QUESTION, AskedQuestion.NONE)
        .and(CouchState.TRACE, CouchState.trace(s, "safety_reply"));
  }

  static String text(String route, String locale) {
    String lang = locale == null ? "en" : locale.split("[-_]")[0];
    if (route.equals("third_party")) {
      return switch (lang) {
        case "de" -> "Gut, dass du auf diese Person achtest. Wenn sie in unmittelbarer Gefahr sein könnte, ruf jetzt "
            + "den Notruf (112) und bleib bei ihr, wenn du kannst. Du darfst sie direkt fragen, ob sie an Suizid denkt – "
            + "das bringt sie nicht erst auf die Idee. Diese Stellen beraten auch Angehörige und Freunde:";
        case "fr" -> "C'est important que tu veilles sur cette personne. Si elle pourrait être en danger immédiat, "
            + "appelle les urgences (112) maintenant et reste avec elle si tu peux. Tu peux lui demander directement si "
            + "elle pense au suicide : cela ne lui en donne pas l'idée. Ces services aident aussi les proches :";
        default -> "It's good that you're looking out for them. If they might be in immediate danger, call emergency "
            + "services now and stay with them if you can. It's okay to ask them directly whether they're thinking "
            + "about suicide; asking does not put the idea in their head. These services also support people who are "
            + "worried about someone else:";
      };
    }
    return switch (lang) {
      case "de" -> "Ich bin nicht sicher, ob ich deine Nachricht richtig verstehe – ich lese gut nur Deutsch, Englisch "
          + "und Französisch. Bist du gerade in Sicherheit? Wenn du daran denkst, dir etwas anzutun, oder in Gefahr "
          + "bist, melde dich bitte hier:";
      case "fr" -> "Je ne suis pas sûr de bien comprendre ton message : je ne lis bien que le français, l'anglais et "
          + "l'allemand. Es-tu en sécurité en ce moment ? Si tu penses à te faire du mal ou si tu es en danger, "
          + "contacte :";
      default -> "I'm not sure I understood your message; I can only read English, German and French well. Are you "
          + "safe right now? If you are thinking about hurting yourself or you are in danger, please reach out to:";
    };
  }
}
