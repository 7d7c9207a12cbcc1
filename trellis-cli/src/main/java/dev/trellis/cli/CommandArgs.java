package dev.trellis.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** The arguments a subcommand was given (after its own name), to hand on to a child process. */
final class CommandArgs {
  private CommandArgs() {}

  static List<String> of(CommandSpec spec) {
    List<String> all = spec.commandLine().getParseResult().originalArgs();
    int at = all.indexOf(spec.name());
    return at < 0 ? all : all.subList(at + 1, all.size());
  }
}
