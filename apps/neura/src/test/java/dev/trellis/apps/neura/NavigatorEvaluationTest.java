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
 * {@link Navigator#read} on set NX: 240 patient messages written by someone given only the label definitions
 * (development/README.md), never the code. Held out when the navigator was merged (2026-11-27, scored once): intent
 * 0.738 (177/240), themes of the message read alone recall 0.719 and precision 0.812, the therapist 41 of 43. Round
 * sixteen studied its misses and widened the reader by families of wording, so NX is now development data: after it,
 * intent 0.996 (239), recall 0.979, precision 0.949, therapist 43 of 43. The floors sit a thousandth under those
 * development figures (round sixteen's, not a held-out measurement): a change that loses ground on NX fails here.
 *
 * <p>Set NY (heldout/README.md) is the held-out figure: 240 messages written on 2026-11-27 from the same definitions by
 * another writer while round sixteen widened the reader, never seen by its engineer, and scored by the lead before and
 * once after that round's merge.
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
    // development floors (round sixteen, after studying NX's misses), a thousandth under 0.996 / 0.979 / 0.949 / 43 of 43
    assertTrue(s.intent() >= 0.995, s.toString());
    assertTrue(s.recall() >= 0.978, s.toString());
    assertTrue(s.precision() >= 0.948, s.toString());
    assertTrue(s.therapist() >= 0.999, s.toString());
  }

  @Test
  void readsHeldOutSetNYAtTheMeasuredFloors() throws Exception {
    Score s = score("heldout/setNY.jsonl");
    System.out.println("[neura] set NY: " + s);
    assertTrue(s.messages() == 240, s.toString());
    // a thousandth under what the lead measured once after round sixteen's merge (2026-11-27 19:31): intent 0.817 (196),
    // themes recall 0.798, precision 0.806, therapist 46 of 49. Before that round's reader (main at 92ca4cc0) the same
    // set read intent 0.767 (184), recall 0.819, precision 0.762, therapist 45 of 49: intent and precision rose, theme
    // recall fell two hundredths.
    assertTrue(s.intent() >= 0.816, s.toString());
    assertTrue(s.recall() >= 0.797, s.toString());
    assertTrue(s.precision() >= 0.805, s.toString());
    assertTrue(s.therapist() >= 0.937, s.toString());
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
