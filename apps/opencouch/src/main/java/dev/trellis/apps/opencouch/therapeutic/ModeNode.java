package dev.trellis.apps.opencouch.therapeutic;

import dev.trellis.apps.opencouch.AskedQuestion;
import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.ModelCalls;
import dev.trellis.apps.opencouch.PendingQuestion;
import dev.trellis.apps.opencouch.Response;
import dev.trellis.apps.opencouch.TranscriptEntry;
import dev.trellis.apps.opencouch.safety.ReplyLocale;
import dev.trellis.apps.opencouch.memory.MemoryEntry;
import dev.trellis.apps.opencouch.memory.WorkingMemory;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.MessageStream;
import dev.trellis.runtime.Runtime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One mode node of the therapeutic subgraph. With a model it streams the reply from a prompt
 * composed of the persona, the mode's knowledge file, the exercise step (guided exercise) and
 * the working memory formatted for the prompt; without one — or when the model fails — it
 * gives the mode's {@link OfflineReplies} word by word. A bare "yes" or "no" answering the
 * question a crisis reply left pending is answered against that question, never by the model; a
 * message speaking of death or harm that reached this branch gets the {@link CheckIn} instead.
 * Writes {@code response} (and {@code progress} for exercises).
 */
final class ModeNode implements Node {
  static final String PERSONA = "You are OpenCouch, a warm, careful support companion (not a therapist). You listen, "
      + "reflect and offer evidence-informed coping ideas. Never diagnose. Keep replies under 120 words.";
  private final Mode mode;
  private final CouchContext defaults;

  ModeNode(Mode mode, CouchContext defaults) {
    this.mode = mode;
    this.defaults = defaults;
  }

  @Override
  public NodeResult apply(State s, Runtime rt) {
    CouchContext ctx = CouchContext.of(rt, defaults);
    String message = s.get(CouchState.MESSAGE);
    List<MemoryEntry> memory = CouchState.workingMemory(s);
    Map<String, Object> progress = new LinkedHashMap<>();
    MessageStream out = ModelCalls.open(rt, ctx.llmClient(), message);
    PendingQuestion.FollowUp followUp = PendingQuestion.followUp(s);
    if (followUp != null) {
      // a bare yes/no to the crisis reply's question: read against it, answered as prepared (never by a model)
      String text = ModelCalls.emit(out, followUp.text());
      ModelCalls.end(out, text);
      return Update.of(CouchState.RESPONSE, new Response(text, "ok", out.messageId()))
          .and(CouchState.PENDING_QUESTION, followUp.pending())
          .and(CouchState.TRACE, CouchState.trace(s, mode.node()));
    }
    String locale = ReplyLocale.of(s.get(CouchState.LOCALE), CouchState.crisis(s).language());
    String lang = ReplyLocale.language(locale);
    if (CheckIn.needed(message, CouchState.crisis(s), CouchState.pendingQuestion(s).question() != null)) {
      String text = ModelCalls.emit(out, CheckIn.text(locale));
      ModelCalls.end(out, text);
      return Update.of(CouchState.RESPONSE, new Response(text, "ok", out.messageId()))
          .and(CouchState.PENDING_QUESTION, PendingQuestion.ACTING_NOW.asked(locale))
          .and(CouchState.DIAGNOSTICS, Map.of("reply_check_in", true))
          .and(CouchState.TRACE, CouchState.trace(s, mode.node()));
    }
    List<ConversationRecall.Earlier> earlier = ConversationRecall.userMessages(s);
    // "Last time you…" opens a conversation only: inside one it would recall this very conversation once it closed
    List<MemoryEntry> offline = earlier.isEmpty() || Cues.asksAboutLastTime(message) ? memory
        : memory.stream().filter(e -> !"episodic".equals(e.type())).toList();
    OfflineReplies.Reply instruction = mode == Mode.GUIDED_EXERCISE ? null : OfflineReplies.instruction(message, lang);
    OfflineReplies.Reply reply = instruction != null ? instruction : switch (mode) {
      case SUPPORTIVE -> OfflineReplies.supportive(message, offline, earlier, lang);
      case REFLECTIVE -> OfflineReplies.reflective(message, offline, lang);
      case CLARIFYING -> OfflineReplies.clarifying(lang);
      case PSYCHOEDUCATION -> OfflineReplies.psychoeducation(message, offline, lang);
      case CLOSING -> OfflineReplies.closing(offline, lang, "closing".equals(lastMode(s)));
      case GUIDED_EXERCISE -> exercise(s, message, progress, lang);
    };
    String prepared = OfflineReplies.follow(withoutRepeatedRecall(reply, s, earlier), memory);
    String status = "ok";
    String text;
    if (ctx.llmClient() != null) {
      try {
        text = ModelCalls.stream(ctx.llmClient(), out, prompt(memory, mode == Mode.GUIDED_EXERCISE ? prepared : null),
            CouchState.priorHistory(s, 6), message);
      } catch (Exception e) {
        status = "fallback";
        text = ModelCalls.emit(out, prepared);
      }
    } else {
      text = ModelCalls.emit(out, prepared);
    }
    ModelCalls.end(out, text);
    Response response = new Response(text, text.isBlank() ? "empty" : status, out.messageId());
    Update u = Update.of(CouchState.RESPONSE, response).and(CouchState.PENDING_QUESTION, AskedQuestion.NONE)
        .and(CouchState.TRACE, CouchState.trace(s, mode.node()));
    return progress.isEmpty() ? u : u.and(CouchState.PROGRESS, progress);
  }

