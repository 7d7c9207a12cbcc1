package dev.trellis.apps.rrc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Rule 37 skill's tools over the knowledge graph: spacing against the statewide minimums
 * (467 ft to a lease line, 1,200 ft between wells), offset wells and operators to notify, the
 * good-cause argument and the Form W-1 package. Pure functions of the graph's data.
 */
final class Rule37Tools {
  static final double LEASE_LINE_MIN_FT = 467;
  static final double BETWEEN_WELL_MIN_FT = 1200;

  private Rule37Tools() {}

  static String api(Map<String, Object> args) {
    Object api = args.get("api");
    if (api == null) {
      throw new IllegalArgumentException("missing \"api\" (the well's API number)");
    }
    return api.toString();
  }

  static double num(Object o) {
    return ((Number) o).doubleValue();
  }

  static Map<String, Object> spacing(KnowledgeGraph kg, String api) {
    Map<String, Object> w = kg.well(api);
    Map<String, Object> lease = kg.lease((String) w.get("lease_id"));
    double x = num(w.get("x_ft"));
    double y = num(w.get("y_ft"));
    Map<String, Double> lines = new LinkedHashMap<>();
    lines.put("west", x - num(lease.get("min_x")));
    lines.put("east", num(lease.get("max_x")) - x);
    lines.put("south", y - num(lease.get("min_y")));
    lines.put("north", num(lease.get("max_y")) - y);
    var nearestLine = lines.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow();
    Map<String, Object> nearestWell = null;
    double nearestWellFt = Double.MAX_VALUE;
    for (Map<String, Object> o : kg.wellsExcept(api)) {
      if (!o.get("lease_id").equals(w.get("lease_id"))) {
        continue;
      }
      double d = Math.hypot(num(o.get("x_ft")) - x, num(o.get("y_ft")) - y);
      if (d < nearestWellFt) {
        nearestWellFt = d;
        nearestWell = o;
      }
    }
    List<String> exceptions = new ArrayList<>();
    if (nearestLine.getValue() < LEASE_LINE_MIN_FT) {
      exceptions.add("lease_line");
    }
    if (nearestWell != null && nearestWellFt < BETWEEN_WELL_MIN_FT) {
      exceptions.add("between_well");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("api", api);
    out.put("well", w.get("name"));
    out.put("lease", lease.get("name"));
    out.put("nearest_lease_line", nearestLine.getKey());
    out.put("lease_line_distance_ft", Math.round(nearestLine.getValue()));
    out.put("lease_line_minimum_ft", (long) LEASE_LINE_MIN_FT);
    out.put("nearest_same_lease_well", nearestWell == null ? null : nearestWell.get("name"));
    out.put("between_well_distance_ft", nearestWell == null ? null : Math.round(nearestWellFt));
    out.put("between_well_minimum_ft", (long) BETWEEN_WELL_MIN_FT);
    out.put("exception_required", !exceptions.isEmpty());
    out.put("exception_types", exceptions);
    return out;
  }

  static Map<String, Object> offsets(KnowledgeGraph kg, String api, double radiusFt) {
    Map<String, Object> w = kg.well(api);
    double x = num(w.get("x_ft"));
    double y = num(w.get("y_ft"));
    List<Map<String, Object>> offsets = new ArrayList<>();
    List<String> notify = new ArrayList<>();
    for (Map<String, Object> o : kg.wellsExcept(api)) {
      double d = Math.hypot(num(o.get("x_ft")) - x, num(o.get("y_ft")) - y);
      if (d <= radiusFt) {
        Map<String, Object> op = kg.operator((String) o.get("operator_id"));
        offsets.add(Map.of("api", o.get("api"), "name", o.get("name"), "distance_ft", Math.round(d),
            "operator", op.get("name"), "formation", o.get("target_formation")));
        if (!o.get("operator_id").equals(w.get("operator_id")) && !notify.contains((String) op.get("name"))) {
          notify.add((String) op.get("name"));
        }
      }
    }
    offsets.sort((a, b) -> Long.compare((Long) a.get("distance_ft"), (Long) b.get("distance_ft")));
    return Map.of("api", api, "radius_ft", Math.round(radiusFt), "offset_wells", offsets, "operators_to_notify", notify);
  }

  @SuppressWarnings("unchecked")
  static String narrative(KnowledgeGraph kg, String api) {
    Map<String, Object> w = kg.well(api);
    Map<String, Object> s = spacing(kg, api);
    Map<String, Object> o = offsets(kg, api, BETWEEN_WELL_MIN_FT);
    List<String> notify = (List<String>) o.get("operators_to_notify");
    return String.format(Locale.ROOT, "%s (API %s) is proposed %d ft from the %s line of the %s, inside the %d ft "
            + "minimum of Statewide Rule 37. A regular location would leave the %s reserves under that part of the lease "
            + "undrained, which is waste; the exception is necessary to prevent it. Correlative rights are protected: "
            + "%s; each offset operator within %d ft (%s) receives notice of this application.",
        w.get("name"), api, (Long) s.get("lease_line_distance_ft"), s.get("nearest_lease_line"), s.get("lease"),
        (Long) s.get("lease_line_minimum_ft"), w.get("target_formation"),
        s.get("nearest_same_lease_well") == null ? "no other well on the lease is affected"
            : "the nearest well on the lease (" + s.get("nearest_same_lease_well") + ", " + s.get("between_well_distance_ft")
                + " ft) belongs to the applicant",
        (long) BETWEEN_WELL_MIN_FT, notify.isEmpty() ? "none" : String.join(", ", notify));
  }

  /** The skill's tools by binding name; outputs are wrapped as {status, message, result}. */
  static Map<String, RrcTool> bindings() {
    return Map.of(
        "spacing_assessment", (a, c) -> wrap("spacing assessed", spacing(c.kg(), api(a))),
        "offset_well_analysis", (a, c) -> wrap("offset wells found", offsets(c.kg(), api(a),
            a.get("radius_ft") instanceof Number n ? n.doubleValue() : BETWEEN_WELL_MIN_FT)),
        "good_cause_narrative", (a, c) -> wrap("narrative written", Map.of("api", api(a), "narrative", narrative(c.kg(), api(a)))),
        "rule37_filing_assembly", (a, c) -> wrap("Form W-1 package assembled", w1(c.kg(), api(a))));
  }

  static Map<String, Object> w1(KnowledgeGraph kg, String api) {
    Map<String, Object> w = kg.well(api);
    Map<String, Object> lease = kg.lease((String) w.get("lease_id"));
    Map<String, Object> op = kg.operator((String) w.get("operator_id"));
    Map<String, Object> s = spacing(kg, api);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("form", "W-1");
    out.put("filing_id", "W1-" + api);
    out.put("operator", op.get("name") + " (RRC #" + op.get("rrc_operator_no") + ")");
    out.put("well", w.get("name") + " (API " + api + ")");
    out.put("lease", lease.get("name") + ", " + lease.get("county") + " County, District " + lease.get("district"));
    out.put("field", lease.get("field"));
    out.put("exception_types", s.get("exception_types"));
    out.put("spacing", s);
    out.put("offsets", offsets(kg, api, BETWEEN_WELL_MIN_FT));
    out.put("good_cause", narrative(kg, api));
    out.put("status", "ready_for_review");
    return out;
  }

  static ToolResult wrap(String message, Map<String, Object> result) {
    return ToolResult.of(Map.of("status", "ok", "message", message, "result", result));
  }
}
