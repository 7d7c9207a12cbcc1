package dev.trellis.apps.opencouch.memory;

import dev.trellis.agent.structured.Description;
import java.util.List;

/**
 * A memory candidate an extractor proposes: its kind ({@code semantic} or {@code procedural}),
 * the text to remember (third person: "The user's sister is Ana."), a category, and whether
 * the user stated it explicitly. The {@link WritePolicy} decides what becomes of it.
 */
public record Candidate(String kind, String text, String category, boolean explicit) {

  /** What the semantic extractor's model answers. */
  public record Facts(@Description("durable facts about the user stated in the message; empty when none") List<Fact> facts) {
  }

  /** One fact. */
  public record Fact(@Description("the fact in the third person, e.g. \"The user's sister is Ana.\"") String text,
                     @Description("one of name, occupation, location, pet, relationship, hobby, health, emotion, other")
                     String category) {
  }

  /** What the procedural extractor's model answers. */
  public record Rules(@Description("instructions about how the assistant should respond; empty when none") List<Rule> rules) {
  }

  /** One rule. */
  public record Rule(@Description("the instruction, imperative, e.g. \"Keep replies short.\"") String text,
                     @Description("true when the user asked for it outright, false when it is only implied") boolean explicit) {
  }
}
