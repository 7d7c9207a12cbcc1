package dev.trellis.apps.rrc;

import static dev.trellis.apps.rrc.PlannerModel.feet;
import static dev.trellis.apps.rrc.PlannerModel.use;

import dev.trellis.agent.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline planner's answers to questions: about the registry (its wells, a well's lease,
 * operator, spacing, offsets, flaring) from the tools' results, and about the filing under way
 * (offsets and operators, notice, narrative, status) from the results in the conversation. A
 * fact no tool gives is said to be unknown; a well the registry lacks is said so, with the wells
 * it has.
 */
final class PlannerAnswers {
  private static final Pattern WITHIN = Pattern.compile("(?i)within\\s+([\\d,]+)\\s*(?:ft|feet|foot|')");
  private static final Pattern COUNTY = Pattern.compile("(?i)\\b([a-z]+) county\\b");
  private static final Pattern DAYS = Pattern.compile("(?i)\\b(\\d+)\\s*days?\\b");

  private PlannerAnswers() {}

  static String help(PlannerView v) {
    return "I can answer questions about the registry's wells, leases and operators (try \"which wells do you know "
        + "about?\"), prepare Rule 37 spacing exceptions (Form W-1) and Rule 32 flaring exceptions (Form R-32) for a "
        + "reviewer to approve, and resolve or create wells, leases and operators. What do you need?";
  }

  static String thanks(PlannerView v) {
    String pending = pendingFiling(v);
    return "You're welcome." + (pending == null ? "" : " " + pending);
  }

  /** The filing assembled in this conversation that has no verdict yet, as a sentence, or null. */
  @SuppressWarnings("unchecked")
  static String pendingFiling(PlannerView v) {
    for (String form : List.of("W-1", "R-32")) {
      Map<String, Object> f = filing(v, form);
      if (f != null && verdict(v, form) == null) {
        return "Form " + form + " package " + f.get("filing_id") + " for " + f.get("well")
            + " is waiting for a reviewer's approval; nothing is filed until then.";
      }
    }
    return null;
  }

  /** The newest filing package of {@code form} in the conversation, or null. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> filing(PlannerView v, String form) {
    Map<String, Object> newest = null;
    int at = -1;
    for (var e : v.done.entrySet()) {
      if (e.getValue().get("result") instanceof Map<?, ?> m && form.equals(m.get("form")) && v.doneAt.get(e.getKey()) > at) {
        newest = (Map<String, Object>) m;
        at = v.doneAt.get(e.getKey());
      }
    }
    return newest;
  }

  /** The reviewer's verdict on the newest {@code form} package ("approved by carol: …"), or null while none came. */
  private static String verdict(PlannerView v, String form) {
    int at = -1;
    String tool = form.equals("W-1") ? "rule37_filing_assembly" : "rule32_filing_assembly";
    for (var e : v.doneAt.entrySet()) {
      if (e.getKey().startsWith(tool + "|")) {
        at = Math.max(at, e.getValue());
      }
    }
    String verdict = null;
    for (int i = at + 1; at >= 0 && i < v.msgs.size(); i++) {
      if (v.msgs.get(i) instanceof Message.System s && s.text().startsWith("HITL: the ") && s.text().contains(" was ")) {
        verdict = s.text().substring(s.text().indexOf(" was ") + 5).replaceAll("\\.$", "");
      }
    }
    return verdict;
  }

  @SuppressWarnings("unchecked")
  static String filingSummary(PlannerView v, String form, String api) {
    Map<String, Object> f = filing(v, form);
    StringBuilder b = new StringBuilder("Form ").append(form).append(" package ").append(f.get("filing_id")).append(" for ")
        .append(f.get("well")).append(" is assembled: ");
    if (form.equals("W-1")) {
      Map<String, Object> s = (Map<String, Object>) f.get("spacing");
      Map<String, Object> o = (Map<String, Object>) f.get("offsets");
      b.append(spacing(s, true, true));
      List<String> notify = (List<String>) o.get("operators_to_notify");
      b.append(" Offset wells within 1,200 ft: ").append(((List<?>) o.get("offset_wells")).size())
          .append("; operators to notify: ").append(notify.isEmpty() ? "none" : String.join(", ", notify)).append('.');
    } else {
      Map<String, Object> vol = (Map<String, Object>) f.get("volumes");
      b.append(volumes(vol)).append(' ').append(gas((Map<String, Object>) f.get("gas_analysis"))).append(" Requested: ")
          .append(vol.get("requested_days")).append(" days.");
      Matcher days = DAYS.matcher(v.human);
      if (days.find() && Integer.parseInt(days.group(1)) != ((Number) vol.get("days_flared")).intValue()) {
        b.append(" You mentioned ").append(days.group(1)).append(" days; the registry records ").append(vol.get("days_flared"))
            .append(" days of flaring for this well, which is what the package uses.");
      }
    }
    return b.append(decision(v, form)).toString();
  }