  private String prompt(List<MemoryEntry> memory, String exerciseStep) {
    StringBuilder b = new StringBuilder(PERSONA).append("\n\n").append(Knowledge.forMode(mode));
    if (exerciseStep != null) {
      b.append("\n\nGive exactly this step, in your own words: ").append(exerciseStep);
    }
    String wm = WorkingMemory.forPrompt(memory);
    if (!wm.isEmpty()) {
      b.append("\n\n").append(wm);
    }
    return b.toString();
  }

  /** The mode of this conversation's last assistant reply on the therapeutic route, or null. */
  private static String lastMode(State s) {
    List<TranscriptEntry> t = CouchState.transcript(s);
    for (int i = t.size() - 1; i >= 0; i--) {
      if ("assistant".equals(t.get(i).role())) {
        return t.get(i).mode();
      }
    }
    return null;
  }

  /** How a recall opens, in each language: one said earlier in the conversation is enough. */
  private static final List<String> RECALLED = List.of("I remember that ", "Ich weiß noch", "Je me souviens que ", "Last time you",
      "Letztes Mal haben wir", "La dernière fois, on a");
  /** The words of a kept fact's sentence shape, which say nothing about what the user told. */
  private static final java.util.Set<String> SHAPE = java.util.Set.of("user", "user's", "person", "personne", "namens",
      "heißt", "s'appelle", "works", "lives", "früher", "travaille", "comme", "habite", "worried", "about", "their",
      "sorgen", "macht", "sich", "inquiète", "enjoys", "wohnt", "arbeitet");

  /**
   * Whether the recalled fact ({@code recalled}, as said) is something the user told in this conversation ({@code earlier}): its telling words (the
   * capitalised ones — a name, a place, a German noun — else the longer ones) all appear in what they wrote.
   */
  static boolean toldHere(String recalled, List<ConversationRecall.Earlier> earlier) {
    if (earlier.isEmpty()) {
      return false;
    }
    String said = String.join(" ", earlier.stream().map(ConversationRecall.Earlier::text).toList())
        .toLowerCase(java.util.Locale.ROOT).replace('’', '\'');
    String fact = recalled;
    for (String opener : RECALLED) {
      fact = fact.replace(opener, " ");
    }
    List<String> words = java.util.Arrays.stream(fact.replaceAll("[.!,;:]", " ").split("\\s+"))
        .filter(w -> w.length() >= 3 && !SHAPE.contains(w.toLowerCase(java.util.Locale.ROOT))).toList();
    List<String> capitals = words.stream().filter(w -> Character.isUpperCase(w.charAt(0))
        && !w.matches("Deine?|Du|Your|You|Tu|Ton|Ta")).toList();
    List<String> telling = !capitals.isEmpty() ? capitals : words.stream().filter(w -> w.length() >= 5).toList();
    return !telling.isEmpty() && telling.stream().allMatch(w -> said.contains(w.toLowerCase(java.util.Locale.ROOT)));
  }

  /**
   * {@code reply} without its recall when an earlier reply of this conversation already recalled something (a memory
   * is said once in a conversation, not a different one every turn).
   */
  private static OfflineReplies.Reply withoutRepeatedRecall(OfflineReplies.Reply reply, State s,
      List<ConversationRecall.Earlier> earlier) {
    for (OfflineReplies.Reply.Part p : reply.parts()) {
      // a fact the user told in this very conversation is not "remembered" back to them a few turns later
      if (p.role() == OfflineReplies.Reply.Role.RECALL && toldHere(p.text(), earlier)) {
        return reply.without(OfflineReplies.Reply.Role.RECALL);
      }
      if (p.role() == OfflineReplies.Reply.Role.RECALL && CouchState.transcript(s).stream()
          .anyMatch(e -> "assistant".equals(e.role()) && e.content() != null
              && (e.content().contains(p.text()) || RECALLED.stream().anyMatch(e.content()::contains)))) {
        return reply.without(OfflineReplies.Reply.Role.RECALL);
      }
    }
    return reply;
  }

  /**
   * The next exercise step: continue the active exercise, pause it (thanks or "that helped" in the middle: glad, and
   * the next step or stopping offered), stop it at the user's word, or start the one the message asks for.
   */
  private static OfflineReplies.Reply exercise(State s, String message, Map<String, Object> progress, String lang) {
    Map<String, Object> current = s.getOrDefault(CouchState.PROGRESS, Map.of());
    Knowledge.Exercise active = current.get("exercise") instanceof String id && !id.isEmpty() ? Knowledge.exercise(id) : null;
    String text = message.strip().replace('’', '\'');
    boolean continuing = active != null && Dispatcher.CONTINUE_EXERCISE.matcher(text).matches();
    if (active != null && !continuing && Dispatcher.EXERCISE_STOP.matcher(text).matches()) {
      progress.put("exercise", "");
      progress.put("step", 0);
      return OfflineReplies.exerciseStopped(lang);
    }
    if (active != null && !continuing && Dispatcher.EXERCISE_THANKS.matcher(text).find()) {
      int done = ((Number) current.getOrDefault("step", 0)).intValue();
      return OfflineReplies.exercisePause(done + 1, active.steps().size(), lang);
    }
    Knowledge.Exercise ex = continuing ? active : Knowledge.exerciseFor(message);
    int step = continuing ? ((Number) current.getOrDefault("step", 0)).intValue() + 1 : 1;
    boolean last = step >= ex.steps().size();
    progress.put("exercise", last ? "" : ex.id());
    progress.put("step", last ? 0 : step);
    progress.put("last_exercise", ex.id());
    return OfflineReplies.exerciseStep(Knowledge.exercise(ex.id(), lang), step, !continuing, lang);
  }
}
