package dev.trellis.apps.neura;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Ranks the providers for a conversation's themes and stated preferences: a theme the provider specialises in counts
 * most (this message's themes more than earlier ones, the first named most), then a named method, then gender,
 * language, format, times and insurer; a therapist the patient named comes first. Ties go to a provider accepting new
 * patients, then the dataset's order.
 */
final class Fit {
  private Fit() {
  }

  /**
   * A provider's fit.
   *
   * @param themes the conversation's themes the provider specialises in
   * @param met    preferences the provider meets, as phrases ("works online", "has evening times")
   * @param unmet  preferences the provider does not meet ("only sees people in person")
   */
  record Ranked(Provider provider, double score, List<String> themes, boolean method, List<String> met, List<String> unmet) {
  }

  /** {@code providers} best first; {@code ownThemes} is how many of {@code themes} (the first) the current message named. */
  static List<Ranked> rank(List<Provider> providers, List<String> themes, int ownThemes, Reading.Preferences prefs) {
    List<Ranked> out = new ArrayList<>();
    for (Provider p : providers) {
      double score = 0;
      List<String> matched = new ArrayList<>();
      for (int i = 0; i < themes.size(); i++) {
        if (p.specialties().contains(themes.get(i))) {
          score += Math.max(0.5, (i < ownThemes ? 3.0 : 1.5) - 0.2 * i);
          matched.add(themes.get(i));
        }
      }
      List<String> met = new ArrayList<>();
      List<String> unmet = new ArrayList<>();
      boolean method = prefs.method() != null && p.modality().equalsIgnoreCase(prefs.method());
      if (method) {
        score += 4;
      }
      if (p.id().equals(prefs.therapist())) {
        score += 20;
      }
      if (prefs.gender() != null && !p.gender().isEmpty()) {
        if (p.gender().equals(prefs.gender())) {
          score += 1.5;
          met.add("is " + (prefs.gender().equals("female") ? "a woman" : "a man"));
        } else {
          score -= 1.5;
          unmet.add("is " + (p.gender().equals("female") ? "a woman" : "a man"));
        }
      }
      if (prefs.language() != null) {
        if (p.languages().stream().anyMatch(l -> l.equalsIgnoreCase(prefs.language()))) {
          score += 2;
          met.add("speaks " + prefs.language());
        } else {
          score -= 1;
          unmet.add("doesn't speak " + prefs.language());
        }
      }
      if (prefs.format() != null && !p.formats().isEmpty()) {
        if (p.formats().contains(prefs.format())) {
          score += 0.5;
          met.add(prefs.format().equals("online") ? "sees people online" : "sees people in person");
        } else {
          score -= 0.5;
          unmet.add("only sees people " + String.join(" or ", p.formats()));
        }
      }
      if (!prefs.slots().isEmpty() && !p.slots().isEmpty()) {
        List<String> have = prefs.slots().stream().filter(p.slots()::contains).toList();
        List<String> lack = prefs.slots().stream().filter(sl -> !p.slots().contains(sl)).toList();
        score += 0.4 * have.size() - 0.4 * lack.size();
        if (!have.isEmpty()) {
          met.add("has " + slotWords(have) + " times");
        }
        if (!lack.isEmpty()) {
          unmet.add("has no " + slotWords(lack) + " times (" + p.possessive() + " hours: " + p.hours() + ")");
        }
      }
      if (prefs.insurer() != null && !p.insurance().isEmpty()) {
        if (p.insurance().contains(prefs.insurer())) {
          score += 0.5;
          met.add("takes " + prefs.insurer());
        } else {
          unmet.add("isn't in network with " + prefs.insurer());
        }
      }
      out.add(new Ranked(p, score, List.copyOf(matched), method, List.copyOf(met), List.copyOf(unmet)));
    }
    out.sort(Comparator.comparingDouble(Ranked::score).reversed()
        .thenComparing(r -> r.provider().accepting() ? 0 : 1));
    return out;
  }

  /** "evening", "tuesday" → "evening or Tuesday". */
  static String slotWords(List<String> slots) {
    return String.join(" or ", slots.stream().map(s -> s.endsWith("day") && !s.equals("weekday")
        ? s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1) : s).toList());
  }
}