  /** The package assembled earlier, in one sentence, and the reviewer's decision or what it waits for. */
  static String filingAsBefore(PlannerView v, String form) {
    Map<String, Object> f = filing(v, form);
    String verdict = verdict(v, form);
    // said before the reviewer's verdict is read (approval_node comes after this call): true either way
    return "Form " + form + " package " + f.get("filing_id") + " for " + f.get("well") + " is assembled as before. "
        + (verdict != null ? "The reviewer's decision: " + verdict + "." : "Filing it takes a reviewer's approval ("
            + (form.equals("W-1") ? "good-cause review and pre-filing" : "pre-filing") + ").");
  }

  private static String decision(PlannerView v, String form) {
    String verdict = verdict(v, form);
    return verdict != null ? " The reviewer's decision: " + verdict + "."
        : " It needs a reviewer's approval (" + (form.equals("W-1") ? "good-cause review and pre-filing" : "pre-filing")
            + ") before it is filed.";
  }

  static String question(PlannerView v, PlannerIntent intent) {
    String q = v.human.toLowerCase(Locale.ROOT);
    if (q.matches("(?s).*\\b(?:wells|leases|operators)\\b.*") && q.matches("(?s).*\\b(?:which|what|list|know|have|all|registry)\\b.*")
        && intent.subject() == null && !q.contains("offset")) {
      String type = q.contains("wells") ? "well" : q.contains("leases") ? "lease" : "operator";
      return listing(v, type);
    }
    String name = PlannerModel.subject(v, intent);
    boolean unknownFact = q.matches("(?s).*\\b(?:deadline|protest|hearing|fee|due|date|cost)\\b.*");
    if (unknownFact) {
      return unknown(v, q);
    }
    if (q.matches("(?s).*\\b(?:status|approved|approval|review|reviewer|pending|filed)\\b.*") && name == null
        || q.matches("(?s).*\\b(?:is it|has it been|was it) (?:approved|filed|reviewed)\\b.*")) {
      String pending = pendingFiling(v);
      if (pending != null) {
        return pending;
      }
      for (String form : List.of("W-1", "R-32")) {
        if (filing(v, form) instanceof Map<String, Object> f) {
          return "Form " + form + " package " + f.get("filing_id") + ": " + verdict(v, form) + ".";
        }
      }
      return "Nothing is filed or waiting for review in this conversation.";
    }
    if (name == null) {
      return "Which well do you mean? " + wellNames(v) + ".";
    }
    Map<String, Object> entity = PlannerModel.resolved(v, name);
    if (entity == null) {
      return PlannerAnswers.unknownWell(v, name, false);
    }
    String api = String.valueOf(entity.get("ref"));
    String well = String.valueOf(entity.get("name"));
    if (q.contains("offset") || q.contains("notif") || q.contains("notice")) {
      return offsets(v, q, api, well);
    }
    if (q.matches("(?s).*\\b(?:narrative|good cause|good-cause|justification|argument)\\b.*")) {
      Map<String, Object> f = filing(v, "W-1");
      Object text = f != null && api.equals(((Map<?, ?>) f.get("spacing")).get("api")) ? f.get("good_cause")
          : result(use(v, "good_cause_narrative", Map.of("api", api))).get("narrative");
      return "The good-cause narrative for " + well + ": \"" + text + "\"";
    }
    if (q.matches("(?s).*\\b(?:h2s|sour|pipeline|btu|composition|co2)\\b.*")) {
      return well + ": " + gas(result(use(v, "gas_analysis", Map.of("api", api))));
    }
    boolean lineAsked = q.matches("(?s).*\\b(?:lease line|lease-line|setback|spacing|property line)\\b.*");
    boolean wellAsked = q.matches("(?s).*\\b(?:nearest|closest|between)\\b.*\\bwells?\\b.*|(?s).*\\bsame lease\\b.*");
    if (lineAsked || wellAsked || q.contains("distance") || q.contains("how far")) {
      Map<String, Object> s = result(use(v, "spacing_assessment", Map.of("api", api)));
      return spacing(s, lineAsked || !wellAsked, wellAsked || !lineAsked);
    }
    if (q.matches("(?s).*\\b(?:flare|flared|flaring|mcf|volume|gas per day|per day)\\b.*")) {
      return volumes(result(use(v, "flaring_volume_calc", Map.of("api", api))));
    }
    if (q.matches("(?s).*\\b(?:emission|emissions|co2e|carbon|ghg)\\b.*")) {
      Map<String, Object> e = result(use(v, "emissions_estimate", Map.of("api", api)));
      return String.format(Locale.ROOT, "Flaring at %s emits about %s t CO2e a day, %s t so far (%s).", well,
          e.get("co2e_tonnes_per_day"), feet(e.get("co2e_tonnes_to_date")), e.get("method"));
    }
    return describe(v, entity);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> result(Map<String, Object> wrapped) {
    return wrapped.get("result") instanceof Map<?, ?> m ? (Map<String, Object>) m : wrapped;
  }

  /** A well's lease, operator, status and target from its context. */
  @SuppressWarnings("unchecked")
  private static String describe(PlannerView v, Map<String, Object> entity) {
    Map<String, Object> ctx = use(v, "context_assemble", Map.of("entity_id", entity.get("entity_id")));
    if (!(ctx.get("well") instanceof Map<?, ?> w)) {
      return entity.get("name") + " is " + entity.get("entity_type") + " " + entity.get("entity_id")
          + " in the registry; it has no well data.";
    }
    Map<String, Object> l = (Map<String, Object>) ctx.get("lease");
    Map<String, Object> o = (Map<String, Object>) ctx.get("operator");
    return String.format(Locale.ROOT, "%s (API %s) is a %s well on the %s (%s County, District %s, %s), operated by %s "
            + "(RRC #%s), targeting the %s.", w.get("name"), w.get("api"), w.get("status"), l.get("name"), l.get("county"),
        l.get("district"), l.get("field"), o.get("name"), o.get("rrc_operator_no"), w.get("target_formation"));
  }

  static String spacing(Map<String, Object> s, boolean line, boolean well) {
    List<String> out = new ArrayList<>();
    if (line) {
      long d = ((Number) s.get("lease_line_distance_ft")).longValue();
      out.add(String.format(Locale.ROOT, "%s is %s ft from the %s line of the %s; Rule 37's minimum is 467 ft, so it %s "
          + "a lease-line exception.", s.get("well"), feet(d), s.get("nearest_lease_line"), s.get("lease"),
          d < 467 ? "needs" : "does not need"));
    }
    if (well) {
      if (s.get("nearest_same_lease_well") == null) {
        out.add("No other well is on the " + s.get("lease") + ".");
      } else {
        long d = ((Number) s.get("between_well_distance_ft")).longValue();
        out.add(String.format(Locale.ROOT, "The nearest well on the %s is %s, %s ft away; the between-well minimum is "
            + "1,200 ft, so %s.", s.get("lease"), s.get("nearest_same_lease_well"), feet(d),
            d < 1200 ? "a between-well exception is needed too" : "no between-well exception is needed"));
      }
    }
    return String.join(" ", out);
  }

  @SuppressWarnings("unchecked")
  private static String offsets(PlannerView v, String q, String api, String well) {
    Matcher within = WITHIN.matcher(q);
    int radius = within.find() ? Integer.parseInt(within.group(1).replace(",", "")) : 1200;
    Map<String, Object> o = result(use(v, "offset_well_analysis",
        radius == 1200 ? Map.of("api", api) : Map.of("api", api, "radius_ft", radius)));
    List<Map<String, Object>> wells = (List<Map<String, Object>>) o.get("offset_wells");
    StringBuilder b = new StringBuilder();
    if (wells.isEmpty()) {
      b.append("No well is within ").append(feet(radius)).append(" ft of ").append(well).append('.');
      if (radius < 1200) {
        List<Map<String, Object>> wider = (List<Map<String, Object>>) result(use(v, "offset_well_analysis",
            Map.of("api", api))).get("offset_wells");
        if (!wider.isEmpty()) {
          b.append(" Within 1,200 ft (the offset distance the filing uses): ").append(list(wider)).append('.');
        }
      }
    } else {
      b.append("Offset wells within ").append(feet(radius)).append(" ft of ").append(well).append(": ").append(list(wells))
          .append('.');
    }
    if (q.contains("notif") || q.contains("notice")) {
      List<String> notify = (List<String>) result(use(v, "offset_well_analysis", Map.of("api", api))).get("operators_to_notify");
      b.append(notify.isEmpty() ? " No offset operator other than the applicant needs notice."
          : " Operators to notify: " + String.join(", ", notify) + ". I have no record that notice has been sent: neither "
              + "the registry nor the filing package records it, and sending it is outside my tools.");
    }
    return b.toString();
  }

  private static String list(List<Map<String, Object>> wells) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> w : wells) {
      out.add(w.get("name") + " (" + feet(w.get("distance_ft")) + " ft, " + w.get("operator") + ", " + w.get("formation") + ")");
    }
    return String.join("; ", out);
  }

  private static String volumes(Map<String, Object> vol) {
    return String.format(Locale.ROOT, "%s flares %s MCF a day; %s days so far (%s MCF). Rule 32 allows %s days after "
            + "completion without an exception, so %s.", vol.get("well"), feet(vol.get("flared_mcfd")), vol.get("days_flared"),
        feet(vol.get("total_flared_mcf")), vol.get("allowance_days"),
        Boolean.TRUE.equals(vol.get("exception_required")) ? "an exception is required" : "no exception is required");
  }

  private static String gas(Map<String, Object> g) {
    return String.format(Locale.ROOT, "H2S %s ppm (%s), CO2 %s%%, %s BTU/scf; the nearest pipeline is %s mi away, so a "
            + "connection is %s.", feet(g.get("h2s_ppm")), Boolean.TRUE.equals(g.get("sour_gas")) ? "sour" : "sweet",
        g.get("co2_pct"), feet(g.get("btu_per_scf")), g.get("pipeline_distance_mi"),
        Boolean.TRUE.equals(g.get("pipeline_reasonably_available")) ? "reasonably available" : "not reasonably available");
  }

  /** A fact no tool gives: said to be unknown, with what is known about the filing. */
  private static String unknown(PlannerView v, String q) {
    String what = q.contains("protest") ? "the protest deadline" : q.contains("hearing") ? "a hearing date"
        : q.contains("fee") || q.contains("cost") ? "the filing fee" : "that date";
    String pending = pendingFiling(v);
    return "I don't know " + what + ": neither the registry nor the filing package records it, and none of my tools "
        + "gives it." + (pending == null ? "" : " What I do know: " + pending);
  }

  @SuppressWarnings("unchecked")
  static String listing(PlannerView v, String type) {
    List<Map<String, Object>> all = (List<Map<String, Object>>) use(v, "entity_resolve",
        Map.of("query", "", "entity_type", type)).get("candidates");
    List<String> out = new ArrayList<>();
    for (Map<String, Object> e : all) {
      out.add(e.get("lease") == null ? String.valueOf(e.get("name"))
          : e.get("name") + " (API " + e.get("ref") + ", " + e.get("lease") + ", " + e.get("county") + " County, "
              + e.get("operator") + ", " + e.get("status") + ")");
    }
    return "The registry has " + all.size() + " " + type + (all.size() == 1 ? "" : "s") + ": " + String.join("; ", out) + ".";
  }

  @SuppressWarnings("unchecked")
  private static String wellNames(PlannerView v) {
    List<Map<String, Object>> all = (List<Map<String, Object>>) use(v, "entity_resolve",
        Map.of("query", "", "entity_type", "well")).get("candidates");
    return "The wells I know: " + String.join(", ", all.stream().map(e -> e.get("name") + (e.get("county") == null ? ""
        : " (" + e.get("county") + " County)")).toList());
  }

  /** A well the registry does not have: said so, with similar names, the wells it has and how to add one. */
  @SuppressWarnings("unchecked")
  static String unknownWell(PlannerView v, String name, boolean first) {
    Map<String, Object> r = v.result("entity_resolve", Map.of("query", name));
    List<String> similar = r == null ? List.of() : ((List<Map<String, Object>>) r.getOrDefault("candidates", List.of()))
        .stream().filter(c -> "well".equals(c.get("entity_type"))).map(c -> (String) c.get("name")).toList();
    String names = wellNames(v);
    if (!first && v.previousAnswer().contains(names)) {
      return "Still no well \"" + name + "\" in the registry. Give me its API number, pick one of the wells I listed, "
          + "or ask me to create it.";
    }
    StringBuilder b = new StringBuilder(first
        ? "I could not identify the well \"" + name + "\"; please give its API number."
        : "I still have no well \"" + name + "\" in the registry, so I can't answer that for it.");
    if (!similar.isEmpty()) {
      b.append(" Did you mean ").append(String.join(" or ", similar)).append('?');
    }
    b.append(' ').append(names).append('.');
    for (Matcher county = COUNTY.matcher(v.human); county.find(); ) {
      String c = county.group(1);
      if (!names.toLowerCase(Locale.ROOT).contains(c.toLowerCase(Locale.ROOT) + " county")) {
        b.append(" None of them is in ").append(Character.toUpperCase(c.charAt(0))).append(c.substring(1)).append(" County.");
      }
    }
    b.append(" If it is a new well, say \"create well ").append(name)
        .append("\" and I will add it once a reviewer approves.");
    return b.toString();
  }
}
