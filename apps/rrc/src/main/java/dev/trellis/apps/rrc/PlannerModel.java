package dev.trellis.apps.rrc;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline model: a deterministic planner that reads the conversation the way a model would
 * and drives the seed's demos — a Rule 37 exception (resolve, context, spacing, offsets, good
 * cause, Form W-1, then {@code SKILL_SELECT:rrc_rule37}), a Rule 32 flaring filing, the gated
 * knowledge-graph changes (resolve, then {@code create_entity}; "rename X to Y" →
 * {@code update_entity}; "link X to Y as R" → {@code link_entities}), resolving several wells — calling only tools it
 * is offered, each once per subject. It answers in text when no tool is left; after an earlier
 * answer (the synthesis call) it writes the final summary from the filing package and the
 * reviewer's verdict. Usage is estimated at four characters a token. Stateless and thread-safe.
 */
public final class PlannerModel implements ChatModel {
  /** The model name budgets price. */
  public static final String NAME = "rrc-planner";
  private static final ObjectMapper SORTED = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
  private static final Pattern CREATE = Pattern.compile(
      "(?i)create (?:a |an |the )?(?:new )?(operator|lease|well)\\s+(?:named |called )?\"?([^\".]+?)\"?\\s*(?:\\.|$)");
  private static final Pattern RENAME = Pattern.compile(
      "(?i)rename (?:the )?(?:operator |lease |well )?\"?([^\"]+?)\"? to \"?([^\".]+?)\"?\\s*(?:\\.|$)");
  private static final Pattern LINK = Pattern.compile(
      "(?i)link (?:the )?\"?([^\"]+?)\"? to (?:the )?\"?([^\".]+?)\"?(?: as (\\w+))?\\s*(?:\\.|$)");
  private static final Pattern WELL = Pattern.compile("(\\d{2}-\\d{3}-\\d{5}|[A-Z][a-z]+(?: [A-Z][a-z]+)* #?\\d+H)");
  private static final Pattern RESOLVE = Pattern.compile("(?i)(?:resolve|identify) (?:the )?(?:wells?|entities|operators?) (.+)");

  @Override
  public String name() {
    return NAME;
  }

  /** What the user asked: the kind, its subject, and for creations the type, for renames the new name, for links the target and relation. */
  private record Intent(String kind, String subject, String entityType, String target) {
    Intent(String kind, String subject, String entityType) {
      this(kind, subject, entityType, null);
    }
  }

  @Override
  public Message.Ai chat(ChatRequest request) {
    List<Message> msgs = request.messages();
    Set<String> tools = new HashSet<>();
    for (ToolSpec t : request.tools()) {
      tools.add(t.name());
    }
    Map<String, String> results = new HashMap<>();   // tool call id -> result text
    Map<String, Map<String, Object>> done = new HashMap<>();   // "name|args" -> parsed result
    for (Message m : msgs) {
      if (m instanceof Message.Tool t) {
        results.put(t.toolCallId(), t.text());
      }
    }
    for (Message m : msgs) {
      if (m instanceof Message.Ai a) {
        for (Message.ToolCall c : a.toolCalls()) {
          if (results.containsKey(c.id())) {
            done.put(key(c.name(), c.args()), parse(results.get(c.id())));
          }
        }
      }
    }
    Message last = null;
    for (Message m : msgs) {
      if (!(m instanceof Message.System)) {
        last = m;
      }
    }
    boolean answered = last instanceof Message.Ai a && a.toolCalls().isEmpty();
    String out;
    if (answered) {
      out = finalAnswer(msgs, done);
    } else {
      int intentAt = -1;
      Intent intent = null;
      for (int i = msgs.size() - 1; i >= 0 && intent == null; i--) {
        if (msgs.get(i) instanceof Message.Human h) {
          intent = intent(h.text());
          intentAt = i;
        }
      }
      if (intent == null) {
        out = "I can prepare Rule 37 spacing exceptions and Rule 32 flaring filings, and resolve or create wells, "
            + "leases and operators. What do you need?";
        if (msgs.stream().anyMatch(m -> m instanceof Message.System s && s.text().startsWith("HITL:"))) {
          out = "Checking the review status before I finalise.";
        }
      } else {
        Object next = next(intent, tools, done, msgs, intentAt, request);
        if (next instanceof Message.ToolCall call) {
          return answer(request, "", List.of(call));
        }
        out = (String) next;
      }
    }
    return answer(request, out, List.of());
  }

