package dev.trellis.safety;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.safety.train.Example;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figures the README states, printed by every build: 5-fold cross-validation over the
 * corpus, the dev sets A and C and the final set B (aggregates only: set B's messages are never
 * printed). The standard classifier is measured, check-in band included. The assertions are
 * floors a thousandth under the figures measured when they were written, so a change that loses
 * recall or precision fails; issue 32's target (recall 1.0, precision 0.9 on a set never trained
 * on) is not reached offline and is not asserted — see the README.
 */
class EvaluationTest {
  static final SafetyClassifier SAFETY = SafetyClassifier.standard();

  static List<Example> blind(String name) throws Exception {
    return Example.read(Path.of(EvaluationTest.class.getResource("blind/" + name).toURI()));
  }

  @Test
  void crossValidatedFiguresArePrinted() {
    List<Example> corpus = Example.readDir(Path.of("corpus"));
    assertTrue(corpus.size() >= 2000, "the corpus has " + corpus.size() + " messages");
    Figures f = CrossValidation.run(corpus, 5, new CrossValidation.Cached(MiniLm.embeddings()),
        SafetyClassifier.DEFAULT_CRISIS_THRESHOLD, SafetyClassifier.DEFAULT_CHECK_IN_THRESHOLD);
    f.print("trellis-safety 5-fold cross-validation (corpus)", System.out);
    assertTrue(f.crisisRecall() >= 0.959 && f.crisisPrecision() >= 0.816,
        "cv crisis recall " + f.crisisRecall() + ", precision " + f.crisisPrecision());
  }

  @Test
  void devSetAFigures() throws Exception {
    List<Example> a = blind("setA.jsonl");
    Figures f = Figures.of(a, e -> SAFETY.classify(e.text(), e.history(), e.locale()));
    f.print("trellis-safety dev set A", System.out);
    assertTrue(f.crisisRecall() >= 0.977 && f.crisisPrecision() >= 0.888,
        "set A crisis recall " + f.crisisRecall() + ", precision " + f.crisisPrecision());
  }

  @Test
  void finalSetBFigures() throws Exception {
    List<Example> b = blind("setB.jsonl");
    Figures f = Figures.of(b, e -> SAFETY.classify(e.text(), e.history(), e.locale()));
    f.print("trellis-safety final set B", System.out);
    assertTrue(f.crisisRecall() >= 0.963 && f.crisisPrecision() >= 0.798,
        "set B crisis recall " + f.crisisRecall() + ", precision " + f.crisisPrecision());
  }

  /**
   * Set C: 400 messages written after the classifier's second round by someone given only the
   * class definitions; first scored after that round's tuning ended, a dev set (errors studied,
   * nothing copied) since the fourth.
   */
  @Test
  void devSetCFigures() throws Exception {
    List<Example> c = blind("setC.jsonl");
    Figures f = Figures.of(c, e -> SAFETY.classify(e.text(), e.history(), e.locale()));
    f.print("trellis-safety dev set C", System.out);
    assertTrue(f.crisisRecall() >= 0.954 && f.crisisPrecision() >= 0.896,
        "set C crisis recall " + f.crisisRecall() + ", precision " + f.crisisPrecision());
  }
}
