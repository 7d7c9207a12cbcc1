package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline planner while a knowledge-graph change awaits its reviewer and the user writes (the
 * {@link PendingChange#NOTE} resume_guard added): a cancellation calls {@code cancel_pending_change};
 * a changed request ("make it Lone Star Flaring Inc instead") asks for the changed call, which the
 * gate asks approval for anew, closing the old one; a question about the change is answered with
 * what it would do, any other question as usual with a reminder of what waits; "go ahead" is told
 * only a reviewer approves.
 */
final class PlannerPending {
  private static final Pattern NOTE = Pattern.compile("(?s)^" + PendingChange.NOTE + "(\\w+) (\\{.*\\}) \\(approval ([^)]+)\\)");
  private static final Pattern APPROVED = Pattern.compile("(?s)^" + PendingChange.APPROVED_NOTE
      + "(\\w+) (\\{.*\\}) \\(approval ([^)]+)\\) was approved by (.+?) before the user's message");
  private static final Pattern REJECTED = Pattern.compile("(?s)^" + Pattern.quote(PendingChange.REJECTED_NOTE)
      + "(.+?) rejected (\\w+) (\\{.*\\}) \\(approval [^)]+\\): \"(.*)\"" + Pattern.quote(PendingChange.REJECTED_NOT_RUN));
  private static final Pattern WITHDRAWN = Pattern.compile("(?s)^" + PendingChange.WITHDRAWN_NOTE
      + "(\\w+) (\\{.*\\}) \\(approval ([^)]+)\\) was withdrawn");
  /** What a cancellation is addressed to: the change or filing that waits ("it", "that", "the request", "my request"). */
  private static final String OURS = "(?:it|that|this|them|my (?:request|change)|the (?:\\w+ )?(?:request|change|creation|"
      + "approval|filing|operator|lease|well|link|rename|update|entity|whole thing))\\b";
  /**
   * An instruction to cancel what waits: "cancel that", "withdraw the request", "never mind, don't create it",
   * "I no longer need that operator", a bare "Cancel." — a verb addressed to it, or alone.
   */
  private static final Pattern CANCEL = Pattern.compile("(?i)(?:\\b(?:cancel|withdraw|revoke|retract|scrap|abort|drop|"
      + "call off|never ?mind|(?<!don't |dont |do not )forget(?: about)?)\\s+" + OURS
      + "|\\b(?:cancel|withdraw|revoke|retract|scrap|abort|never ?mind|(?<!don't |dont |do not )forget (?:it|about it)"
      + "|call it off|don'?t bother)\\s*(?:[.!,;]|$)"
      + "|\\b(?:don'?t|do not) (?:do|create|make|link|rename|change|file|add) " + OURS
      + "|\\bno longer (?:need|want) " + OURS + ")");
  /** A question about something ("What happens if an operator withdraws …?"), not a request ("can you cancel it?"). */
  private static final Pattern QUESTION = Pattern.compile("(?is)^\\W*(?:what|how|why|when|where|who|whom|whose|which|"
      + "does|do|did|is|are|was|were|has|have|had|if|suppose)\\b.*\\?\\W*$");
  /** A condition on the wait ("don't change anything else until it's approved"), not a cancellation. */
  private static final Pattern CONDITION = Pattern.compile("(?i)\\b(?:until|till|'?til)\\b");

  private static final Pattern MODIFY = Pattern.compile("(?i)\\b(?:make it|call it|name it|change (?:it|that|the name) to|"
      + "rename it to|it should be|the name should be|should be called|use the name)\\s+\"?([^\"?!]+?)\"?(?:\\s+instead)?\\s*[.!]*\\s*$");
  /** "Who has to approve it?", "who reviews this?". */
  static final Pattern WHO_APPROVES = Pattern.compile("(?i)\\bwho\\b.{0,40}\\b(?:approv\\w*|review\\w*|decid\\w*|sign\\w* off)\\b");
  private static final Pattern ABOUT_IT = Pattern.compile("(?i)\\b(?:what|which|details?|exactly|who|why)\\b");

  private PlannerPending() {}

  /** The reply to the user's message while a change waits, a {@link PlannerModel.Step}, or null: plan as usual (a new change). */
  @SuppressWarnings("unchecked")
  static String reply(PlannerView v) {
    Matcher n = null;
    for (int i = v.msgs.size() - 1; i > v.humanAt && n == null; i--) {
      if (v.msgs.get(i) instanceof Message.System s && NOTE.matcher(s.text()).find()) {
        n = NOTE.matcher(s.text());
        n.find();
      }
    }
    if (n == null) {
      return null;
    }
    String tool = n.group(1);
    Map<String, Object> args = PlannerView.parse(n.group(2));
    String text = v.human.strip();
    Matcher modify = MODIFY.matcher(text);
    if (modify.find()) {
      return modify(v, tool, args, modify.group(1).strip());
    }
    PlannerIntent intent = PlannerIntent.of(text);
    if (intent.change()) {
      boolean same = intent.kind().equals("create") && tool.equals("create_entity")
          && Map.of("entity_type", intent.entityType(), "name", intent.subject()).equals(args);
      return same ? "That is what already waits. " + waiting(tool, args) : null;
    }
    if (cancels(text)) {
      return cancel(v, tool, args);
    }
    return switch (intent.kind()) {
      case "thanks" -> "You're welcome. " + waiting(tool, args);
      case "proceed" -> "Only a reviewer can approve it, not I. " + waiting(tool, args);
      default -> {
        String q = text.toLowerCase(Locale.ROOT);
        if (intent.subject() != null || q.matches("(?s).*\\b(?:wells|leases|operators|registry)\\b.*")) {
          yield PlannerAnswers.question(v, intent) + " Meanwhile " + lower(ToolStep.change(tool, args))
              + " still waits for a reviewer's approval.";
        }
        if (WHO_APPROVES.matcher(text).find()) {
          yield "Only a reviewer can approve it, not you or I. " + waiting(tool, args);
        }
        yield ABOUT_IT.matcher(text).find() ? PendingChange.effect(tool, args) + " " + waiting(tool, args)
            : waiting(tool, args);
      }
    };
  }

  /**
   * The answer to an approved change replayed this turn, read from the call that ran (which may be a
   * changed request's, not what the first message asked), or null when none ran.
   */
  static String replayed(PlannerView v) {
    for (int i = v.msgs.size() - 1; i > v.humanAt; i--) {   // the latest: a resume turn brings no message of its own
      if (v.msgs.get(i) instanceof Message.Tool t && EntityTools.MUTATING.contains(v.callNames.getOrDefault(t.toolCallId(), ""))) {
        Map<String, Object> args = null;
        for (Message m : v.msgs) {
          if (m instanceof Message.Ai a) {
            for (Message.ToolCall c : a.toolCalls()) {
              if (c.id().equals(t.toolCallId())) {
                args = c.args();
              }
            }
          }
        }
        if (args == null) {
          return null;
        }
        String tool = v.callNames.get(t.toolCallId());
        Map<String, Object> result = PlannerView.parse(t.text());
        if (tool.equals("create_entity")) {
          return "created".equals(result.get("status"))
              ? "Created " + args.get("entity_type") + " \"" + args.get("name") + "\" as " + result.get("entity_id") + " after approval."
              : "The creation of \"" + args.get("name") + "\" did not run: " + PlannerChanges.whyNotRun(result);
        }
        String what = lower(ToolStep.change(tool, args));
        return "updated".equals(result.get("status")) || "linked".equals(result.get("status"))
            ? "Done after approval: " + what + "." : "The change (" + what + ") did not run: " + PlannerChanges.whyNotRun(result);
      }
    }
    return null;
  }

  /**
   * The sentence telling a user who cancelled that the change was approved before the cancel arrived, so it ran (the
   * {@link PendingChange#APPROVED_NOTE} resume_guard added, or a {@code cancel_pending_change} result saying so), or
   * null.
   */
  @SuppressWarnings("unchecked")
  static String tooLate(PlannerView v) {
    for (int i = v.humanAt + 1; i < v.msgs.size(); i++) {
      if (v.msgs.get(i) instanceof Message.System s && APPROVED.matcher(s.text()).find()) {
        Matcher a = APPROVED.matcher(s.text());
        a.find();
        return PendingChange.tooLate(a.group(1), PlannerView.parse(a.group(2)), a.group(4));
      }
      if (v.msgs.get(i) instanceof Message.Tool t && PendingChange.CANCEL.equals(v.callNames.get(t.toolCallId()))) {
        Map<String, Object> r = PlannerView.parse(t.text());
        if (ToolStep.ALREADY_APPROVED.equals(r.get("status")) && r.get("args") instanceof Map<?, ?> args) {
          return PendingChange.tooLate((String) r.get("tool_name"), (Map<String, Object>) args, (String) r.get("reviewer"));
        }
      }
    }
    return null;
  }

  /** A cancel sent after the reviewer rejected the change (resume_guard's note this turn): "Nothing to withdraw: …", or null. */
  static String rejectedFirst(PlannerView v) {
    for (int i = v.humanAt + 1; i < v.msgs.size(); i++) {
      if (v.msgs.get(i) instanceof Message.System s && REJECTED.matcher(s.text()).find()) {
        Matcher r = REJECTED.matcher(s.text());
        r.find();
        return "Nothing to withdraw: " + PendingChange.rejectedFirst(r.group(2), PlannerView.parse(r.group(3)), r.group(1),
            r.group(4)) + ".";
      }
    }
    return null;
  }

  /**
   * The sentence telling the user a waiting change was withdrawn before a reviewer decided (the
   * {@link PendingChange#WITHDRAWN_NOTE} resume_guard added after index {@code from}), or null.
   */
  static String withdrawnSince(PlannerView v, int from) {
    for (int i = Math.max(0, from + 1); i < v.msgs.size(); i++) {
      if (v.msgs.get(i) instanceof Message.System s && WITHDRAWN.matcher(s.text()).find()) {
        Matcher w = WITHDRAWN.matcher(s.text());
        w.find();
        return PendingChange.withdrawn(w.group(1), PlannerView.parse(w.group(2)));
      }
    }
    return null;
  }

  /**
   * Whether {@code text} tells us to cancel the change or filing that waits — an instruction addressed to it, not a
   * question about withdrawals in general, "don't change anything else", or a condition ("… till then").
   */
  static boolean cancels(String text) {
    return CANCEL.matcher(text).find() && !QUESTION.matcher(text).find() && !CONDITION.matcher(text).find();
  }

  /** What waits, and what the user may do meanwhile. */
  static String waiting(String tool, Map<String, Object> args) {
    return "Still waiting for a reviewer's approval: " + lower(ToolStep.change(tool, args)) + " has not been run, so "
        + "nothing has changed yet. You can cancel it or ask for a change while it waits.";
  }

  private static String cancel(PlannerView v, String tool, Map<String, Object> args) {
    Integer at = v.doneAt.get(PlannerView.key(PendingChange.CANCEL, Map.of()));
    Map<String, Object> done = at != null && at > v.humanAt ? v.result(PendingChange.CANCEL, Map.of()) : null;
    if (done == null) {
      if (!v.tools.contains(PendingChange.CANCEL)) {
        return "I can't withdraw it here. " + waiting(tool, args);
      }
      throw new PlannerModel.Step(new Message.ToolCall("call_" + v.msgs.size() + "_" + PendingChange.CANCEL,
          PendingChange.CANCEL, Map.of()));
    }
    if (Approval.WITHDRAWN.equals(done.get("status"))) {
      return "Withdrawn: " + lower(ToolStep.change(tool, args)) + " will not be run, and its approval request is "
          + "closed, so no reviewer can approve it. Nothing has changed.";
    }
    if (ToolStep.CLOSED_BEFORE.contains(done.get("status"))) {
      return "Nothing to withdraw: " + PlannerChanges.whyNotRun(done);
    }
    return "I could not withdraw it: " + PlannerChanges.whyNotRun(done);
  }

  @SuppressWarnings("unchecked")
  private static String modify(PlannerView v, String tool, Map<String, Object> args, String value) {
    Map<String, Object> changed = new LinkedHashMap<>(args);
    if (tool.equals("link_entities")) {
      Map<String, Object> target = PlannerModel.use(v, "entity_resolve", Map.of("query", value));
      if (!Boolean.TRUE.equals(target.get("decisive"))) {
        return "I could not identify \"" + value + "\"; please give its exact name or id. " + waiting(tool, args);
      }
      changed.put("to_id", ((Map<String, Object>) target.get("selected")).get("entity_id"));
    } else {
      changed.put("name", value);
    }
    if (changed.equals(args)) {
      return "That is what already waits. " + waiting(tool, args);
    }
    if (!v.tools.contains(tool)) {
      return "I cannot change the knowledge graph with the tools I have. " + waiting(tool, args);
    }
    throw new PlannerModel.Step(new Message.ToolCall("call_" + v.msgs.size() + "_" + tool, tool, changed));
  }

  private static String lower(String s) {
    return Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }
}
