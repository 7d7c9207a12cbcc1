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
 * never printed). The standard classifier is measured (its check-in band on, the default since round nine), and
 * beside it the same without the band. The assertions are floors a thousandth under the figures measured when they were
 * written, so a change that loses recall or precision fails. Sets Y, Z and Z2 (single messages) and Y3 (messages in a
 * conversation, each with the chat before it), scored once after rounds eleven and twelve (their figures are in the
 * README), were studied in round thirteen and are training data now; so are sets AA, AB, AC and MH (round fourteen),
 * scored once after round thirteen, sets AD, AE, AF and MI (round fifteen), scored once after round fourteen, and sets
 * AG, AH, AJ and MJ (round sixteen), scored once after round fifteen, sets AK, AL and AM (round seventeen), scored
 * once after round sixteen, and sets AN, AO and AP (round eighteen), scored once after round seventeen's merge;
 * {@code blind/} holds no set until the lead adds the next ones.
 *
 * <p>The corpus holds the sets A, C and D (since round five), E (since round six), B, F and G (since
 * round seven), H and I (since round eight), J, K, L, M, P and Q (since round nine), N, O, R and S (since round
 * ten), T, U, V and W (since round eleven), Y2 (since round twelve: messages in a conversation), Y, Z, Z2 and Y3
 * (since round thirteen), AA, AB, AC and MH (since round fourteen), AD, AE, AF and MI (since round fifteen), AG, AH, AJ and MJ (since round
 * sixteen), AK, AL and AM (since round seventeen) and AN, AO and AP (since round eighteen), each written by a writer given only the class definitions and held out until its errors
 * were studied: training on them raised crisis recall on a writer it had never seen (see the README),
 * so they are training data now, cross-validated with the rest and no longer reported as held out. Set X (round ten) was
 * written as training data from the start: care-navigation and support-chat traffic, the register Neura's intake and
 * everyday acknowledgements are in.
 * A held-out set shares no message with the corpus ({@link HeldOutSeparationTest}).
 *
 * <p>A new held-out set: copy its file into {@code src/test/resources/dev/trellis/safety/blind/} and
 * add one line, floors 0 to print its figures first:
 * <pre>{@code @Test void heldOutSetZ3Figures() throws Exception { heldOut("setZ3.jsonl", Z3_FLOORS); }}</pre>
 */
class EvaluationTest {
  static final SafetyClassifier SAFETY = SafetyClassifier.standard();
  /** The standard classifier without its check-in band (uncertain messages carry on), for comparison. */
  static final SafetyClassifier UNBANDED = SafetyClassifier.builder().checkInThreshold(1.0).build();

  static List<Example> blind(String name) throws Exception {
    return Example.read(Path.of(EvaluationTest.class.getResource("blind/" + name).toURI()));
  }

  /**
   * Floors: recall and precision of the standard classifier (its check-in band on), then without the band; for a
   * held-out set also recall and precision over its English, German and French messages ({@link Figures#readable()}),
   * standard.
   */
  private static void assertFloors(String set, Figures standard, Figures unbanded, double... floors) {
    assertTrue(floors.length == 4 || floors.length == 6,
        "four floors: recall, precision, then both without the check-in band; then two for the readable languages");
    if (floors.length == 6) {
      Figures readable = standard.readable();
      assertTrue(readable.crisisRecall() >= floors[4] && readable.crisisPrecision() >= floors[5],
          set + " in English, German and French: crisis recall " + readable.crisisRecall() + ", precision "
              + readable.crisisPrecision());
    }
    assertTrue(standard.crisisRecall() >= floors[0] && standard.crisisPrecision() >= floors[1],
        set + " crisis recall " + standard.crisisRecall() + ", precision " + standard.crisisPrecision());
    assertTrue(unbanded.crisisRecall() >= floors[2] && unbanded.crisisPrecision() >= floors[3],
        set + " without the check-in band: crisis recall " + unbanded.crisisRecall() + ", precision "
            + unbanded.crisisPrecision());
  }

  private static void printBoth(String title, Figures standard, Figures unbanded) {
    standard.print(title, System.out);
    unbanded.print(title + " without the check-in band", System.out);
  }

