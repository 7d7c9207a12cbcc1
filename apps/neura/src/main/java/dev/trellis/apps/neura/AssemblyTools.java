package dev.trellis.apps.neura;

import dev.trellis.pipeline.PipelineTool;
import dev.trellis.pipeline.ToolOutput;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The five context-assembly tools of seed 000 over the bundled {@link Dataset}. Each
 * returns a section map and a 0..1 completeness (the share of the fields it wanted that it
 * found). Read-only, so retries are safe.
 */
public final class AssemblyTools {
  private AssemblyTools() {
  }

  /** The tools by name. */
  public static Map<String, PipelineTool> over(Dataset data) {
    Map<String, PipelineTool> t = new LinkedHashMap<>();
    t.put("client_signal", args -> clientSignal(strings(args.get("messages"))));
    t.put("provider_genome", args -> providerGenome(data, (String) args.get("provider_id")));
    t.put("patient_context", args -> patientContext(data, (String) args.get("patient_id")));
    t.put("therapeutic_fit", AssemblyTools::therapeuticFit);
    t.put("session_narrative", args -> sessionNarrative(data, (String) args.get("patient_id")));
    return t;
  }

  private static final List<String> THEMES = List.of("anxiety", "insomnia", "depression", "grief", "trauma",
      "relationships", "parenting");

  /**
   * The client signal of the conversation slice (the session's recent patient messages, the
   * current one last): the themes it speaks of ({@link Reader#themes}: "my wife walked out" is
   * relationships, "I lie awake till 4" insomnia), oldest first, and whether the current message asks
   * for an appointment. An acknowledgement after a theme keeps the theme — and so the
   * {@code signal_summary} that {@code therapeutic_fit} injects. Each message's reading (its themes by where each is
   * first cued, under the message's {@link #digest}: no patient text is kept in the skip state) is in {@code read},
   * so the navigator reuses it instead of reading the messages again.
   */
  static ToolOutput clientSignal(List<String> messages) {
    List<String> themes = new ArrayList<>();
    List<Map<String, Object>> read = new ArrayList<>();
    for (String message : messages) {
      Map<String, Integer> at = Reader.themes(Lexicon.normalize(message));
      at.keySet().stream().filter(th -> !themes.contains(th)).forEach(themes::add);
      read.add(Map.of("message", digest(message), "themes", at));
    }
    String last = messages.isEmpty() ? "" : Lexicon.normalize(messages.getLast());
    boolean wantsBooking = Lexicon.BOOKING.matcher(last).find() && !Lexicon.NOT_BOOKING.matcher(last).find()
        && !Lexicon.CANCEL.matcher(last).find();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("themes", themes);
    out.put("wants_booking", wantsBooking);
    out.put("read", read);
    out.put("signal_summary", themes.isEmpty() ? "no clinical theme named" : "mentions " + String.join(", ", themes));
    return ToolOutput.of(out, themes.isEmpty() ? 0.2 : Math.min(1.0, 0.5 + 0.25 * themes.size()));
  }

  /** A message's SHA-256, hex: how {@code client_signal}'s reading names it. */
  static String digest(String message) {
    try {
      return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
          .digest(String.valueOf(message).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<String> strings(Object list) {
    return list instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
  }

  static ToolOutput providerGenome(Dataset data, String providerId) {
    List<Map<String, Object>> rows = providerId == null
        ? data.query("SELECT * FROM providers ORDER BY id")
        : data.query("SELECT * FROM providers WHERE id = ?", providerId);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("providers", rows);
    out.put("genome_summary", rows.stream().map(r -> r.get("id") + ":" + r.get("modality") + "/" + r.get("specialties"))
        .toList());
    return ToolOutput.of(out, rows.isEmpty() ? 0.0 : 1.0);
  }

  static ToolOutput patientContext(Dataset data, String patientId) {
    List<Map<String, Object>> rows = data.query("SELECT * FROM patients WHERE id = ?", patientId);
    if (rows.isEmpty()) {
      return ToolOutput.of(Map.of("patient", Map.of()), 0.0);
    }
    Map<String, Object> p = rows.get(0);
    long known = p.values().stream().filter(v -> v != null).count();
    return ToolOutput.of(Map.of("patient", p), (double) known / p.size());
  }

  /**
   * Ranks providers by how many of the signal's themes they specialise in. Reads only the
   * injected keys {@code signal_summary} and {@code genome_summary}, so it re-runs only when
   * the upstream signal or the provider set changed.
   */
  @SuppressWarnings("unchecked")
  static ToolOutput therapeuticFit(Map<String, Object> args) {
    String signal = String.valueOf(args.getOrDefault("signal_summary", ""));
    List<String> themes = THEMES.stream().filter(signal::contains).toList();
    List<String> summary = (List<String>) args.getOrDefault("genome_summary", List.of());
    int topK = ((Number) args.getOrDefault("top_k", 3)).intValue();
    List<Map<String, Object>> ranked = new ArrayList<>();
    for (String g : summary) {
      String id = g.substring(0, g.indexOf(':'));
      List<String> specialties = Arrays.asList(g.substring(g.indexOf('/') + 1).split(","));
      long overlap = themes.stream().filter(specialties::contains).count();
      ranked.add(Map.of("provider_id", id, "score", overlap));
    }
    ranked.sort((a, b) -> Long.compare((Long) b.get("score"), (Long) a.get("score")));
    List<Map<String, Object>> top = ranked.subList(0, Math.min(topK, ranked.size()));
    boolean matched = !top.isEmpty() && (Long) top.get(0).get("score") > 0;
    return ToolOutput.of(Map.of("candidates", List.copyOf(top)), matched ? 0.9 : themes.isEmpty() ? 0.1 : 0.3);
  }

  static ToolOutput sessionNarrative(Dataset data, String patientId) {
    List<Map<String, Object>> rows = data.query("SELECT day, provider_id, note FROM sessions WHERE patient_id = ? ORDER BY day",
        patientId);
    String narrative = rows.isEmpty() ? "no prior sessions"
        : rows.size() + " prior session(s), last on " + rows.get(rows.size() - 1).get("day") + ": "
            + rows.get(rows.size() - 1).get("note");
    return ToolOutput.of(Map.of("narrative", narrative, "sessions", rows.size()), rows.isEmpty() ? 0.3 : 1.0);
  }
}
