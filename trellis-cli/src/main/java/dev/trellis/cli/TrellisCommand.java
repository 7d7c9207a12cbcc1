package dev.trellis.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code trellis} command line: its own commands, and those the applications on the class path add. */
@Command(name = "trellis", mixinStandardHelpOptions = true, versionProvider = TrellisCommand.Version.class,
    description = "A durable agent-graph runtime for the JVM.",
    subcommands = {ServeCommand.class, DevCommand.class, RunCommand.class, ScenarioCommand.class, DbCommand.class,
        EvalCommand.class, ChatCommand.class, NewCommand.class})
public final class TrellisCommand implements Runnable {
  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /**
   * The {@code trellis} command line with the commands of every application on the class path
   * ({@link dev.trellis.cli.spi.AppCommand}).
   */
  public static CommandLine commandLine() {
    return AppCommands.attach(new CommandLine(new TrellisCommand()), TrellisCommand.class.getClassLoader());
  }

  /** {@code trellis --version}: the version the build stamped into {@code version.properties}. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"trellis " + version(), "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
    }

    static String version() {
      return property("version");
    }

    /** A property the build stamped into {@code version.properties}. */
    static String property(String name) {
      try (InputStream in = TrellisCommand.class.getResourceAsStream("version.properties")) {
        Properties p = new Properties();
        p.load(in);
        return p.getProperty(name);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