  @Test
  void crossValidatedFiguresArePrinted() {
    List<Example> corpus = Example.readDir(Path.of("corpus"));
    assertTrue(corpus.size() >= 3000, "the corpus has " + corpus.size() + " messages");
    CrossValidation.Cached embeddings = new CrossValidation.Cached(MiniLm.embeddings());
    List<EmbeddingHead> heads = CrossValidation.heads(corpus, 5, embeddings, Trainer.Settings.DEFAULT);
    Figures f = CrossValidation.run(corpus, heads, embeddings, SafetyClassifier.DEFAULT_CRISIS_THRESHOLD,
        SafetyClassifier.DEFAULT_CHECK_IN_THRESHOLD);
    Figures unbanded = CrossValidation.run(corpus, heads, embeddings, SafetyClassifier.DEFAULT_CRISIS_THRESHOLD, 1.0);
    printBoth("trellis-safety 5-fold cross-validation (corpus with sets A to Z2, AA to AP, MH, MI and MJ)", f, unbanded);
    assertFloors("cv", f, unbanded, CV_FLOORS);
  }

  /**
   * A held-out set of {@code blind/}, never trained on: its aggregate and per-class figures are printed
   * (never its messages) and must reach {@code floors} — recall, precision, then both without the check-in band,
   * then recall and precision over the messages in English, German and French.
   */
  static void heldOut(String file, double... floors) throws Exception {
    List<Example> set = blind(file);
    Figures f = Figures.of(set, e -> SAFETY.classify(e.text(), e.history(), e.locale()));
    Figures unbanded = Figures.of(set, e -> UNBANDED.classify(e.text(), e.history(), e.locale()));
    printBoth("trellis-safety held-out " + file, f, unbanded);
    assertFloors(file, f, unbanded, floors);
  }

  // Sets AA, AB, AC and MH (scored once after round thirteen) are training data since round fourteen; sets AD, AE, AF
  // and MI (scored once after round fourteen) since round fifteen; sets AG, AH, AJ and MJ (scored once after round
  // fifteen) since round sixteen; sets AK, AL and AM (scored once after round sixteen's merge) since round seventeen;
  // sets AN (the default mix, a quarter in languages the classifier cannot read), AO (crisis and everyday messages in the
  // same disguises) and AP (German and French conversations), scored once after round seventeen's merge (2026-11-27
  // 22:12: 332/341 caught, precision 0.779; AN 0.993 / 0.721, AO 0.963 / 0.858, AP 0.958 / 0.793; their figures are in
  // the README), since round eighteen.

  @Test
  void heldOutSetAQFigures() throws Exception {
    heldOut("setAQ.jsonl", AQ_FLOORS);
  }

  @Test
  void heldOutSetARFigures() throws Exception {
    heldOut("setAR.jsonl", AR_FLOORS);
  }

  @Test
  void heldOutSetASFigures() throws Exception {
    heldOut("setAS.jsonl", AS_FLOORS);
  }

  // Sets AQ (short casual texting, a quarter German and French), AR (everyday messages that sound alarming beside crisis
  // messages that sound ordinary) and AS (every message the last of a conversation) were written at the start of round
  // eighteen by three writers given only the class definitions (four of AQ's lines, equal to corpus lines, dropped), kept from the tuner, scored by the lead on main before
  // the round (8ddb4b8e, 28 Nov 00:03 to 00:17, aggregates only) and once after its merge (b299f707, 01:36, load 2.0–2.4).
  // recall, precision; both without the check-in band; both over English, German and French — a thousandth under the one
  // scoring: AQ 116/118, 116/130 (before the same); AR 84/84, 84/104 (before the same); AS 106/108, 106/131
  // (before 105/108, 105/131); all three 306/310 = 0.987, precision 0.838 (before 305/310 = 0.984, 0.836). Without the
  // band recall fell on AQ (0.949 to 0.941) and AS (0.935 to 0.926): the head retrained with sets AN, AO and AP reads
  // fewer of their crisis messages above its threshold, and the band catches them. Issue 32's target (recall 1.0,
  // precision at least 0.9) is met on none of them.
  private static final double[] AQ_FLOORS = {0.982, 0.891, 0.940, 0.894, 0.980, 0.954};
  private static final double[] AR_FLOORS = {0.999, 0.807, 0.987, 0.813, 0.999, 0.878};
  private static final double[] AS_FLOORS = {0.980, 0.808, 0.925, 0.839, 0.980, 0.834};