  private static Intent intent(String text) {
    String t = text.toLowerCase(Locale.ROOT);
    Matcher rn = RENAME.matcher(text);
    if (rn.find()) {
      return new Intent("rename", rn.group(1).strip(), null, rn.group(2).strip());
    }
    Matcher ln = LINK.matcher(text);
    if (ln.find()) {
      return new Intent("link", ln.group(1).strip(), ln.group(3) == null ? "related_to" : ln.group(3), ln.group(2).strip());
    }
    Matcher c = CREATE.matcher(text);
    if (c.find()) {
      return new Intent("create", c.group(2).strip(), c.group(1).toLowerCase(Locale.ROOT));
    }
    Matcher r = RESOLVE.matcher(text);
    if (r.find()) {
      return new Intent("resolve", r.group(1).strip(), null);
    }
    Matcher w = WELL.matcher(text);
    String well = w.find() ? w.group(1) : null;
    if (t.contains("rule 37") || t.contains("spacing exception") || t.contains("w-1")) {
      return new Intent("rule37", well, null);
    }
    if (t.contains("rule 32") || t.contains("flaring") || t.contains("r-32")) {
      return new Intent("rule32", well, null);
    }
    return null;
  }

  /** The next tool call for the intent, or the text answer when none is left. */
  @SuppressWarnings("unchecked")
  private Object next(Intent intent, Set<String> tools, Map<String, Map<String, Object>> done, List<Message> msgs,
                      int intentAt, ChatRequest request) {
    boolean domain = tools.contains("spacing_assessment") || tools.contains("flaring_volume_calc");
    if ((intent.kind().equals("rule37") || intent.kind().equals("rule32")) && !domain) {
      return "I'm sorry, I can't help with regulatory filings here. I'm a general assistant without the "
          + "Railroad Commission skills; please use a Rule 37 or Rule 32 agent.";
    }
    if (intent.kind().equals("resolve")) {
      List<String> names = List.of(intent.subject().replaceAll("[.?!]$", "").split("\\s*(?:,|\\band\\b)\\s*"));
      List<String> failed = new ArrayList<>();
      List<String> found = new ArrayList<>();
      for (String n : names) {
        if (n.isBlank()) {
          continue;
        }
        Map<String, Object> r = done.get(key("entity_resolve", Map.of("query", n.strip())));
        if (r == null) {
          return call(msgs, "entity_resolve", Map.of("query", n.strip()));
        }
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
    if (intent.subject() == null) {
      return "Which well is this for? Please give its name or API number.";
    }
    Map<String, Object> resolved = done.get(key("entity_resolve", Map.of("query", intent.subject())));
    if (resolved == null) {
      return call(msgs, "entity_resolve", Map.of("query", intent.subject()));
    }
    boolean decisive = Boolean.TRUE.equals(resolved.get("decisive"));
    if (intent.kind().equals("create")) {
      String rejected = rejection(msgs, intentAt);
      if (rejected != null) {
        return "Understood: the reviewer rejected creating " + intent.entityType() + " \"" + intent.subject()
            + "\", so nothing was created. " + rejected;
      }
      if (decisive) {
        return intent.subject() + " already exists as " + ((Map<String, Object>) resolved.get("selected")).get("entity_id")
            + "; nothing to create.";
      }
      Map<String, Object> args = Map.of("entity_type", intent.entityType(), "name", intent.subject());
      Map<String, Object> created = done.get(key("create_entity", args));
      if (created == null) {
        return tools.contains("create_entity") ? call(msgs, "create_entity", args)
            : "I cannot create entities with the tools I have.";
      }
      if ("created".equals(created.get("status"))) {
        return "Created " + intent.entityType() + " \"" + intent.subject() + "\" as " + created.get("entity_id")
            + " after approval.";
      }
      return "The creation of \"" + intent.subject() + "\" did not run: " + whyNotRun(created);
    }
    if (intent.kind().equals("rename") || intent.kind().equals("link")) {
      return change(intent, tools, done, msgs, intentAt, resolved);
    }
    if (!decisive) {
      return "I could not identify the well \"" + intent.subject() + "\"; please give its API number.";
    }
    Map<String, Object> entity = (Map<String, Object>) resolved.get("selected");
    String api = String.valueOf(entity.get("ref"));
    List<String> steps = intent.kind().equals("rule37")
        ? List.of("spacing_assessment", "offset_well_analysis", "good_cause_narrative", "rule37_filing_assembly")
        : List.of("flaring_volume_calc", "gas_analysis", "emissions_estimate", "rule32_filing_assembly");
    Map<String, Object> ctxArgs = Map.of("entity_id", entity.get("entity_id"));
    if (!done.containsKey(key("context_assemble", ctxArgs)) && tools.contains("context_assemble")) {
      return call(msgs, "context_assemble", ctxArgs);
    }
    for (String step : steps) {
      if (tools.contains(step) && !done.containsKey(key(step, Map.of("api", api)))) {
        return call(msgs, step, Map.of("api", api));
      }
    }
    String skill = intent.kind().equals("rule37") ? "rrc_rule37" : "rrc_rule32";
    Map<String, Object> filing = result(done, steps.getLast(), api);
    String summary = filing == null ? "The filing could not be assembled with the tools I have."
        : "Form " + filing.get("form") + " package " + filing.get("filing_id") + " for " + filing.get("well")
            + " is assembled and ready for review.";
    boolean injected = msgs.stream().anyMatch(m -> m instanceof Message.System s && s.text().startsWith(SkillNodes.ACTIVATED)
        && s.text().contains(skill.equals("rrc_rule37") ? "Rule 37" : "Rule 32"));
    return injected ? summary : summary + "\nSKILL_SELECT:" + skill;
  }

  /** A rename ({@code update_entity}) or a link ({@code link_entities}) of resolved entities, once approved. */
  @SuppressWarnings("unchecked")
  private Object change(Intent intent, Set<String> tools, Map<String, Map<String, Object>> done, List<Message> msgs,
                        int intentAt, Map<String, Object> resolved) {
    if (!Boolean.TRUE.equals(resolved.get("decisive"))) {
      return "I could not identify \"" + intent.subject() + "\"; please give its exact name or id.";
    }
    String from = (String) ((Map<String, Object>) resolved.get("selected")).get("entity_id");
    boolean rename = intent.kind().equals("rename");
    String tool = rename ? "update_entity" : "link_entities";
    Map<String, Object> args;
    if (rename) {
      args = Map.of("entity_id", from, "name", intent.target());
    } else {
      Map<String, Object> target = done.get(key("entity_resolve", Map.of("query", intent.target())));
      if (target == null) {
        return call(msgs, "entity_resolve", Map.of("query", intent.target()));
      }
      if (!Boolean.TRUE.equals(target.get("decisive"))) {
        return "I could not identify \"" + intent.target() + "\"; please give its exact name or id.";
      }
      args = Map.of("from_id", from, "relation", intent.entityType(),
          "to_id", ((Map<String, Object>) target.get("selected")).get("entity_id"));
    }
    String what = rename ? "renaming " + from + " to \"" + intent.target() + "\""
        : "linking " + from + " " + intent.entityType() + " " + args.get("to_id");
    String rejected = rejection(msgs, intentAt);
    if (rejected != null) {
      return "Understood: the reviewer rejected " + what + ", so nothing changed. " + rejected;
    }
    Map<String, Object> result = done.get(key(tool, args));
    if (result == null) {
      return tools.contains(tool) ? call(msgs, tool, args) : "I cannot change the knowledge graph with the tools I have.";
    }
    if ("updated".equals(result.get("status")) || "linked".equals(result.get("status"))) {
      return "Done after approval: " + what + ".";
    }
    return "The change (" + what + ") did not run: " + whyNotRun(result);
  }

  /** What a tool's result says about why its call did not run, as a sentence: its message, else its error or status. */
  private static String whyNotRun(Map<String, Object> result) {
    for (String field : List.of("message", "error", "status")) {
      if (result.get(field) instanceof String why && !why.isBlank()) {
        return why.endsWith(".") ? why : why + ".";
      }
    }
    return "no reason given.";
  }

  /** The reviewer's comment of a rejection noted after the request at {@code intentAt}, or null. */
  private static String rejection(List<Message> msgs, int intentAt) {
    for (int i = intentAt + 1; i < msgs.size(); i++) {
      if (msgs.get(i) instanceof Message.System s && s.text().startsWith("HITL: reviewer") && s.text().contains("rejected")) {
        return s.text().replaceFirst("(?s).*?: \"", "Their comment: \"").replaceFirst("\"\\..*", "\".");
      }
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> result(Map<String, Map<String, Object>> done, String tool, String api) {
    Map<String, Object> r = done.get(key(tool, Map.of("api", api)));
    return r != null && r.get("result") instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
  }

  /** The synthesis answer: the newest filing package in the conversation and the reviewer's verdict. */
  @SuppressWarnings("unchecked")
  private static String finalAnswer(List<Message> msgs, Map<String, Map<String, Object>> done) {
    Map<String, Object> filing = null;
    for (Map<String, Object> r : done.values()) {
      if (r.get("result") instanceof Map<?, ?> m && m.get("filing_id") != null) {
        filing = (Map<String, Object>) m;
      }
    }
    String verdict = null;
    for (Message m : msgs) {
      if (m instanceof Message.System s && (s.text().startsWith("HITL: the ") || s.text().startsWith("HITL_WARNING"))) {
        verdict = s.text();
      }
    }
    if (filing == null) {
      String lastText = "";
      for (Message m : msgs) {
        if (m instanceof Message.Ai a && !a.text().isEmpty()) {
          lastText = a.text();
        }
      }
      return lastText.replaceAll("\\s*SKILL_SELECT:\\S+", "").strip();
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
      Map<String, Object> v = (Map<String, Object>) filing.get("volumes");
      Map<String, Object> e = (Map<String, Object>) filing.get("emissions");
      b.append("Flaring Summary:\n- Flared: ").append(v.get("flared_mcfd")).append(" MCF/d for ").append(v.get("days_flared"))
          .append(" days (allowance: 10 days after completion)\n- Emissions: ").append(e.get("co2e_tonnes_to_date"))
          .append(" t CO2e\n");
    }
    String status = verdict == null ? "awaiting review"
        : verdict.startsWith("HITL_WARNING") ? "not reviewed by a human (approval service unavailable)"
        : verdict.contains(" was approved by ") ? "approved" + verdict.substring(verdict.indexOf(" by ")).replaceAll("\\.$", "")
            + " — ready to file"
        : "rejected" + verdict.substring(verdict.indexOf(" by ")).replaceAll("\\.$", "") + " — not filed";
    b.append("Filing: Form ").append(filing.get("form")).append(" package ").append(filing.get("filing_id")).append(", ")
        .append(status);
    return b.toString();
  }

  private static Message.ToolCall call(List<Message> msgs, String name, Map<String, Object> args) {
    return new Message.ToolCall("call_" + msgs.size() + "_" + name, name, args);
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

  private static String key(String name, Map<String, Object> args) {
    try {
      return name + "|" + SORTED.writeValueAsString(args);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static Map<String, Object> parse(String text) {
    try {
      return SORTED.readValue(text, new TypeReference<Map<String, Object>>() {});
    } catch (Exception e) {
      return Map.of("text", text);
    }
  }
}
