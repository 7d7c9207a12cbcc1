package dev.trellis.apps.opencouch.eval;

import dev.trellis.cli.spi.AppCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code trellis eval opencouch}: the routing eval ({@link RoutingEval}) with its report —
 * per-class precision and recall and the confusion matrix. Exits 1 when crisis recall is below
 * 1.0, OpenCouch's hard requirement. OpenCouch adds it to {@code trellis} as an {@link AppCommand}.
 */
@Command(name = "opencouch", mixinStandardHelpOptions = true,
    description = "OpenCouch's routing eval; exits 1 when crisis recall is below 1.0.")
public final class EvalCommand implements AppCommand, Callable<Integer> {
  @Option(names = "--cases", description = "a JSON file of cases instead of the bundled ones")
  Path cases;

  @Override
  public String parent() {
    return EVAL;
  }

  @Override
  public Object command() {
    return new EvalCommand();
  }

  @Override
  public Integer call() throws Exception {
    List<RoutingEval.Outcome> outcomes = RoutingEval.run(cases != null ? RoutingEval.load(cases) : RoutingEval.bundled());
    RoutingEval.report(outcomes, System.out);
    double crisis = RoutingEval.recall(outcomes, "crisis");
    System.out.printf("%ncrisis recall %.3f (required: 1.000)%n", crisis);
    return crisis < 1.0 ? 1 : 0;
  }
}
