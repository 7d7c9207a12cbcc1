package dev.trellis.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code trellis eval APP}: runs an application's eval. The evals are the applications' own
 * subcommands ({@link dev.trellis.cli.spi.AppCommand} under {@code eval}); this command only
 * refuses a name none of them has.
 */
@Command(name = "eval", mixinStandardHelpOptions = true, description = "Run an application's eval (trellis eval APP --help).")
final class EvalCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "APP", arity = "0..1", description = "the application whose eval to run")
  String app;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    String known = spec.subcommands().keySet().stream().filter(n -> !n.equals("help")).sorted()
        .reduce((a, b) -> a + ", " + b).orElse("none on the class path");
    System.err.println(app == null ? "name the application to evaluate; the apps with an eval: " + known
        : "no eval for \"" + app + "\"; the apps with an eval: " + known);
    return 2;
  }
}
