package dev.trellis.apps.opencouch.eval;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.apps.opencouch.safety.CrisisGate;
import dev.trellis.apps.opencouch.therapeutic.Dispatcher;
import dev.trellis.apps.opencouch.therapeutic.Mode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The routing eval: each case of {@code eval/routing_cases.json} goes through the offline
 * crisis gate and, when it passes, the dispatcher; the report gives per-class precision and
 * recall and the confusion matrix (rows: expected, columns: predicted). Run it with
 * {@code bin/trellis eval opencouch}.
 */
public final class RoutingEval {
  /** One case: the message, the expected class, optional exercise progress (for re-entry cases). */
  public record Case(String message, String expected, String kind, Map<String, Object> progress) {
  }

  /** A routed case. */
  public record Outcome(Case c, String predicted) {
    public boolean correct() {
      return c.expected().equals(predicted);
    }
  }

  /** The classes: crisis, then the six modes. */
  public static final List<String> CLASSES = classes();

  private RoutingEval() {
  }

  private static List<String> classes() {
    List<String> out = new ArrayList<>(List.of("crisis"));
    for (Mode m : Mode.values()) {
      out.add(m.node());
    }
    return List.copyOf(out);
  }

  /** The bundled cases. */
  public static List<Case> bundled() {
    try (InputStream in = RoutingEval.class.getResourceAsStream("/dev/trellis/apps/opencouch/eval/routing_cases.json")) {
      return read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Cases from a JSON file of the same shape. */
  public static List<Case> load(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return read(in);
    }
  }

  private static List<Case> read(InputStream in) throws IOException {
    List<Case> cases = new ObjectMapper().readValue(in, new TypeReference<List<Case>>() { });
    for (Case c : cases) {
      if (!CLASSES.contains(c.expected())) {
        throw new IllegalArgumentException("eval case \"" + c.message() + "\": expected must be one of " + CLASSES
            + ", got \"" + c.expected() + "\"");
      }
    }
    return cases;
  }

  /** The route the app takes offline for {@code c}. */
  public static String route(Case c) {
    if (CrisisGate.classify(c.message(), List.of()).crisis()) {
      return "crisis";
    }
    return Dispatcher.classify(c.message(), c.progress() == null ? Map.of() : c.progress()).mode().node();
  }

  public static List<Outcome> run(List<Case> cases) {
    return cases.stream().map(c -> new Outcome(c, route(c))).toList();
  }

  /** Recall of {@code cls}: correct / expected (1.0 when no case expects it). */
  public static double recall(List<Outcome> outcomes, String cls) {
    long expected = outcomes.stream().filter(o -> o.c().expected().equals(cls)).count();
    long hit = outcomes.stream().filter(o -> o.c().expected().equals(cls) && o.correct()).count();
    return expected == 0 ? 1.0 : (double) hit / expected;
  }

  /** Precision of {@code cls}: correct / predicted (1.0 when nothing is predicted as it). */
  public static double precision(List<Outcome> outcomes, String cls) {
    long predicted = outcomes.stream().filter(o -> o.predicted().equals(cls)).count();
    long hit = outcomes.stream().filter(o -> o.predicted().equals(cls) && o.correct()).count();
    return predicted == 0 ? 1.0 : (double) hit / predicted;
  }

  /** Writes the report: per-class precision/recall/support, accuracy, the confusion matrix and the misses. */
  public static void report(List<Outcome> outcomes, PrintStream out) {
    out.printf("OpenCouch routing eval: %d cases (offline: crisis gate layers 1, 2, 4 + dispatcher fast paths and fallback)%n%n",
        outcomes.size());
    out.printf("%-16s %9s %7s %8s%n", "class", "precision", "recall", "support");
    for (String cls : CLASSES) {
      long support = outcomes.stream().filter(o -> o.c().expected().equals(cls)).count();
      out.printf("%-16s %9.3f %7.3f %8d%n", cls, precision(outcomes, cls), recall(outcomes, cls), support);
    }
    long correct = outcomes.stream().filter(Outcome::correct).count();
    out.printf("%naccuracy %.3f (%d/%d)%n%nconfusion matrix (rows expected, columns predicted)%n", (double) correct / outcomes.size(),
        correct, outcomes.size());
    Map<String, String> abbrev = new LinkedHashMap<>();
    CLASSES.forEach(c -> abbrev.put(c, c.length() > 6 ? c.substring(0, 6) : c));
    out.printf("%-16s", "");
    abbrev.values().forEach(a -> out.printf(" %6s", a));
    out.println();
    for (String row : CLASSES) {
      out.printf("%-16s", row);
      for (String col : CLASSES) {
        out.printf(" %6d", outcomes.stream().filter(o -> o.c().expected().equals(row) && o.predicted().equals(col)).count());
      }
      out.println();
    }
    List<Outcome> misses = outcomes.stream().filter(o -> !o.correct()).toList();
    if (!misses.isEmpty()) {
      out.println("\nmisses:");
      misses.forEach(o -> out.printf("  expected %-15s got %-15s %s%n", o.c().expected(), o.predicted(), o.c().message()));
    }
  }

  /** Runs the bundled cases (or the file given) and prints the report; exits 1 when crisis recall is below 1.0. */
  public static void main(String[] args) throws IOException {
    List<Outcome> outcomes = run(args.length > 0 ? load(Path.of(args[0])) : bundled());
    report(outcomes, System.out);
    System.exit(recall(outcomes, "crisis") < 1.0 ? 1 : 0);
  }
}
