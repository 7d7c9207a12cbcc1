package dev.trellis.safety;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the lexicons find in one message (layers 1 and 2): the crisis phrase that counts, the mask, a negated phrase, a
 * cue of concern for someone else, a joke's cue, harm to others in the writer's own clause, whether any crisis phrase
 * was found at all (counted or not: masked, negated, told as past), and whether every cue of concern is only a question
 * ({@link ConcernCue#question}), and whether the message asks about a work it quotes, with no crisis phrase of the
 * writer's own outside the quotes ({@code askedWork}: the head then reads it without its quotes, {@link Spans#unquoted}), and whether the message owns
 * up to its someone-else as the writer ({@code confessed}: "asking for a friend … the friend is me").
 */
record Reading(Lexicon.Hit crisis, Lexicon.Hit mask, boolean negated, boolean thirdPartyCue, boolean jokeCue,
               boolean ownHarm, boolean riskWords, boolean questionsOnly, boolean askedWork,
               boolean confessed) {
  /** How many words before a crisis phrase a past-tense verb makes it told as past ("I tried to kill myself"). */
  private static final int PAST_VERB_REACH = 3;
  /** A breakup with someone named: "end it with Tyler" (the name capitalised, so read from the message itself). */
  private static final Pattern NAMED_BREAKUP = Pattern.compile(
      "\\b(?i:end|ending|ended|finish|break|breaking)\\s+(?i:it|things)\\s+(?:(?i:off)\\s+)?(?i:with)\\s+\\p{Lu}\\p{Ll}+");

  /** The lexicons' reading of {@code message} ({@code folded}), in the lexicons of {@code languages}. */
  static Reading of(Lexicon lexicon, String message, Folded folded, Set<String> languages) {
    List<Lexicon.Hit> found = lexicon.find(folded, new LinkedHashSet<>(languages));
    List<String> tokens = folded.tokens();
    // "someone who thinks about dying as much as I do": a comparison with oneself makes the cue of concern the writer's own
    // and a cue read across a sentence's end is no subject and its verb ("rang my dad. Said what I needed to say")
    List<Lexicon.Hit> hits = new ArrayList<>(found.size());
    // "asking for a friend … (ok the friend is me)", "le quelqu'un c'est moi": the someone-else owned up to as the writer,
    // so no cue of concern in the message is concern for someone else (round eighteen)
    boolean confessed = found.stream().anyMatch(h -> h.kind() == Lexicon.Kind.CONFESSED);
    // each token's sentence, worked out only when a phrase or cue asks whether it shares one
    int[][] memo = new int[1][];
    java.util.function.Supplier<int[]> sentences =
        () -> memo[0] != null ? memo[0] : (memo[0] = Spans.sentenceOf(message, tokens.size()));
    // "… and I said no. I lied", "… den Amoklauf gelesen. Ich mach das auch": an idiom's reading taken back after it
    int unmaskedBefore = found.stream().filter(h -> h.kind() == Lexicon.Kind.UNMASK).mapToInt(Lexicon.Hit::start)
        .max().orElse(-1);
    for (Lexicon.Hit h : found) {
      if (h.kind() == Lexicon.Kind.MASK && h.cls() == RiskClass.FIGURATIVE && h.start() < unmaskedBefore) {
        continue;
      }
      if (ConcernCue.is(h) && confessed) {
        continue;
      }
      if (ConcernCue.is(h) && (ConcernCue.selfReferent(h, found) || ConcernCue.mourned(h, found, sentences.get())
          || ConcernCue.recommended(h, found, sentences.get(), tokens))) {
        continue;
      }
      if (ConcernCue.is(h) && Whose.addressee(h, tokens)) {
        continue;
      }
      if (ConcernCue.is(h) && h.end() - h.start() > 1 && sentences.get()[h.start()] != sentences.get()[h.end() - 1]) {
        continue;
      }
      hits.add(h);
    }
    boolean pastNamed = hits.stream().anyMatch(h -> h.kind() == Lexicon.Kind.PAST);
    List<int[]> quoted = Spans.quoted(message);
    // quoted words the writer claims as their own outside the quotes ("this song is literally me rn: '…'", "my poem: '…'")
    // are the writer's words, whatever work is named (round seventeen)
    boolean claimed = hits.stream().anyMatch(h -> h.kind() == Lexicon.Kind.OWN && !Spans.inside(h.start(), quoted));
    List<Lexicon.Hit> works = claimed ? List.of()
        : hits.stream().filter(h -> h.kind() == Lexicon.Kind.WORK).toList();
    // the work itself asked about ("what song is it", "kennt jemand den Titel?"): its quotes are its own wherever the work
    // is named (round eighteen: "song stuck in my head all day, it goes '…' … what is it")
    boolean asked = !works.isEmpty() && hits.stream().anyMatch(h -> h.kind() == Lexicon.Kind.ASKED && !Spans.inside(h.start(), quoted));
    Lexicon.Hit named = namedBreakup(message);
    if (named != null) {
      hits.add(named);
    }
    Lexicon.Hit best = null;
    Lexicon.Hit others = null;
    Lexicon.Hit mask = null;
    Lexicon.Hit past = null;
    Lexicon.Hit threat = null;
    Lexicon.Hit sung = null;
    boolean negated = false;
    boolean thirdPartyCue = false;
    boolean questionsOnly = true;
    for (Lexicon.Hit h : hits) {
      // a question of what to do names no one else: it cannot make a crisis phrase someone else's on its own
      thirdPartyCue |= ConcernCue.is(h) && !ConcernCue.question(h);
      questionsOnly &= !ConcernCue.is(h) || ConcernCue.question(h);
      // an idiom outranks a third-party cue it overlaps ("my mom is going to kill me")
      if (h.kind() == Lexicon.Kind.MASK && (mask == null || (h.cls() == RiskClass.THIRD_PARTY_CONCERN
          && !(mask.start() < h.end() && h.start() < mask.end())))) {
        mask = h;
      }
    }
    for (Lexicon.Hit h : hits) {
      if (h.kind() != Lexicon.Kind.OVERRIDE && h.kind() != Lexicon.Kind.PHRASE) {
        continue;
      }
      if (Whose.reflexive(h, tokens)) {
        continue;
      }
      if (h.negated() || masked(h, hits, tokens, quoted, sentences)) {
        negated |= h.negated();
        continue;
      }
      // words in quotes with a song, a book or a film named beside them ("Dalida chante « moi je veux mourir sur scène »"):
      // quoted from it, masked like an idiom (round sixteen); the writer's own words outside the quotes are still read,
      // and quotes far from the work named, or claimed as the writer's own, are not masked (round seventeen)
      if (!works.isEmpty() && (asked ? Spans.quotedInAskedWork(h, quoted, works) : Spans.quotedBeside(h, quoted, works))) {
        sung = sung == null ? h : sung;
        continue;
      }
      Lexicon.Hit when = pastNamed ? toldAsPast(lexicon, h, hits, tokens, sentences.get()) : null;
      if (when != null) {
        past = past == null ? when : past;
        continue;
      }
      if (Whose.threatensWriter(h, tokens, sentences.get())) {
        threat = threat == null ? h : threat;
        continue;
      }
      boolean means = h.cls() == RiskClass.MEANS_ACCESS || h.cls() == RiskClass.HARM_TO_OTHERS;
      if ((h.kind() == Lexicon.Kind.PHRASE && means && Whose.someoneElses(h, tokens, sentences.get()))
          || Whose.someoneElsesSelfHarm(h, tokens)) {
        others = others == null ? h : others;
        continue;
      }
      // an override outranks any lexicon phrase; within a kind the more urgent class wins
      if (best == null || (h.kind() == Lexicon.Kind.OVERRIDE && best.kind() != Lexicon.Kind.OVERRIDE)
          || (h.kind() == best.kind() && h.cls().ordinal() < best.cls().ordinal())) {
        best = h;
      }
    }
    if (mask == null && others != null) {
      // someone else's means or threat in a sentence without the writer ("my grandpa's been hoarding his pain meds")
      mask = new Lexicon.Hit(RiskClass.THIRD_PARTY_CONCERN, Lexicon.Kind.MASK, others.start(), others.end(),
          "someone else's: " + others.phrase(), false);
    }
    if (mask == null && threat != null) {
      // someone else threatens the writer ("Er will mich umbringen"): the writer is at risk from them, not from
      // themselves; the third-party path gives the resources, the head may still find a crisis of the writer's own
      mask = new Lexicon.Hit(RiskClass.THIRD_PARTY_CONCERN, Lexicon.Kind.MASK, threat.start(), threat.end(),
          "someone else's threat against the writer: " + threat.phrase(), false);
    }
    if (mask == null && past != null) {
      // a crisis told as past ("five years ago I took an overdose"): masked like an idiom, the head decides the rest
      mask = new Lexicon.Hit(RiskClass.FIGURATIVE, Lexicon.Kind.MASK, past.start(), past.end(), "told as past: " + past.phrase(),
          false);
    }
    if (best == null && sung != null) {
      // the writer's own words outside the quotes are read as if the quotes were not there ("that song 'I want to die
      // young' is on repeat and honestly I want to die too": the lexicons find each phrase once, inside the quotes)
      String own = Spans.unquoted(message);
      Reading outside = own.equals(message) ? null : of(lexicon, own, Folded.of(own), languages);
      if (outside != null && outside.crisis() != null) {
        return outside;
      }
    }
    if (mask == null && sung != null) {
      mask = new Lexicon.Hit(RiskClass.FIGURATIVE, Lexicon.Kind.MASK, sung.start(), sung.end(),
          "quoted from a song, a book or a film: " + sung.phrase(), false);
    }
    // harm to others in the writer's own clause, past the reach of every cue of concern ("a guy said stuff about my
    // sister. I'm going to find him and break his face"): what someone else did is the reason, not the concern
    boolean ownHarm = best != null && best.cls() == RiskClass.HARM_TO_OTHERS && !ConcernCue.within(best, hits, tokens, quoted);
    boolean riskWords = hits.stream().anyMatch(h -> h.kind() == Lexicon.Kind.OVERRIDE || h.kind() == Lexicon.Kind.PHRASE);
    return new Reading(best, mask, negated, thirdPartyCue, JokeCue.in(tokens), ownHarm, riskWords, questionsOnly,
        asked && best == null && (sung != null || !quoted.isEmpty()), confessed);
  }

  /** A breakup with someone named ("I need to end it with Tyler") as an idiom's mask over its words, or null. */
  static Lexicon.Hit namedBreakup(String message) {
    var m = NAMED_BREAKUP.matcher(message);
    if (!m.find()) {
      return null;
    }
    int start = Folded.of(message.substring(0, m.start())).tokens().size();
    int end = Folded.of(message.substring(0, m.end())).tokens().size();
    return new Lexicon.Hit(RiskClass.FIGURATIVE, Lexicon.Kind.MASK, start, Math.max(end, start + 1),
        "a breakup with someone named", false);
  }

  /**
   * The distant past ({@code [past]}: "years ago", "when I was 15") in the sentence of the crisis phrase {@code h}, when a
   * past-tense verb stands in the phrase or just before it ("I tried to kill myself", "took an overdose"), or null: the
   * phrase is told as past. A phrase in the present in the same message ("and I want to die again") is not.
   */
  private static Lexicon.Hit toldAsPast(Lexicon lexicon, Lexicon.Hit h, List<Lexicon.Hit> hits, List<String> tokens,
                                        int[] sentence) {
    Lexicon.Hit when = null;
    for (Lexicon.Hit p : hits) {
      if (p.kind() == Lexicon.Kind.PAST && sentence[p.start()] == sentence[h.start()]) {
        when = p;
        break;
      }
    }
    if (when == null) {
      return null;
    }
    for (int j = Math.max(0, h.start() - PAST_VERB_REACH); j < h.end(); j++) {
      if (sentence[j] == sentence[h.start()] && lexicon.pastVerb(tokens.get(j))) {
        return when;
      }
    }
    return null;
  }

  /**
   * Whether a mask covers the crisis phrase {@code h}: a cue of concern never masks harm to others, nor a phrase holding
   * the writer as its object ({@link Whose#writersOwn}).
   */
  private static boolean masked(Lexicon.Hit h, List<Lexicon.Hit> hits, List<String> tokens, List<int[]> quoted,
                                java.util.function.Supplier<int[]> sentences) {
    for (Lexicon.Hit m : hits) {
      // harm to others is about someone else by definition: a third-party cue does not mask it
      // an everyday mask (class none) is for the head only: it never masks a crisis phrase (round seventeen)
      boolean applies = m.kind() == Lexicon.Kind.MASK && m.cls() != RiskClass.NONE
          && !(ConcernCue.is(m) && h.cls() == RiskClass.HARM_TO_OTHERS)
          && !(ConcernCue.is(m) && Whose.writersOwn(h, tokens, quoted, sentences.get()));
      if (applies && ConcernCue.covers(m, h, tokens, quoted)) {
        return true;
      }
    }
    return false;
  }
}
