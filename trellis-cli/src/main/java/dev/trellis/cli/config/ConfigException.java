package dev.trellis.cli.config;

import java.util.List;

/**
 * A {@code trellis.json} that cannot be served: every problem found, each naming the field
 * (e.g. {@code graphs.hello}) and what it must be.
 */
public final class ConfigException extends RuntimeException {
  private final List<String> problems;

  public ConfigException(String source, List<String> problems) {
    super(source + " is invalid:\n  - " + String.join("\n  - ", problems));
    this.problems = List.copyOf(problems);
  }

  /** One line per problem, each starting with the field it is about. */
  public List<String> problems() {
    return problems;
  }
}
