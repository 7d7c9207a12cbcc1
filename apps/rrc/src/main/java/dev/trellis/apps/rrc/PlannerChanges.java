package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import java.util.List;
import java.util.Map;

/** The offline planner's knowledge-graph changes: a rename ({@code update_entity}) or a link ({@code link_entities}), once approved. */
final class PlannerChanges {
  private PlannerChanges() {}

  @SuppressWarnings("unchecked")
  static String change(PlannerView v, PlannerIntent intent, int at) {
    Map<String, Object> resolved = PlannerModel.use(v, "entity_resolve", Map.of("query", intent.subject()));
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
      Map<String, Object> target = PlannerModel.use(v, "entity_resolve", Map.of("query", intent.target()));
      if (!Boolean.TRUE.equals(target.get("decisive"))) {
        return "I could not identify \"" + intent.target() + "\"; please give its exact name or id.";
      }
      args = Map.of("from_id", from, "relation", intent.entityType(),
          "to_id", ((Map<String, Object>) target.get("selected")).get("entity_id"));
    }
    String what = rename ? "renaming " + from + " to \"" + intent.target() + "\""
        : "linking " + from + " " + intent.entityType() + " " + args.get("to_id");
    String rejected = rejection(v, at);
    if (rejected != null) {
      return "Understood: the reviewer rejected " + what + ", so nothing changed. " + rejected;
    }
    Map<String, Object> result = v.result(tool, args);
    if (result == null) {
      if (!v.tools.contains(tool)) {
        return "I cannot change the knowledge graph with the tools I have.";
      }
      throw new PlannerModel.Step(new Message.ToolCall("call_" + v.msgs.size() + "_" + tool, tool, args));
    }
    if ("updated".equals(result.get("status")) || "linked".equals(result.get("status"))) {
      return "Done after approval: " + what + ".";
    }
    return "The change (" + what + ") did not run: " + whyNotRun(result);
  }

  /** What a tool's result says about why its call did not run, as a sentence: its message, else its error or status. */
  static String whyNotRun(Map<String, Object> result) {
    for (String field : List.of("message", "error", "status")) {
      if (result.get(field) instanceof String why && !why.isBlank()) {
        return why.endsWith(".") ? why : why + ".";
      }
    }
    return "no reason given.";
  }

  /** The reviewer's comment of a rejection noted after the request at {@code at}, or null. */
  static String rejection(PlannerView v, int at) {
    for (int i = at + 1; i < v.msgs.size(); i++) {
      if (v.msgs.get(i) instanceof Message.System s && s.text().startsWith(PendingChange.REJECTED_NOTE) && s.text().contains("rejected")) {
        return s.text().replaceFirst("(?s).*?: \"", "Their comment: \"").replaceFirst("\"\\..*", "\".");
      }
    }
    return null;
  }
}
