package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link Navigator#read} on sets NX and NY: 240 patient messages each, written by writers given only the label definitions
 * (development/README.md), never the code. Both were held out once and are now development data:
 *
 * <ul>
 *   <li>NX, scored once at the navigator's merge (intent 0.738, themes recall 0.719 / precision 0.812, therapist 41 of 43),
 *   studied in round sixteen;</li>
 *   <li>NY, scored once after round sixteen's merge (0.817 / 0.798 / 0.806 / 46 of 49), studied in round seventeen.</li>
 * </ul>
 *
 * <p>The floors sit a thousandth under the development figures after round seventeen (fitted on these sets, not a
 * held-out measurement): a change that loses ground on either fails here. The held-out figure is a fresh set's, scored
 * by the lead.
 */
class NavigatorEvaluationTest {
  /** What the navigator got right on one labelled set. */
  private record Score(int messages, int intents, int tp, int fp, int fn, int therapistLabelled, int therapistRight) {
    double intent() {
      return intents / (double) messages;
    }

    double recall() {
      return tp / (double) (tp + fn);
    }

    double precision() {
      return tp / (double) (tp + fp);
    }

    double therapist() {
      return therapistRight / (double) therapistLabelled;
    }

    @Override
    public String toString() {
      return "messages %d: intent %.3f (%d), themes recall %.3f precision %.3f, therapist %d/%d"
          .formatted(messages, intent(), intents, recall(), precision(), therapistRight, therapistLabelled);
    }
  }

  @Test
  void readsSetNXAtItsDevelopmentFloors() throws Exception {
    Score s = score("development/setNX.jsonl");
    System.out.println("[neura] set NX: " + s);
    assertTrue(s.messages() == 240, s.toString());
    // a thousandth under round seventeen's 0.996 / 0.979 / 0.969 / 43 of 43 (round sixteen's: 0.996 / 0.979 / 0.949)
    assertTrue(s.intent() >= 0.995, s.toString());
    assertTrue(s.recall() >= 0.978, s.toString());
    assertTrue(s.precision() >= 0.968, s.toString());
    assertTrue(s.therapist() >= 0.999, s.toString());
  }

  @Test
  void readsSetNYAtItsDevelopmentFloors() throws Exception {
    Score s = score("development/setNY.jsonl");
    System.out.println("[neura] set NY: " + s);
    assertTrue(s.messages() == 240, s.toString());
    // Held out, the lead scored it once after round sixteen's merge (2026-11-27 19:31): intent 0.817 (196), themes recall
    // 0.798, precision 0.806, therapist 46 of 49. Round seventeen studied its misses: 0.996 (239) / 1.000 / 0.913 /
    // 49 of 49, development figures; the floors sit a thousandth under them.
    assertTrue(s.intent() >= 0.995, s.toString());
    assertTrue(s.recall() >= 0.999, s.toString());
    assertTrue(s.precision() >= 0.912, s.toString());
    assertTrue(s.therapist() >= 0.999, s.toString());
  }

  @Test
  void readsHeldOutSetNZAtTheMeasuredFloors() throws Exception {
    Score s = score("heldout/setNZ.jsonl");
    System.out.println("[neura] set NZ: " + s);
    assertTrue(s.messages() == 240, s.toString());
    // a thousandth under what the lead measured once after round seventeen's merge (2026-11-27 22:12): intent 0.771
    // (185), themes recall 0.699, precision 0.853, therapist 39 of 43. Before that round's reader (main at 149b8b9b)
    // the same set read intent 0.742 (178), recall 0.699, precision 0.817, therapist 39 of 43.
    assertTrue(s.intent() >= 0.770, s.toString());
    assertTrue(s.recall() >= 0.698, s.toString());
    assertTrue(s.precision() >= 0.852, s.toString());
    assertTrue(s.therapist() >= 0.906, s.toString());
  }

  @Test
  void readsHeldOutSetOAAtTheMeasuredFloors() throws Exception {
    Score s = score("heldout/setOA.jsonl");
    System.out.println("[neura] set OA: " + s);
    assertTrue(s.messages() == 240, s.toString());
    // Written at the start of round eighteen from the label definitions alone; a thousandth under what the lead measured
    // once after the round's merge (2026-11-28 01:36, b299f707): intent 0.846 (203), themes recall 0.800, precision
    // 0.867, therapist 29 of 35 — the same as on main before the round (8ddb4b8e): the round did not touch the reading.
    assertTrue(s.intent() >= 0.845, s.toString());
    assertTrue(s.recall() >= 0.799, s.toString());
    assertTrue(s.precision() >= 0.866, s.toString());
    assertTrue(s.therapist() >= 0.827, s.toString());
  }

  @SuppressWarnings("unchecked")
  private static Score score(String resource) throws Exception {
    ObjectMapper json = new ObjectMapper();
    int n = 0;
    int intents = 0;
    int tp = 0;
    int fp = 0;
    int fn = 0;
    int therapistLabelled = 0;
    int therapistRight = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        NavigatorEvaluationTest.class.getResourceAsStream(resource), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        Map<String, Object> row = json.readValue(line, Map.class);
        Reading got = Navigator.read((String) row.get("text"),
            (List<Map<String, String>>) row.getOrDefault("history", List.of()));
        n++;
        if (row.get("intent").equals(got.intent())) {
          intents++;
        }
        Set<String> want = new HashSet<>((List<String>) row.get("themes"));
        // The writer labelled the problems the message itself names; the reading of a message alone gives those
        // (with its history, themes() also carries the earlier messages').
        List<String> own = Navigator.read((String) row.get("text"), List.of()).themes();
        for (String t : new HashSet<>(own)) {
          if (want.contains(t)) {
            tp++;
          } else {
            fp++;
          }
        }
        fn += (int) want.stream().filter(t -> !own.contains(t)).count();
        if (row.get("therapist") != null) {
          therapistLabelled++;
          if (row.get("therapist").equals(got.therapist())) {
            therapistRight++;
          }
        }
      }
    }
    return new Score(n, intents, tp, fp, fn, therapistLabelled, therapistRight);
  }
}
