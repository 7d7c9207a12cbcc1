package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.safety.train.Example;
import dev.trellis.safety.train.Trainer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figures the README states, printed by every build: 5-fold cross-validation over the
 * corpus and the held-out sets in {@code blind/} (aggregates only: a held-out set's messages are
 * never printed). The standard classifier is measured, and beside it the same with the recommended
 * check-in band. The assertions are floors a thousandth under the figures measured when they were
 * written, so a change that loses recall or precision fails; issue 32's target (recall 1.0,
 * precision 0.9 on a set never trained on) is not reached offline and is not asserted — see the README.
 *
 * <p>The corpus holds the sets A, C and D (since round five), E (since round six), B, F and G (since
 * round seven) and H and I (since round eight), each written by a writer given only the class definitions and held out until its errors
 * were studied: training on them raised crisis recall on a writer it had never seen (see the README),
 * so they are training data now, cross-validated with the rest and no longer reported as held out.
 * A held-out set shares no message with the corpus ({@link HeldOutSeparationTest}).
 *
 * <p>A new held-out set: copy its file into {@code src/test/resources/dev/trellis/safety/blind/} and
 * add one line, floors 0 to print its figures first:
 * <pre>{@code @Test void setLFigures() throws Exception { heldOut("setL.jsonl", 0, 0, 0, 0, 0, 0); }}</pre>
 */
class EvaluationTest {
  static final SafetyClassifier SAFETY = SafetyClassifier.standard();
  /** The standard classifier with the recommended check-in band (uncertain messages get the check-in). */
  static final SafetyClassifier BANDED = SafetyClassifier.builder()
      .checkInThreshold(SafetyClassifier.RECOMMENDED_CHECK_IN_THRESHOLD).build();

  static List<Example> blind(String name) throws Exception {
    return Example.read(Path.of(EvaluationTest.class.getResource("blind/" + name).toURI()));
  }

  /**
   * Floors: recall and precision without the band, then with it; for a held-out set also recall and precision
   * over its English, German and French messages ({@link Figures#readable()}), without the band.
   */
  private static void assertFloors(String set, Figures standard, Figures banded, double... floors) {
    assertTrue(floors.length == 4 || floors.length == 6,
        "four floors: recall, precision, then both with the check-in band; then two for the readable languages");
    if (floors.length == 6) {
      Figures readable = standard.readable();
      assertTrue(readable.crisisRecall() >= floors[4] && readable.crisisPrecision() >= floors[5],
          set + " in English, German and French: crisis recall " + readable.crisisRecall() + ", precision "
              + readable.crisisPrecision());
    }
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
    assertTrue(corpus.size() >= 3000, "the corpus has " + corpus.size() + " messages");
    CrossValidation.Cached embeddings = new CrossValidation.Cached(MiniLm.embeddings());
    List<EmbeddingHead> heads = CrossValidation.heads(corpus, 5, embeddings, Trainer.Settings.DEFAULT);
    Figures f = CrossValidation.run(corpus, heads, embeddings, SafetyClassifier.DEFAULT_CRISIS_THRESHOLD, 1.0);
    Figures banded = CrossValidation.run(corpus, heads, embeddings, SafetyClassifier.DEFAULT_CRISIS_THRESHOLD,
        SafetyClassifier.RECOMMENDED_CHECK_IN_THRESHOLD);
    printBoth("trellis-safety 5-fold cross-validation (corpus with sets A to I)", f, banded);
    assertFloors("cv", f, banded, CV_FLOORS);
  }

  /**
   * A held-out set of {@code blind/}, never trained on: its aggregate and per-class figures are printed
   * (never its messages) and must reach {@code floors} — recall, precision, then both with the check-in band,
   * then recall and precision over the messages in English, German and French.
   */
  static void heldOut(String file, double... floors) throws Exception {
    List<Example> set = blind(file);
    Figures f = Figures.of(set, e -> SAFETY.classify(e.text(), e.history(), e.locale()));
    Figures banded = Figures.of(set, e -> BANDED.classify(e.text(), e.history(), e.locale()));
    printBoth("trellis-safety held-out " + file, f, banded);
    assertFloors(file, f, banded, floors);
  }

  /**
   * Set J: 300 messages by a writer given only the class definitions, written during round eight and kept from
   * whoever tuned the classifier (15 equal to a corpus message taken out: 285); scored once, after round eight.
   */
  @Test
  void heldOutSetJFigures() throws Exception {
    heldOut("setJ.jsonl", J_FLOORS);
  }

  /** Set K: 300 messages by another such writer, written with set J (16 equal to a corpus message taken out: 284); scored once, after round eight. */
  @Test
  void heldOutSetKFigures() throws Exception {
    heldOut("setK.jsonl", K_FLOORS);
  }

  // recall, precision; then recall, precision with the check-in band — a thousandth under the measured figures
  private static final double[] CV_FLOORS = {0.959, 0.880, 0.973, 0.870};
  // and for a held-out set, recall and precision over its English, German and French messages
  private static final double[] J_FLOORS = {0.971, 0.884, 0.985, 0.880, 0.968, 0.946};
  private static final double[] K_FLOORS = {0.957, 0.906, 0.978, 0.908, 0.960, 0.975};
  // a held-out set's floors add recall and precision over its English, German and French messages (six in all)
}