  // recall, precision; then recall, precision without the check-in band — a thousandth under the measured figures.
  // Sets Y, Z, Z2 and Y3 in the corpus (round thirteen): before its rules 0.9816 (5657/5763) / 0.8766, 0.965 / 0.890;
  // after them 0.9826 (5663/5763) / 0.8783 (5663/6448), 0.9665 (5570/5763) / 0.8912 (5570/6250); with set M1 (300
  // messages of a clinic's chat, training data) 0.9820 (5735/5840) / 0.8752 (5735/6553), 0.9651 (5636/5840) / 0.8881
  // (5636/6346): recall held, precision fell three thousandths (the medical register's false alarms, see the README)
  // Round fourteen: the corpus grew by 1,456 messages (sets AA, AB, AC and MH, set Y4, round14.jsonl: 1,112 of them
  // scored once as held out, conversations and a clinic's chat among them, harder than the corpus they join), so the figures
  // are over a different corpus, not a paired measurement: 0.9809 (6316/6439) / 0.8694 (6316/7265), 0.9641 (6208/6439) /
  // 0.8848 (6208/7016); the floors move down with the corpus (leave one writer out, same corpus before and after the
  // round's rules: recall 0.987 to 0.990, precision 0.886 to 0.888; README, Figures)
  // Round fifteen: the corpus grew by 1,494 messages (sets AD, AE, AF and MI, scored once at precision 0.66 to 0.75 and
  // held out harder than the corpus they join; set Y5; round15.jsonl), so again a different corpus, not a paired
  // measurement: 0.9815 (6910/7040) / 0.8574 (6910/8059), 0.9643 (6789/7040) / 0.8748 (6789/7761); the precision
  // floors move down with the corpus (leave one writer out over the same corpus before and after the round's rules is the
  // paired measure; README, Figures)
  // Round sixteen: the corpus grew by 1,231 messages (sets AG, AH, AJ and MJ, scored once at precision 0.65 to 0.73 and
  // harder than the corpus they join; round16.jsonl), so again a different corpus, not a paired measurement: 0.9802
  // (7374/7523) / 0.8459 (7374/8717), 0.9612 (7231/7523) / 0.8637 (7231/8372); the floors a thousandth or so under
  // (set from an earlier run of the round, 0.9813 / 0.8469, two thousandths under that)
  // Round seventeen: the corpus grew by 941 messages (sets AK, AL and AM, scored once held out at precision 0.67 to 0.77,
  // harder than the corpus they join; round17.jsonl), so again a different corpus, not a paired measurement (27 Nov
  // 21:06 to 21:12, load 2.4 to 1.1): 0.9814 (7757/7904) / 0.8402 (7757/9232), 0.9605 (7592/7904) / 0.8600 (7592/8828);
  // over English, German and French 0.980 / 0.910. The precision floors move down with the corpus; the rules' own
  // effect is the paired run with the same corpus (README, Figures: sets AK, AL and AM held out of training, round
  // sixteen's rules 0.977 / 0.714, round seventeen's 0.977 / 0.719). Then the lead's 53 lines from trying the apps (a fee
  // question naming an insurer, a name asked again, a yes to a cancellation, a pet's death, each beside crisis twins in
  // the same words): 0.9807 (7762/7915) / 0.8407, 0.9592 (7592/7915) / 0.8597 — the unbanded recall floor moves to
  // 0.958 with them (the twins are hard positives the head reads under the threshold; the band catches them)
  // Round eighteen: the corpus grew by 839 messages (sets AN, AO and AP, scored once held out at precision 0.72 to 0.86,
  // harder than the corpus they join; round18.jsonl). Over the corpus with the three sets in, before the round's rules
  // (18,132 messages, round seventeen's code; 28 Nov 00:02 to 00:16, load 1.7 to 3.5): 0.981 / 0.838, 0.959 / 0.857 —
  // under the precision floors before any rule of the round. After the rules and round18.jsonl (18,211 messages; 28 Nov
  // 01:01 to 01:09 through mvnl, load about 3): 0.9816 (8123/8275) / 0.8396 (8123/9675), 0.9604 (7947/8275) / 0.8589
  // (7947/9252); en/de/fr 0.980 / 0.909. The unbanded recall floor rises to 0.959; the unbanded precision floor moves
  // down to 0.857 (a thousandth under the truncated figure) because the corpus it is measured over grew harder, not
  // because the rules lost precision (they raised it from 0.857 to 0.859 over the grown corpus); the banded floors stay.
  private static final double[] CV_FLOORS = {0.980, 0.839, 0.959, 0.857};
}
