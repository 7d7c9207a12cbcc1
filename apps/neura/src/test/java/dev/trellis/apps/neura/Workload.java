package dev.trellis.apps.neura;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A deterministic (seeded) set of Neura chat sessions: each session has a patient and a
 * first message naming a theme; later turns vary as real chats do — short acknowledgements,
 * repeats, a new theme, a switch of provider, a booking request. Each turn sends the
 * session's transcript of patient messages so far as {@code messages}, as a chat UI does.
 */
final class Workload {
  private static final List<String> THEMES = List.of("anxiety", "insomnia", "depression", "grief", "trauma",
      "relationships", "parenting");
  private static final List<String> ACKS = List.of("ok", "thanks", "yes", "that makes sense", "I see", "sure");
  private static final List<String> PROVIDERS = List.of("prov-ana", "prov-ben", "prov-chen", "prov-dia");

  record Turn(String session, int index, Map<String, Object> input) {
  }

  static List<List<Turn>> generate(long seed, int sessions, int turns) {
    return generate(seed, sessions, turns, "s");
  }

  /** Sessions named {@code <prefix><n>}. */
  static List<List<Turn>> generate(long seed, int sessions, int turns, String prefix) {
    Random rnd = new Random(seed);
    List<List<Turn>> out = new ArrayList<>();
    for (int s = 0; s < sessions; s++) {
      String session = prefix + s;
      String patient = "pat-" + (1 + rnd.nextInt(3));
      String provider = rnd.nextInt(3) == 0 ? PROVIDERS.get(rnd.nextInt(PROVIDERS.size())) : null;
      String theme = THEMES.get(rnd.nextInt(THEMES.size()));
      List<Turn> list = new ArrayList<>();
      List<Map<String, Object>> transcript = new ArrayList<>();
      for (int t = 0; t < turns; t++) {
        String message;
        int roll = rnd.nextInt(100);
        if (t == 0 || roll < 15) {
          theme = t == 0 ? theme : THEMES.get(rnd.nextInt(THEMES.size()));
          message = "I've been struggling with " + theme + " lately";
        } else if (roll < 55) {
          message = ACKS.get(rnd.nextInt(ACKS.size()));
        } else if (roll < 80) {
          message = "it's the " + theme + " again";
        } else if (roll < 90) {
          provider = PROVIDERS.get(rnd.nextInt(PROVIDERS.size()));
          message = "what about someone else for " + theme + "?";
        } else {
          message = "can I book an appointment for my " + theme;
        }
        transcript.add(Map.of("role", "user", "content", message));
        Map<String, Object> input = new HashMap<>();
        input.put("messages", List.copyOf(transcript));
        input.put("patient_id", patient);
        input.put("session_id", session);
        input.put("turn_id", session + "-" + t);
        if (provider != null) {
          input.put("provider_id", provider);
        }
        list.add(new Turn(session, t, input));
      }
      out.add(list);
    }
    return out;
  }

  private Workload() {
  }
}
