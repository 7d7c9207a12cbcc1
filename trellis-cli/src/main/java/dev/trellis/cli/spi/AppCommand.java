package dev.trellis.cli.spi;

/**
 * A command an application adds to {@code trellis}, found with {@link java.util.ServiceLoader}
 * on the class path the command runs with (list the implementation in
 * {@code META-INF/services/dev.trellis.cli.spi.AppCommand}), as graphs come through the
 * server's {@code GraphProvider}. The CLI itself knows no application.
 *
 * <p>{@link #command()} is a picocli command: an object whose class is annotated
 * {@code @Command(name = ...)} (usually also {@code Callable<Integer>}), or a
 * {@code picocli.CommandLine}. It becomes a subcommand of {@code trellis }{@link #parent()}:
 * under {@code chat} its name is the graph it chats with and it replaces the generic chat for
 * that graph ({@code trellis chat opencouch}); under {@code eval} its name is what it evaluates
 * ({@code trellis eval opencouch}); under any other parent the CLI makes that parent a new
 * command grouping the applications' subcommands ({@code trellis <parent> <name>}).
 * Implementations have a public no-argument constructor; {@link #command()} is called once per
 * command line built.
 */
public interface AppCommand {
  /** The {@code trellis} command this one goes under: {@value #CHAT}, {@value #EVAL} or a verb of the application's own. */
  String parent();

  /** A picocli command object or {@code CommandLine}, named by its {@code @Command(name)}. */
  Object command();

  /** The parent of an application's own terminal chat with one of its graphs. */
  String CHAT = "chat";

  /** The parent of an application's eval. */
  String EVAL = "eval";
}
