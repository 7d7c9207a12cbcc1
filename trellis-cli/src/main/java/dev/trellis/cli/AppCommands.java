package dev.trellis.cli;

import dev.trellis.cli.spi.AppCommand;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

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
        parent = new CommandLine(CommandSpec.create().name(c.parent()).mixinStandardHelpOptions(true));
        parent.getCommandSpec().usageMessage().description("Commands the applications add: trellis " + c.parent() + " NAME.");
        trellis.addSubcommand(c.parent(), parent);
      }
      Object command = c.command();
      CommandLine sub = command instanceof CommandLine cl ? cl : new CommandLine(command);
      parent.addSubcommand(sub.getCommandName(), sub);
    }
    return trellis;
  }
}
