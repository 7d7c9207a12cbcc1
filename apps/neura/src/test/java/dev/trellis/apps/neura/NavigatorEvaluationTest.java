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
 */
class NavigatorEvaluationTest {
  @Test
  @SuppressWarnings("unchecked")
  void readsSetNXAtItsDevelopmentFloors() throws Exception {
    ObjectMapper json = new ObjectMapper();
    int n = 0;
    int intents = 0;
    int tp = 0;
    int fp = 0;
    int fn = 0;
    int therapistLabelled = 0;
    int therapistRight = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        NavigatorEvaluationTest.class.getResourceAsStream("development/setNX.jsonl"), StandardCharsets.UTF_8))) {
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
    double intent = intents / (double) n;
    double recall = tp / (double) (tp + fn);
    double precision = tp / (double) (tp + fp);
    double therapist = therapistRight / (double) therapistLabelled;
    String figures = "messages %d: intent %.3f (%d), themes recall %.3f precision %.3f, therapist %d/%d"
        .formatted(n, intent, intents, recall, precision, therapistRight, therapistLabelled);
    System.out.println("[neura] set NX: " + figures);
    assertTrue(n == 240, figures);
    // development floors (round sixteen, after studying NX's misses), a thousandth under 0.996 / 0.979 / 0.949 / 43 of 43
    assertTrue(intent >= 0.995, figures);
    assertTrue(recall >= 0.978, figures);
    assertTrue(precision >= 0.948, figures);
    assertTrue(therapist >= 0.999, figures);
  }
}
