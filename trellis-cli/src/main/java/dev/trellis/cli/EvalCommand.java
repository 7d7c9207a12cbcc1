package dev.trellis.cli;

import dev.trellis.apps.opencouch.eval.RoutingEval;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code trellis eval opencouch}: runs a reference application's eval and prints its report
 * (for OpenCouch, routing: per-class precision and recall and the confusion matrix). Exits 1
 * when the app's hard requirement fails (OpenCouch: crisis recall below 1.0).
 */
@Command(name = "eval", mixinStandardHelpOptions = true, description = "Run a reference application's eval (opencouch).")
final class EvalCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "the application: opencouch")
  String app;

  @Option(names = "--cases", description = "a JSON file of cases instead of the bundled ones")
  Path cases;

  @Override
  public Integer call() throws Exception {
    if (!app.equals("opencouch")) {
      System.err.println("no eval for \"" + app + "\"; the apps with an eval: opencouch");
      return 2;
    }
    List<RoutingEval.Outcome> outcomes = RoutingEval.run(cases != null ? RoutingEval.load(cases) : RoutingEval.bundled());
    RoutingEval.report(outcomes, System.out);
    double crisis = RoutingEval.recall(outcomes, "crisis");
    System.out.printf("%ncrisis recall %.3f (required: 1.000)%n", crisis);
    return crisis < 1.0 ? 1 : 0;
  }
}
