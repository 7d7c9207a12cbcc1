package dev.trellis.apps.rrc;

import java.util.List;
import java.util.Map;

/**
 * A skill: its definition (tier 2: description, steps, requirements, output format), the tools
 * it exposes to the model (declared as data, each bound to a Java implementation by name) and
 * its {@code require_hitl} rules. Artifacts (tier 3) are loaded separately.
 */
public record Skill(String skillId, String name, String personaKey, String description, List<String> steps,
                    List<String> requirements, String outputFormat, List<ToolDecl> tools, List<Rule> rules) {
  public Skill {
    steps = List.copyOf(steps);
    requirements = List.copyOf(requirements);
    tools = List.copyOf(tools);
    rules = List.copyOf(rules);
  }

  /** A tool the skill exposes: what the model is told, and the name of the Java implementation it runs. */
  public record ToolDecl(String name, String description, Map<String, Object> parameters, String binding) {}

  /** A rule: on {@code trigger} ({@code after_tool_call}) of {@code tool}, {@code action} with a checkpoint type. */
  public record Rule(String ruleKey, String trigger, String tool, String action, String checkpointType) {}

  /** A reference document of the skill (regulatory text, template, example). */
  public record Artifact(String title, String kind, String content) {}
}
