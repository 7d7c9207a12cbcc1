package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The offline model: a deterministic planner that reads the conversation the way a model would
 * and answers the user's latest message — a Rule 37 exception (resolve, context, then
 * {@code SKILL_SELECT:rrc_rule37} so the skill is loaded before its tools run: spacing, offsets,
 * good cause, Form W-1), a Rule 32 flaring filing (the same with {@code rrc_rule32}, which any
 * agent offered it in its catalog loads), questions about the registry and the filing under way
 * answered from the tools' results ({@link PlannerAnswers}), the gated knowledge-graph changes
 * (resolve, then {@code create_entity}; "rename X to Y" → {@code update_entity}; "link X to Y as
 * R" → {@code link_entities}), resolving several wells — calling only tools it is offered, each
 * once per subject. After its answer, a reviewer's verdict (the synthesis call) gets the final
 * filing summary. It never gives the same answer twice in a row. Usage is estimated at four
 * characters a token. Stateless and thread-safe.
 */
public final class PlannerModel implements ChatModel {
  /** The model name budgets price. */
  public static final String NAME = "rrc-planner";
  static final List<String> RULE37_STEPS =
      List.of("spacing_assessment", "offset_well_analysis", "good_cause_narrative", "rule37_filing_assembly");
  static final List<String> RULE32_STEPS =
      List.of("flaring_volume_calc", "gas_analysis", "emissions_estimate", "rule32_filing_assembly");

  @Override
  public String name() {
    return NAME;
  }

  /** The planner's next move when it is not yet the answer: a tool call, or a text (a skill selection, a refusal). */
  static final class Step extends RuntimeException {
    final transient Object next;

    Step(Object next) {
      super(null, null, false, false);
      this.next = next;
    }
  }

  @Override
  public Message.Ai chat(ChatRequest request) {
    PlannerView v = new PlannerView(request);
    String out;
    if (v.answered()) {
      // the synthesis call: a reviewer's verdict (or the warning that none could be asked) came after the answer
      // a question answered meanwhile gets only what the verdict means for the filing, not the whole summary again
      boolean asked = List.of("question", "thanks", "other").contains(PlannerIntent.of(v.human).kind());
      out = v.noteAfter(v.lastAnswerAt(), "HITL: the ") || v.noteAfter(v.lastAnswerAt(), "HITL_WARNING")
          ? finalAnswer(v, asked) : "";
      if (out.isEmpty() && PlannerPending.withdrawnSince(v, v.lastAnswerAt()) instanceof String withdrawn) {
        out = withdrawn;   // resumed without a message: the change that waited was withdrawn, so say so
      }
      return answer(request, out, List.of());
    }
    try {
      out = plan(v);
    } catch (Step s) {
      if (s.next instanceof Message.ToolCall call) {
        return answer(request, "", List.of(call));
      }
      out = (String) s.next;
    }
    if (!out.startsWith("SKILL_SELECT:") && !out.isEmpty()
        && PlannerPending.withdrawnSince(v, v.humanAt) instanceof String withdrawn) {
      out = withdrawn + " " + out;   // the change that waited was withdrawn before this turn: the user learns it never ran
    }
    if (!out.startsWith("SKILL_SELECT:") && !out.isEmpty() && out.equals(v.previousAnswer())) {
      out = "Again: " + out;
    }
    return answer(request, out, List.of());
  }

  private static String plan(PlannerView v) {
    if (v.humanAt < 0) {
      return PlannerAnswers.help(v);
    }
    if (PlannerPending.replayed(v) instanceof String done) {
      // an approved change ran this turn: what ran, as the reviewer approved it — after a cancel, that it came too late
      if (PlannerPending.cancels(v.human) && PlannerPending.tooLate(v) instanceof String late) {
        return late + " " + done;
      }
      PlannerIntent asked = PlannerIntent.of(v.human);
      if (v.noteAfter(v.humanAt, PendingChange.APPROVED_NOTE) && asked.kind().equals("question") && (asked.subject() != null
          || v.human.toLowerCase(Locale.ROOT).matches("(?s).*\\b(?:wells|leases|operators|registry)\\b.*"))) {
        return done + " " + PlannerAnswers.question(v, asked);   // the user asked about the registry meanwhile: answered too
      }
      return done;
    }
    if (v.noteAfter(v.humanAt, PendingChange.NOTE) && PlannerPending.reply(v) instanceof String pending) {
      return pending;   // a change awaits its reviewer: the user asks about it, cancels it or changes it
    }
    String filing = PlannerAnswers.pendingFiling(v);
    if (PlannerPending.WHO_APPROVES.matcher(v.human).find() && filing != null) {
      return "A reviewer decides it, not you or I. " + filing;
    }
    if (PlannerPending.cancels(v.human) && !PlannerIntent.of(v.human).change()) {
      if (PlannerPending.rejectedFirst(v) instanceof String rejected) {
        return rejected;   // the reviewer's rejection was recorded before the cancel: say so, not "nothing is waiting"
      }
      // a filing's review is not withdrawn from the chat (a gated change is: PlannerPending); say so, not the help text
      return filing != null ? "A filing's review can't be withdrawn from the chat. " + filing
          + " The reviewer can reject it." : "Nothing is waiting for approval, so there is nothing to cancel.";
    }
    int at = actionAt(v);
    PlannerIntent intent = PlannerIntent.of(v.msgs.get(at).text());
    if (intent.kind().equals("proceed")) {
      intent = proceed(v, intent);
    }
    v.filing = intent.kind().equals("rule37") || intent.kind().equals("rule32");
    return switch (intent.kind()) {
      case "resolve" -> resolveAll(v, intent);
      case "create" -> create(v, intent, at);
      case "rename", "link" -> PlannerChanges.change(v, intent, at);
      case "rule37", "rule32" -> filing(v, intent);
      case "thanks" -> PlannerAnswers.thanks(v);
      case "question" -> PlannerAnswers.question(v, intent);
      default -> PlannerAnswers.help(v);
    };
  }

  /**
   * The message whose request this turn carries on: the latest one, unless this turn brought a
   * reviewer's verdict on a change or ran the approved change (then the message that asked for it).
   */
  private static int actionAt(PlannerView v) {
    boolean verdict = v.noteAfter(v.humanAt, PendingChange.REJECTED_NOTE);
    for (int i = v.humanAt + 1; i < v.msgs.size() && !verdict; i++) {
      verdict = v.msgs.get(i) instanceof Message.Tool t
          && EntityTools.MUTATING.contains(v.callNames.getOrDefault(t.toolCallId(), ""));
    }
    if (!verdict || PlannerIntent.of(v.human).change()) {
      return v.humanAt;
    }
    for (int i = v.humanAt - 1; i >= 0; i--) {
      if (v.msgs.get(i) instanceof Message.Human h && PlannerIntent.of(h.text()).change()) {
        return i;
      }
    }
    return v.humanAt;
  }

  /** "Go ahead", "finalise", "the same for X instead": the latest filing asked for, for the well named now or then. */
  private static PlannerIntent proceed(PlannerView v, PlannerIntent now) {
    for (int i = v.humanAt - 1; i >= 0; i--) {
      if (v.msgs.get(i) instanceof Message.Human h) {
        PlannerIntent earlier = PlannerIntent.of(h.text());
        if (earlier.kind().equals("rule37") || earlier.kind().equals("rule32")) {
          return new PlannerIntent(earlier.kind(), now.subject() != null ? now.subject() : earlier.subject(), null, null);
        }
      }
    }
    return new PlannerIntent("question", now.subject(), null, null);
  }

  /** The well the conversation is about: the one the latest message naming a well names, or null. */
  static String subject(PlannerView v, PlannerIntent intent) {
    if (intent.subject() != null) {
      return intent.subject();
    }
    for (int i = v.humanAt - 1; i >= 0; i--) {
      if (v.msgs.get(i) instanceof Message.Human h && PlannerIntent.well(h.text()) instanceof String w) {
        return w;
      }
    }
    return null;
  }

  /**
   * The result of {@code tool} with {@code args}, or a {@link Step} towards it: selecting the
   * skill that governs the tool first when it is not loaded yet, else the call.
   */
  static Map<String, Object> use(PlannerView v, String tool, Map<String, Object> args) {
    Map<String, Object> r = v.result(tool, args);
    if (r != null) {
      return r;
    }
    String skill = RULE37_STEPS.contains(tool) ? "rrc_rule37" : RULE32_STEPS.contains(tool) ? "rrc_rule32" : null;
    if (skill != null && !v.activated(skill) && v.selectable(skill) && (v.filing || !v.tools.contains(tool))) {
      // a filing loads its skill before the skill's tools run; a question only when the tool is not offered yet
      // (also while a filing awaits review: approval_node lets the question's answer through and keeps the approval)
      throw new Step("SKILL_SELECT:" + skill);
    }
    if (!v.tools.contains(tool)) {
      throw new Step(skill != null && v.tools.stream().noneMatch(t -> RULE37_STEPS.contains(t) || RULE32_STEPS.contains(t))
          ? "I'm sorry, I can't help with regulatory filings here. I'm a general assistant without the Railroad Commission "
              + "skills; please use a Rule 37 or Rule 32 agent."
          : "I can't do that here: the " + tool + " tool is not available to this agent.");
    }
    throw new Step(new Message.ToolCall("call_" + v.msgs.size() + "_" + tool, tool, args));
  }

  /** The resolved entity for {@code name} (its selected row), or a Step; null when the registry has no such entity. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> resolved(PlannerView v, String name) {
    Map<String, Object> r = use(v, "entity_resolve", Map.of("query", name));
    return Boolean.TRUE.equals(r.get("decisive")) ? (Map<String, Object>) r.get("selected") : null;
  }

  private static String filing(PlannerView v, PlannerIntent intent) {
    boolean r37 = intent.kind().equals("rule37");
    String skill = r37 ? "rrc_rule37" : "rrc_rule32";
    List<String> steps = r37 ? RULE37_STEPS : RULE32_STEPS;
    if (!v.selectable(skill) && steps.stream().noneMatch(v.tools::contains)) {
      return "I'm sorry, I can't help with regulatory filings here. I'm a general assistant without the "
          + "Railroad Commission skills; please use a Rule 37 or Rule 32 agent.";
    }
    String well = subject(v, intent);
    if (well == null) {
      return "Which well is this for? Please give its name or API number.";
    }
    Map<String, Object> entity = resolved(v, well);
    if (entity == null) {
      return PlannerAnswers.unknownWell(v, well, true);
    }
    String api = String.valueOf(entity.get("ref"));
    if (v.tools.contains("context_assemble")) {
      use(v, "context_assemble", Map.of("entity_id", entity.get("entity_id")));
    }
    for (String step : steps) {
      use(v, step, Map.of("api", api));
    }
    String summary = PlannerAnswers.filingSummary(v, r37 ? "W-1" : "R-32", api);
    // "finalise it" right after the summary: not the same summary again ("Again: …"), the package and what it waits for
    return summary.equals(v.previousAnswer()) ? PlannerAnswers.filingAsBefore(v, r37 ? "W-1" : "R-32") : summary;
  }

  @SuppressWarnings("unchecked")
  private static String resolveAll(PlannerView v, PlannerIntent intent) {
    List<String> names = List.of(intent.subject().replaceAll("[.?!]$", "").split("\\s*(?:,|\\band\\b)\\s*"));
    List<String> failed = new ArrayList<>();
    List<String> found = new ArrayList<>();
    for (String n : names) {
      if (n.isBlank()) {
        continue;
      }
      Map<String, Object> r = use(v, "entity_resolve", Map.of("query", n.strip()));
      if (Boolean.TRUE.equals(r.get("decisive"))) {
        found.add(n.strip() + " = " + ((Map<String, Object>) r.get("selected")).get("entity_id"));
      } else {
        failed.add(n.strip());
      }
    }
    return failed.isEmpty() ? "Resolved: " + String.join("; ", found) + "."
        : "I could not identify " + String.join(", ", failed) + (found.isEmpty() ? "" : " (resolved: "
            + String.join("; ", found) + ")") + ". Please clarify which wells you mean, e.g. by API number.";
  }

  @SuppressWarnings("unchecked")
  private static String create(PlannerView v, PlannerIntent intent, int at) {
    Map<String, Object> resolved = use(v, "entity_resolve", Map.of("query", intent.subject()));
    String rejected = PlannerChanges.rejection(v, at);
    if (rejected != null) {
      return "Understood: the reviewer rejected creating " + intent.entityType() + " \"" + intent.subject()
          + "\", so nothing was created. " + rejected;
    }
    if (Boolean.TRUE.equals(resolved.get("decisive"))) {
      return intent.subject() + " already exists as " + ((Map<String, Object>) resolved.get("selected")).get("entity_id")
          + "; nothing to create.";
    }
    Map<String, Object> args = Map.of("entity_type", intent.entityType(), "name", intent.subject());
    Map<String, Object> created = v.result("create_entity", args);
    if (created == null) {
      if (!v.tools.contains("create_entity")) {
        return "I cannot create entities with the tools I have.";
      }
      throw new Step(new Message.ToolCall("call_" + v.msgs.size() + "_create_entity", "create_entity", args));
    }
    if ("created".equals(created.get("status"))) {
      return "Created " + intent.entityType() + " \"" + intent.subject() + "\" as " + created.get("entity_id")
          + " after approval.";
    }
    return "The creation of \"" + intent.subject() + "\" did not run: " + PlannerChanges.whyNotRun(created);
  }

  /**
   * The synthesis answer: the newest filing package in the conversation and the reviewer's verdict —
   * after a question ({@code reminder}) only the package and the verdict, the summary being the
   * finalisation's.
   */
  @SuppressWarnings("unchecked")
  private static String finalAnswer(PlannerView v, boolean reminder) {
    Map<String, Object> filing = null;
    int newest = -1;
    for (var e : v.done.entrySet()) {
      if (e.getValue().get("result") instanceof Map<?, ?> m && m.get("filing_id") != null && v.doneAt.get(e.getKey()) > newest) {
        filing = (Map<String, Object>) m;
        newest = v.doneAt.get(e.getKey());
      }
    }
    String verdict = null;
    for (Message m : v.msgs) {
      if (m instanceof Message.System s && (s.text().startsWith("HITL: the ") || s.text().startsWith("HITL_WARNING"))) {
        verdict = s.text();
      }
    }
    if (filing == null) {
      return "";
    }
    String status = verdict == null ? "awaiting review"
        : verdict.startsWith("HITL_WARNING") ? "not reviewed by a human (approval service unavailable)"
        : verdict.contains(" was approved by ") ? "approved" + verdict.substring(verdict.indexOf(" by ")).replaceAll("\\.$", "")
            + " — ready to file"
        : "rejected" + verdict.substring(verdict.indexOf(" by ")).replaceAll("\\.$", "") + " — not filed";
    if (reminder) {
      return "Form " + filing.get("form") + " package " + filing.get("filing_id") + " was " + status
          + (status.startsWith("approved") ? ". Say \"finalise\" when you want the filing summary." : ".");
    }
    StringBuilder b = new StringBuilder();
    if ("W-1".equals(filing.get("form"))) {
      Map<String, Object> s = (Map<String, Object>) filing.get("spacing");
      Map<String, Object> o = (Map<String, Object>) filing.get("offsets");
      b.append("Spacing Summary:\n- Distance to nearest lease line: ").append(s.get("lease_line_distance_ft"))
          .append(" ft (minimum ").append(s.get("lease_line_minimum_ft")).append(" ft)\n- Offset wells within 1,200 ft: ")
          .append(((List<?>) o.get("offset_wells")).size()).append(" (operators to notify: ")
          .append(String.join(", ", (List<String>) o.get("operators_to_notify"))).append(")\n");
    } else {
      Map<String, Object> vol = (Map<String, Object>) filing.get("volumes");
      Map<String, Object> e = (Map<String, Object>) filing.get("emissions");
      b.append("Flaring Summary:\n- Flared: ").append(vol.get("flared_mcfd")).append(" MCF/d for ").append(vol.get("days_flared"))
          .append(" days (allowance: 10 days after completion)\n- Emissions: ").append(e.get("co2e_tonnes_to_date"))
          .append(" t CO2e\n");
    }
    b.append("Filing: Form ").append(filing.get("form")).append(" package ").append(filing.get("filing_id")).append(", ")
        .append(status);
    return b.toString();
  }

  private static Message.Ai answer(ChatRequest request, String text, List<Message.ToolCall> calls) {
    long in = 0;
    for (Message m : request.messages()) {
      in += m.text().length();
    }
    for (ToolSpec t : request.tools()) {
      in += t.description().length() + t.name().length();
    }
    long out = text.length() + calls.stream().mapToLong(c -> c.name().length() + c.args().toString().length()).sum();
    return new Message.Ai(null, text, calls, new Message.Usage(Math.max(1, in / 4), Math.max(1, out / 4)));
  }

  static String feet(Object n) {
    return String.format(Locale.ROOT, "%,d", ((Number) n).longValue());
  }
}
