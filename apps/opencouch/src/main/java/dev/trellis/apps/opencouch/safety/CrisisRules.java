package dev.trellis.apps.opencouch.safety;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The deterministic layers of the crisis gate. Layer 1, the override: explicit statements
 * of suicide, self-harm or violence are a crisis whatever surrounds them, and figurative
 * idioms ("this homework is killing me", "dying to see that film") are blanked out before
 * anything else reads the message. Layer 2, the ladder: patterns in severity tiers, highest
 * first. Pure functions; the LLM layer and the policy live in {@link CrisisGate}.
 */
public final class CrisisRules {
  /** A ladder rung: the tier, the category and the pattern. */
  record Rung(String severity, String category, Pattern pattern) {
  }

  private static Pattern p(String regex) {
    return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
  }

  /** Layer 1: always a crisis, never softened by context or idiom. */
  static final List<Rung> EXPLICIT = List.of(
      new Rung("high", "suicidal_ideation", p("\\b(kill(ing)?|hang(ing)?|shoot(ing)?) my ?self\\b|\\bsuicid(e|al)\\b"
          + "|\\bend(ing)? (my|it all|my own) li(fe|ves)\\b|\\btake my (own )?life\\b|\\bwant(ed)? to die\\b"
          + "|\\bwish i (was|were) dead\\b|\\bbetter off dead\\b|\\bno reason to (live|go on)\\b|\\bnot want(ing)? to (be alive|live)\\b"
          + "|\\bdon'?t want to (be alive|live( anymore)?|wake up)\\b")),
      new Rung("high", "self_harm", p("\\b(cut(ting)?|burn(ed|t|ing)?|hurt(ing)?|harm(ed|ing)?|starv(e|ed|ing)|punch(ed|ing)?|hit(ting)?) my ?self\\b"
          + "|\\bself[- ]?harm(ing)?\\b|\\boverdos(e|ing)\\b")),
      new Rung("high", "violence", p("\\b(kill|hurt|shoot|stab|strangle|murder) (him|her|them|my (boss|wife|husband|"
          + "partner|dad|mom|father|mother|brother|sister|neighbou?r|roommate|ex)|someone|somebody|everyone|people)\\b"
          + "(?! (laugh|smile))|\\bmake (them|him|her) (all )?pay\\b")));

  /** Layer 2: plans, means and timelines make an explicit statement imminent; softer signals are medium or low. */
  static final List<Rung> LADDER = List.of(
      new Rung("imminent", "plan_or_means", p("\\b(saved|saving|stockpil(ed|ing)|bought|got|have) (up )?(the |some |enough )?"
          + "(pills|a gun|a rope|rope|a blade|razor ?blades|sleeping pills)\\b|\\bwrote (a|my) (suicide )?note\\b"
          + "|\\b(tonight|today|this weekend) i('m| am) going to (do it|end it)\\b|\\bi have a plan\\b|\\bsaid my goodbyes\\b"
          + "|\\bgiving away my (stuff|things)\\b|\\b(the bridge|the roof|the tracks)\\b.*\\b(jump|end)\\b")),
      new Rung("medium", "passive_ideation", p("\\bcan'?t go on\\b|\\bwhat'?s the point (of|in) (living|anything|going on|it all)\\b"
          + "|\\b(want|wish) (i could|to) disappear( forever)?\\b|\\bdon'?t want to be here anymore\\b"
          + "|\\bwish i (was|wasn'?t|were|weren'?t) (here|born|around)\\b|\\bno way out\\b|\\beveryone would be better off without me\\b"
          + "|\\bcan'?t do this anymore\\b|\\bgo to sleep and never wake up\\b|\\bend it\\b|\\bnot be around\\b")),
      new Rung("low", "hopelessness", p("\\bhopeless\\b|\\bworthless\\b|\\bnothing (will ever|ever) (change|get better)\\b"
          + "|\\bi'?m a burden\\b|\\btrapped\\b")));

  /** Idioms that sound like danger and are not; blanked out before the ladder reads the message. */
  static final Pattern FIGURATIVE = p("\\b(is|are|was|were|'s|it'?s|this|these|that) (\\w+ )?(killing|murdering) me\\b"
      + "|\\bdying (to|for)\\b|\\bto die for\\b|\\b(killed|kill|killing|slayed|slay) (it|the (exam|test|interview|presentation|game|set))\\b"
      + "|\\b(bored|scared|worried|tickled|love[sd]?|work(ed)? (myself )?) to death\\b|\\bdead (tired|serious|on|set|end)\\b"
      + "|\\b(could|would|'d) (murder|kill (for)?) (a|an|some)\\b|\\bkill(ing)? time\\b|\\b(phone|battery|laptop|car|plant|plants) "
      + "(is |was |just )?(dead|died)\\b|\\bdie (of|from) (laughter|laughing|embarrassment|boredom)\\b|\\bdrop[- ]dead\\b"
      + "|\\bkills me\\b|\\bwould kill me\\b|\\bmy (feet|back|head) (is|are) killing me\\b|\\bdeadline\\b"
      + "|\\b(character|villain|hero|film|movie|book|show|game|episode)\\b[^.]*\\b(dies|died|kill(s|ed)?)\\b");

  private CrisisRules() {
  }

  /** Layer 1 then layer 2 on {@code message}: the highest tier that matches, or {@link Assessment#NONE}. */
  public static Assessment assess(String message) {
    String text = message.toLowerCase(Locale.ROOT).replace('’', '\'');
    Optional<Assessment> explicit = first(EXPLICIT, text, "override");
    if (explicit.isPresent()) {
      Optional<Assessment> plan = first(LADDER.subList(0, 1), text, "override");
      return plan.map(a -> new Assessment(true, "imminent", explicit.get().category(), "override",
          explicit.get().matched() + "; " + a.matched())).orElse(explicit.get());
    }
    String literal = FIGURATIVE.matcher(text).replaceAll(" ");
    return first(LADDER, literal, "regex").orElse(Assessment.NONE);
  }

  /** True when the message contains a figurative idiom (reported in diagnostics). */
  public static boolean figurative(String message) {
    return FIGURATIVE.matcher(message.toLowerCase(Locale.ROOT).replace('’', '\'')).find();
  }

  private static Optional<Assessment> first(List<Rung> rungs, String text, String layer) {
    for (Rung r : rungs) {
      Matcher m = r.pattern().matcher(text);
      if (m.find()) {
        return Optional.of(new Assessment(true, r.severity(), r.category(), layer, m.group()));
      }
    }
    return Optional.empty();
  }
}
