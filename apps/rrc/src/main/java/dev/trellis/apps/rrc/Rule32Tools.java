package dev.trellis.apps.rrc;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Rule 32 skill's tools: flared volumes against the rule's allowance (10 days after
 * completion without an exception, 180 days at most per exception), gas composition and
 * pipeline readiness, CO2e with EPA factors, and the Form R-32 package.
 */
final class Rule32Tools {
  static final int ALLOWANCE_DAYS = 10;
  /** EPA: kg CO2 per MMBtu of natural gas burned; 98% combustion efficiency; CH4 19.2 kg/MCF, 80% of gas, GWP 25. */
  static final double KG_CO2_PER_MMBTU = 53.06;
  static final double COMBUSTION_EFFICIENCY = 0.98;
  static final double KG_CH4_PER_MCF = 19.2;
  static final double METHANE_FRACTION = 0.80;
  static final double CH4_GWP = 25;

  private Rule32Tools() {}

  static Map<String, Object> volumes(KnowledgeGraph kg, String api) {
    Map<String, Object> w = kg.well(api);
    double daily = Rule37Tools.num(w.get("flared_mcfd"));
    int days = ((Number) w.get("flaring_days")).intValue();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("api", api);
    out.put("well", w.get("name"));
    out.put("flared_mcfd", daily);
    out.put("days_flared", days);
    out.put("total_flared_mcf", Math.round(daily * days));
    out.put("allowance_days", ALLOWANCE_DAYS);
    out.put("exception_required", daily > 0 && days > ALLOWANCE_DAYS);
    out.put("requested_days", Math.min(180, Math.max(0, days - ALLOWANCE_DAYS) + 90));
    return out;
  }

  static Map<String, Object> gas(KnowledgeGraph kg, String api) {
    Map<String, Object> w = kg.well(api);
    double h2s = Rule37Tools.num(w.get("h2s_ppm"));
    double miles = Rule37Tools.num(w.get("pipeline_distance_mi"));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("api", api);
    out.put("h2s_ppm", h2s);
    out.put("sour_gas", h2s >= 100);
    out.put("co2_pct", w.get("co2_pct"));
    out.put("btu_per_scf", w.get("btu_per_scf"));
    out.put("pipeline_distance_mi", miles);
    out.put("pipeline_reasonably_available", miles <= 1.0 && h2s < 100);
    return out;
  }

  static Map<String, Object> emissions(KnowledgeGraph kg, String api) {
    Map<String, Object> w = kg.well(api);
    double daily = Rule37Tools.num(w.get("flared_mcfd"));
    double mmbtu = daily * Rule37Tools.num(w.get("btu_per_scf")) / 1000.0;
    double co2Kg = mmbtu * KG_CO2_PER_MMBTU * COMBUSTION_EFFICIENCY;
    double ch4Kg = daily * (1 - COMBUSTION_EFFICIENCY) * METHANE_FRACTION * KG_CH4_PER_MCF;
    double co2eDaily = (co2Kg + ch4Kg * CH4_GWP) / 1000.0;
    int days = ((Number) w.get("flaring_days")).intValue();
    return Map.of("api", api, "co2e_tonnes_per_day", Math.round(co2eDaily * 10) / 10.0,
        "co2e_tonnes_to_date", Math.round(co2eDaily * days), "method", "EPA AP-42 / Subpart W factors");
  }

  static Map<String, Object> r32(KnowledgeGraph kg, String api) {
    Map<String, Object> w = kg.well(api);
    Map<String, Object> lease = kg.lease((String) w.get("lease_id"));
    Map<String, Object> op = kg.operator((String) w.get("operator_id"));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("form", "R-32");
    out.put("filing_id", "R32-" + api);
    out.put("operator", op.get("name") + " (RRC #" + op.get("rrc_operator_no") + ")");
    out.put("well", w.get("name") + " (API " + api + ")");
    out.put("lease", lease.get("name") + ", " + lease.get("county") + " County, District " + lease.get("district"));
    out.put("volumes", volumes(kg, api));
    out.put("gas_analysis", gas(kg, api));
    out.put("emissions", emissions(kg, api));
    out.put("status", "ready_for_review");
    return out;
  }

  static Map<String, RrcTool> bindings() {
    return Map.of(
        "flaring_volume_calc", (a, c) -> Rule37Tools.wrap("volumes calculated", volumes(c.kg(), Rule37Tools.api(a))),
        "gas_analysis", (a, c) -> Rule37Tools.wrap("gas analysed", gas(c.kg(), Rule37Tools.api(a))),
        "emissions_estimate", (a, c) -> Rule37Tools.wrap("emissions estimated", emissions(c.kg(), Rule37Tools.api(a))),
        "rule32_filing_assembly", (a, c) -> Rule37Tools.wrap("Form R-32 package assembled", r32(c.kg(), Rule37Tools.api(a))));
  }
}
