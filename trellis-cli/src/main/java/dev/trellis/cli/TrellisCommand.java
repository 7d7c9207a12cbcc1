package dev.trellis.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code trellis} command line. */
@Command(name = "trellis", mixinStandardHelpOptions = true, version = "trellis 0.1.0",
    description = "A durable agent-graph runtime for the JVM.",
    subcommands = {ServeCommand.class, RunCommand.class, ScenarioCommand.class, DbCommand.class, EvalCommand.class, ChatCommand.class})
public final class TrellisCommand implements Runnable {
  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new TrellisCommand()).execute(args));
  }
}
