package dev.trellis.apps.neura;

import java.util.List;

/**
 * What the offline navigator read from a patient's message in its conversation ({@link Navigator#read}).
 *
 * @param intent    what the message asks for: one of {@link #INTENTS}
 * @param themes    the clinical themes of the conversation (of {@link #THEMES}), this message's first, then the
 *                  earlier patient messages' (newest first)
 * @param therapist the provider the message is about: one it names or refers to ("book me with her" after the
 *                  navigator named her), else the best fit for the themes and preferences (accepting new patients
 *                  or not); null when nothing points to one
 * @param prefs     the preferences stated so far (this message's override earlier ones)
 * @param topic     for {@code question_process}, {@code question_cost}, {@code booking} and {@code physical}: what
 *                  about (e.g. {@code first_session}, {@code insurance}, {@code cancel}, {@code medication}); else null
 */
public record Reading(String intent, List<String> themes, String therapist, Preferences prefs, String topic) {
  /** The intents, in the order the reader tries them when a message carries several. */
  public static final List<String> INTENTS = List.of("greeting", "concern", "preference", "booking", "question_process",
      "question_cost", "physical", "thanks_bye", "other");
  /** The clinical themes the providers' specialties are named in. */
  public static final List<String> THEMES = List.of("anxiety", "insomnia", "depression", "grief", "trauma",
      "relationships", "parenting");

  /**
   * Preferences about the therapist; null fields are unstated.
   *
   * @param method    a modality as the dataset names it ({@code CBT}, {@code ACT}, {@code EMDR}, {@code family systems}),
   *                  or another named method the team does not offer (e.g. {@code DBT})
   * @param therapist a provider the patient named
   * @param gender    {@code female} or {@code male}
   * @param language  a language other than English, capitalised
   * @param format    {@code online} or {@code in person}
   * @param slots     times and days ({@code evening}, {@code weekend}, {@code tuesday}, …)
   * @param insurer   an insurer the patient named, as the dataset spells it when it knows it
   */
  public record Preferences(String method, String therapist, String gender, String language, String format,
                            List<String> slots, String insurer) {
    /** No preference stated. */
    public static final Preferences NONE = new Preferences(null, null, null, null, null, List.of(), null);

    /** Whether any preference that ranks providers is stated. */
    public boolean any() {
      return method != null || therapist != null || gender != null || language != null || format != null || !slots.isEmpty()
          || insurer != null;
    }

    /** These preferences with {@code newer}'s stated fields over them. */
    Preferences overriddenBy(Preferences newer) {
      return new Preferences(or(newer.method, method), or(newer.therapist, therapist), or(newer.gender, gender),
          or(newer.language, language), or(newer.format, format), newer.slots.isEmpty() ? slots : newer.slots,
          or(newer.insurer, insurer));
    }

    private static String or(String a, String b) {
      return a != null ? a : b;
    }
  }
}
