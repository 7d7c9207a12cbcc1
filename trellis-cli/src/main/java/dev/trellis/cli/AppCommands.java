package dev.trellis.cli;

import dev.trellis.cli.spi.AppCommand;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * Puts the applications' commands ({@link AppCommand}s found by {@link ServiceLoader}) on a
 * {@code trellis} command line: under {@code chat}, {@code eval} or the parent they name, which
 * becomes a new command grouping them when {@code trellis} has none of that name.
 */
final class AppCommands {
  private AppCommands() {}

  static CommandLine attach(CommandLine trellis, ClassLoader loader) {
    for (AppCommand c : ServiceLoader.load(AppCommand.class, loader)) {
      CommandLine parent = trellis.getSubcommands().get(c.parent());
      if (parent == null) {
        parent = new CommandLine(new Group());
        trellis.addSubcommand(c.parent(), parent);
      }
      Object command = c.command();
      CommandLine sub = command instanceof CommandLine cl ? cl : new CommandLine(command);
      parent.addSubcommand(sub.getCommandName(), sub);
    }
    return trellis;
  }

  /** A command an application names that {@code trellis} lacks: it groups the applications' subcommands. */
  @Command(mixinStandardHelpOptions = true, description = "Commands the applications add (one per application).")
  static final class Group implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      spec.commandLine().usage(System.err);
      return 2;
    }
  }
}
