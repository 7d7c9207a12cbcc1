package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.safety.train.Example;
import dev.trellis.safety.train.Trainer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figures the README states, printed by every build: 5-fold cross-validation over the
 * corpus, the dev sets A and C and the final set B (aggregates only: set B's messages are never
 * printed). The standard classifier is measured, and beside it the same with the recommended
 * check-in band. The assertions are
 * floors a thousandth under the figures measured when they were written, so a change that loses
 * recall or precision fails; issue 32's target (recall 1.0, precision 0.9 on a set never trained
 * on) is not reached offline and is not asserted — see the README.
 */
class EvaluationTest {
  static final SafetyClassifier SAFETY = SafetyClassifier.standard();
  /** The standard classifier with the recommended check-in band (uncertain messages get the check-in). */
  static final SafetyClassifier BANDED = SafetyClassifier.builder()
      .checkInThreshold(SafetyClassifier.RECOMMENDED_CHECK_IN_THRESHOLD).build();

  static List<Example> blind(String name) throws Exception {
    return Example.read(Path.of(EvaluationTest.class.getResource("blind/" + name).toURI()));
  }

  /** Floors: recall and precision without the band, then with it. */
  private static void assertFloors(String set, Figures standard, Figures banded, double... floors) {
    assertTrue(standard.crisisRecall() >= floors[0] && standard.crisisPrecision() >= floors[1],
        set + " crisis recall " + standard.crisisRecall() + ", precision " + standard.crisisPrecision());
    assertTrue(banded.crisisRecall() >= floors[2] && banded.crisisPrecision() >= floors[3],
        set + " with the check-in band: crisis recall " + banded.crisisRecall() + ", precision "
            + banded.crisisPrecision());
  }

  private static void printBoth(String title, Figures standard, Figures banded) {
    standard.print(title, System.out);
    banded.print(title + " with the check-in band", System.out);
  }

  @Test
  void crossValidatedFiguresArePrinted() {
    List<Example> corpus = Example.readDir(Path.of("corpus"));
    assertTrue(corpus.size() >= 2000, "the corpus has " + corpus.size() + " messages");
    CrossValidation.Cached embeddings = new CrossValidation.Cached(MiniLm.embeddings());
    List<EmbeddingHead> heads = CrossValidation.heads(corpus, 5, embeddings, Trainer.Settings.DEFAULT);
    Figures f = CrossValidation.run(corpus, heads, embeddings, SafetyClassifier.DEFAULT_CRISIS_THRESHOLD, 1.0);
    Figures banded = CrossValidation.run(corpus, heads, embeddings, SafetyClassifier.DEFAULT_CRISIS_THRESHOLD,
        SafetyClassifier.RECOMMENDED_CHECK_IN_THRESHOLD);
    printBoth("trellis-safety 5-fold cross-validation (corpus)", f, banded);
    assertFloors("cv", f, banded, CV_FLOORS);
  }

  private static void evaluate(String file, String title, double... floors) throws Exception {
    List<Example> set = blind(file);
    Figures f = Figures.of(set, e -> SAFETY.classify(e.text(), e.history(), e.locale()));
    Figures banded = Figures.of(set, e -> BANDED.classify(e.text(), e.history(), e.locale()));
    printBoth(title, f, banded);
    assertFloors(file, f, banded, floors);
  }

  @Test
  void devSetAFigures() throws Exception {
    evaluate("setA.jsonl", "trellis-safety dev set A", A_FLOORS);
  }

  @Test
  void finalSetBFigures() throws Exception {
    evaluate("setB.jsonl", "trellis-safety final set B", B_FLOORS);
  }

  /**
   * Set C: 400 messages written after the classifier's second round by someone given only the
   * class definitions; first scored after that round's tuning ended, a dev set (errors studied,
   * nothing copied) since the fourth.
   */
  @Test
  void devSetCFigures() throws Exception {
    evaluate("setC.jsonl", "trellis-safety dev set C", C_FLOORS);
  }

  /**
   * Set D: 400 messages written during the fourth round by a writer given only the class
   * definitions (no code, rules, corpus or earlier sets), kept from whoever tuned the classifier;
   * first scored once, after that round's tuning ended, with the configuration fixed before.
   */
  @Test
  void independentSetDFigures() throws Exception {
    evaluate("setD.jsonl", "trellis-safety independent set D", D_FLOORS);
  }

  // recall, precision; then recall, precision with the check-in band — a thousandth under the measured figures
  private static final double[] CV_FLOORS = {0.918, 0.832, 0.960, 0.816};
  private static final double[] A_FLOORS = {0.960, 0.905, 0.977, 0.883};
  private static final double[] B_FLOORS = {0.932, 0.818, 0.963, 0.798};
  private static final double[] C_FLOORS = {0.909, 0.891, 0.954, 0.892};
  private static final double[] D_FLOORS = {0.929, 0.864, 0.964, 0.849};
}
