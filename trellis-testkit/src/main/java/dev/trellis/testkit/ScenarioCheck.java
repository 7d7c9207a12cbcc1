package dev.trellis.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.trellis.graph.Durability;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Compares an observed scenario result with the expected one by FORMAT.md's canonical
 * rules: values events in order (those carrying {@code __interrupt__} skipped), updates
 * and custom events between two values events as a multiset, fields absent from
 * {@code expect} not compared, the rest exactly. Numbers compare by value (1 == 1.0).
 */
public final class ScenarioCheck {
  private static final Comparator<JsonNode> NUMERIC = (a, b) -> {
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue());
    }
    return a.equals(b) ? 0 : 1;
  };

  private ScenarioCheck() {}

  /** Differences between {@code expected} and {@code actual} result arrays; empty when they agree. */
  public static List<String> diff(JsonNode expected, JsonNode actual) {
    List<String> out = new ArrayList<>();
    if (expected.size() != actual.size()) {
      out.add("expected " + expected.size() + " run results, got " + actual.size());
      return out;
    }
    for (int i = 0; i < expected.size(); i++) {
      JsonNode e = expected.get(i);
      JsonNode a = actual.get(i);
      for (var field : e.properties()) {
        String k = field.getKey();
        JsonNode ev = field.getValue();
        JsonNode av = a.get(k);
        boolean same = k.equals("events") ? eventsEqual(ev, av) : av != null && ev.equals(NUMERIC, av);
        if (!same) {
          out.add("run " + i + " " + k + ":\n  expected " + ev + "\n  actual   " + av);
        }
      }
    }
    return out;
  }

  private static boolean eventsEqual(JsonNode expected, JsonNode actual) {
    if (actual == null) {
      return false;
    }
    List<Object> e = canonical(expected);
    List<Object> a = canonical(actual);
    if (e.size() != a.size()) {
      return false;
    }
    for (int i = 0; i < e.size(); i++) {
      if (!groupEqual(e.get(i), a.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** Alternating groups: a list (multiset of updates/custom events) or a values event. */
  private static List<Object> canonical(JsonNode events) {
    List<Object> groups = new ArrayList<>();
    List<JsonNode> cur = new ArrayList<>();
    for (JsonNode ev : events) {
      String mode = ev.get(0).asText();
      if (mode.equals("values")) {
        if (ev.get(1).has("__interrupt__")) {
          continue;
        }
        groups.add(cur);
        groups.add(ev);
        cur = new ArrayList<>();
      } else {
        cur.add(ev);
      }
    }
    groups.add(cur);
    return groups;
  }

  private static boolean groupEqual(Object e, Object a) {
    if (e instanceof JsonNode en) {
      return a instanceof JsonNode an && en.equals(NUMERIC, an);
    }
    if (!(e instanceof List<?> el) || !(a instanceof List<?> al) || el.size() != al.size()) {
      return false;
    }
    List<JsonNode> remaining = new ArrayList<>();
    al.forEach(x -> remaining.add((JsonNode) x));
    for (Object x : el) {
      JsonNode want = (JsonNode) x;
      boolean found = false;
      for (int i = 0; i < remaining.size(); i++) {
        if (want.equals(NUMERIC, remaining.get(i))) {
          remaining.remove(i);
          found = true;
          break;
        }
      }
      if (!found) {
        return false;
      }
    }
    return true;
  }

  /** The result a scenario expects, or null when it has none. */
  public static ArrayNode expected(JsonNode scenario) {
    return scenario.get("expect") instanceof ArrayNode a ? a : null;
  }

  /**
   * The result a scenario expects when its threads are saved in {@code durability}:
   * {@code expect_exit} under {@link Durability#EXIT} when the file has one (LangGraph saves
   * one checkpoint per run then, so histories are shorter), else {@code expect}.
   */
  public static ArrayNode expected(JsonNode scenario, Durability durability) {
    if (durability == Durability.EXIT && scenario.get("expect_exit") instanceof ArrayNode a) {
      return a;
    }
    return expected(scenario);
  }
}
