package dev.trellis.apps.neura;

import java.time.DayOfWeek;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** A provider row of the dataset as the navigator reads it (absent columns read as empty). */
record Provider(String id, String name, String modality, List<String> specialties, boolean accepting, String gender,
                List<String> languages, List<String> formats, String hours, List<String> slots, List<String> insurance,
                int fee, boolean sliding, String pronoun, Map<DayOfWeek, int[]> schedule) {

  static Provider of(Map<String, Object> row) {
    return new Provider(str(row.get("id")), str(row.get("name")), str(row.get("modality")), list(row.get("specialties")),
        !"0".equals(str(row.getOrDefault("accepting", 1))), str(row.get("gender")), list(row.get("languages")),
        list(row.get("formats")), str(row.get("hours")), list(row.get("slots")), list(row.get("insurance")),
        row.get("fee") instanceof Number n ? n.intValue() : 0, "1".equals(str(row.get("sliding"))),
        row.get("pronoun") == null ? "they" : str(row.get("pronoun")), schedule(str(row.get("schedule"))));
  }

  /** "tuesday 17-20,saturday 9-12" → {TUESDAY: [17, 20], SATURDAY: [9, 12]}: the whole hours they see people each day. */
  static Map<DayOfWeek, int[]> schedule(String text) {
    Map<DayOfWeek, int[]> out = new java.util.EnumMap<>(DayOfWeek.class);
    for (String day : list(text)) {
      String[] parts = day.split("[ -]");
      if (parts.length == 3) {
        out.put(DayOfWeek.valueOf(parts[0].toUpperCase(Locale.ROOT)), new int[] {Integer.parseInt(parts[1]),
            Integer.parseInt(parts[2])});
      }
    }
    return java.util.Collections.unmodifiableMap(out);
  }

  static List<Provider> all(List<Map<String, Object>> rows) {
    return rows.stream().map(Provider::of).toList();
  }

  private static String str(Object o) {
    return o == null ? "" : String.valueOf(o);
  }

  private static List<String> list(Object o) {
    return o == null || String.valueOf(o).isBlank() ? List.of() : Arrays.stream(String.valueOf(o).split(","))
        .map(String::trim).toList();
  }

  /** The name without credentials ("Ben Okafor, LCSW" → "Ben Okafor"). */
  String shortName() {
    int comma = name.indexOf(',');
    return comma < 0 ? name : name.substring(0, comma);
  }

  /** How a reply refers to the provider a second time ("Dr. Ruiz", "Ben"). */
  String callName() {
    String n = shortName();
    String[] parts = n.replace("Dr. ", "").split(" ");
    return n.startsWith("Dr. ") ? "Dr. " + parts[parts.length - 1] : parts[0];
  }

  /** The name's words a patient might use for the provider ("ana", "ruiz"), as one pattern; null without a name. */
  Pattern namePattern() {
    List<String> words = new java.util.ArrayList<>(Arrays.stream(shortName().replace("Dr. ", "").toLowerCase(Locale.ROOT)
        .split(" ")).filter(w -> w.length() >= 3).toList());
    if (name.contains(",")) { // "the LCSW one"
      words.add(name.substring(name.indexOf(',') + 1).trim().toLowerCase(Locale.ROOT));
    }
    return words.isEmpty() ? null : Pattern.compile("\\b(dr\\.? |doctor )?(" + String.join("|", words) + ")\\b");
  }

  String object() {
    return switch (pronoun) {
      case "she" -> "her";
      case "he" -> "him";
      default -> "them";
    };
  }

  String possessive() {
    return switch (pronoun) {
      case "she" -> "her";
      case "he" -> "his";
      default -> "their";
    };
  }

  /** The subject pronoun, capitalised. */
  String subjectCapitalised() {
    return pronoun.substring(0, 1).toUpperCase(Locale.ROOT) + pronoun.substring(1);
  }

  boolean isPlural() {
    return pronoun.equals("they");
  }
}
