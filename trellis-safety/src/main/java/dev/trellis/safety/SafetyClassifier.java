package dev.trellis.safety;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.checkpoint.store.Embeddings;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A layered safety classifier for messages sent to a chat: (1) deterministic overrides and
 * (2) per-language lexicons ({@code en} for en-US and en-GB, {@code de}, {@code fr}), both
 * tolerant of typos, leetspeak and spaced-out words; (3) a logistic-regression head on
 * in-process MiniLM sentence embeddings and hashed n-grams (every language); (4) an optional LLM judge, asked about everything
 * not confidently low-risk, which can only widen the verdict; (5) policy normalisation into
 * an {@link Action}.
 *
 * <pre>{@code
 * SafetyClassifier safety = SafetyClassifier.standard();            // layers 1, 2, 3, 5
 * Verdict v = safety.classify("I cut again last night", history, "en-GB");
 * if (v.crisis()) { ... }                                            // v.label() == SELF_HARM
 * SafetyClassifier judged = SafetyClassifier.builder().judge(chatModel).build();
 * }</pre>
 *
 * <p>Without a judge the verdict is deterministic: a function of the message, the last six
 * history messages and the locale. Override phrases are final but for a quoted statement in a
 * message asking how to help someone else and for a laugh the head reads as an idiom; a lexicon
 * phrase gives way only to those and to the third-party path, when the head finds concern for
 * someone else; otherwise the head and the judge may add a crisis, never remove one. A message in a language other than English, German or French is
 * never {@link Action#NONE}: without a crisis signal it is {@link Action#CHECK_IN}, and so is a
 * message the head is uncertain about (the check-in band, {@link Builder#checkInThreshold}).
 * Immutable and thread-safe (the judge's model must be thread-safe).
 */
public final class SafetyClassifier {
  private static final Set<String> FOLLOW_UPS = Set.of("yes", "yeah", "yep", "yup", "ya", "ja", "oui", "si", "maybe",
      "sometimes", "kinda", "kind", "i", "do", "am", "think", "so", "guess", "a", "little", "bit", "tonight", "today",
      "soon", "vielleicht", "manchmal", "peutetre", "parfois", "ok", "true", "right", "exactly", "genau", "bien", "sur");

  /**
   * The head's default crisis threshold: of 0.72, 0.6 and 0.5 (each with the class regression's agreement
   * below {@code threshold + 0.15}) the best F1 in 5-fold cross-validation over the corpus (round five:
   * 0.889, 0.897, 0.891; 0.5 had the best recall-weighted F2 by a hair, 0.924 against 0.923; see the README).
   */
  public static final double DEFAULT_CRISIS_THRESHOLD = 0.6;
  /**
   * The default check-in threshold ({@link Builder#checkInThreshold}): from this crisis probability up to the crisis
   * threshold, a message no other layer decides and whose most likely class is a crisis class is a
   * {@link Action#CHECK_IN} — too close to a crisis to carry on without asking whether the person is safe. On by
   * default since round nine, chosen by issue 32's own criterion in leave-one-writer-out (each independent writer's set
   * scored by a head trained on everything else): the highest crisis recall with precision over English, German and
   * French at least 0.9 (0.25: recall 0.996 against 0.992 without the band, precision on those languages 0.955 against
   * 0.965; see the README); confirmed in round ten over fifteen writers (0.996 against 0.989, 0.961 against 0.971;
   * 0.2 and 0.3 no more recall). An application's check-in reply must then fit a message it could read as well as one it
   * could not ({@link Verdict#languageSupported()} tells them apart).
   */
  public static final double DEFAULT_CHECK_IN_THRESHOLD = 0.25;
  private static final double THIRD_PARTY_VETO = 0.7;
  private static final double NEGATED_THRESHOLD = 0.8;
  /**
   * Above the crisis threshold by less than this, the head's crisis needs the class regression's agreement
   * (its most likely class a crisis class): in cross-validation it kept recall (0.941 against 0.942 at 0.6) and
   * raised precision (0.857 against 0.836), taking everyday messages such as "see you next time" off the branch.
   */
  private static final double AGREEMENT_MARGIN = 0.15;
  /**
   * The head's bar over a masked message (an idiom, someone else's words), whatever the crisis threshold:
   * the cue is evidence against a crisis, so a lower threshold for recall does not lower this one.
   */
  static final double MASKED_THRESHOLD = 0.72;

  private final Lexicon lexicon;
  private final Embeddings embeddings;
  private final EmbeddingHead head;
  private final LlmJudge judge;
  private final double crisisThreshold;
  private final double checkInThreshold;
  private final double lowRiskThreshold;
  private final double maskedThreshold;
  private final boolean checkInOnDisagreement;

  private SafetyClassifier(Builder b) {
    this(Lexicon.bundled(), b.embeddings, b.head, b.judge == null ? null : new LlmJudge(b.judge), b.crisisThreshold,
        b.checkInThreshold, b.lowRiskThreshold, b.maskedThreshold, b.checkInOnDisagreement);
  }

  private SafetyClassifier(Lexicon lexicon, Embeddings embeddings, EmbeddingHead head, LlmJudge judge,
                           double crisisThreshold, double checkInThreshold, double lowRiskThreshold,
                           double maskedThreshold, boolean checkInOnDisagreement) {
    this.lexicon = lexicon;
    this.embeddings = embeddings;
    this.head = head;
    this.judge = judge;
    this.crisisThreshold = crisisThreshold;
    this.checkInThreshold = checkInThreshold;
    this.lowRiskThreshold = lowRiskThreshold;
    this.maskedThreshold = maskedThreshold;
    this.checkInOnDisagreement = checkInOnDisagreement;
  }

  /** This classifier with {@code model} as its LLM judge (null: none); cheap, shares everything else. */
  public SafetyClassifier withJudge(ChatModel model) {
    return new SafetyClassifier(lexicon, embeddings, head, model == null ? null : new LlmJudge(model), crisisThreshold,
        checkInThreshold, lowRiskThreshold, maskedThreshold, checkInOnDisagreement);
  }

  /** Layers 1, 2, 3 and 5: lexicons and the bundled head on the in-process MiniLM model; no LLM. */
  public static SafetyClassifier standard() {
    return builder().build();
  }

  /** Layers 1, 2 and 5 only: no embedding model, no LLM (the fastest, the least recall). */
  public static SafetyClassifier lexiconOnly() {
    return builder().withoutHead().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** {@link #classify(String, List, String)} for an {@code en-US} user. */
  public Verdict classify(String message, List<Message> history) {
    return classify(message, history, "en-US");
  }

  /**
   * The verdict on {@code message}, the last user message, after {@code history} (earlier
   * messages, oldest first; only the last six are read). {@code locale} (e.g. {@code de-DE})
   * is the user's: its language is assumed when a message gives no clue of its own.
   */
  public Verdict classify(String message, List<Message> history, String locale) {
    message = References.strip(message);
    history = References.strip(history);
    String fallback = Languages.ofLocale(locale);
    List<Message> recent = history.subList(Math.max(0, history.size() - 6), history.size());
    Folded folded = Folded.of(message);
    String language = Languages.detect(message, folded, fallback);
    boolean supported = Languages.SUPPORTED.contains(language);
    Reading d = Reading.of(lexicon, message, folded, languagesFor(language));
    Verdict base = new Verdict(RiskClass.NONE, Action.NONE, Layer.POLICY, language, supported, Double.NaN, "");
    if (d.crisis() != null && head != null && embeddings != null) {
      Verdict veto = veto(d, message, folded, recent, language, supported);
      if (veto != null) {
        return widened(veto, message, recent);
      }
    }
    if (d.crisis() != null) {
      return base.with(d.crisis().cls(), Action.CRISIS, d.crisis().kind() == Lexicon.Kind.OVERRIDE ? Layer.OVERRIDE : Layer.LEXICON,
          d.crisis().phrase());
    }
    RiskClass earlier = earlierCrisis(recent, fallback);
    // a reply that leans on what came before ("tonight", "yes I have them") is read with it; a new, self-contained
    // sentence ("I keep picking partners who don't respect me") is read on its own, whatever came before
    boolean elliptical = Features.elliptical(folded.tokens());
    // a bare "yes", "tonight", "ok" answers the user's last message, so it is a crisis only when that message was one:
    // after "I'm safe now" and "can I book an appointment?" an "ok" no longer answers the crisis three turns back
    RiskClass answered = earlier == null ? null : crisisOf(previousUserMessage(recent), fallback);
    if (answered != null && isFollowUp(folded)) {
      return base.with(answered, Action.CRISIS, Layer.CONTEXT, "follow-up to an earlier " + answered.wireName());
    }
    // a bare goodbye right after the user's own crisis is a farewell, a warning sign: the resources again, not silence
    // ("i want to kill myself" — "Are you safe right now?" — "bye" was none; round fifteen)
    if (answered != null && Features.saysGoodbye(message)) {
      return base.with(RiskClass.WARNING_SIGNS, Action.CRISIS, Layer.CONTEXT, "a goodbye after " + answered.wireName());
    }
    // a reply inside an emergency the assistant raised for the user ("Bitte ruf jetzt sofort die 112 an – das ist ein
    // Notfall …" — "ok aber ich kann kaum noch tippen"): part of that emergency unless it says help is there or only no
    // (round eighteen: the head read such replies on their own, at 0.15 to 0.18)
    if (Alarm.raised(recent) && Alarm.carriedOn(message, folded)) {
      return base.with(answered != null ? answered : RiskClass.ATTEMPT_IN_PROGRESS, Action.CRISIS, Layer.CONTEXT,
          "a reply in the emergency the assistant raised");
    }
    // a bare yes to the assistant's question about risk ("still do" after "do you still have the pills?"), or a when
    // or a how often ("every night this week" after "how often do you think about ending your life?")
    boolean yes = AnsweredQuestion.affirms(folded);
    boolean opensWithYes = !yes && AnsweredQuestion.opensWithYes(folded);
    String question = yes || opensWithYes || AnsweredQuestion.tellsWhen(folded) ? AnsweredQuestion.questionAsked(recent) : null;
    RiskClass asked = riskAsked(question, fallback);
    if (asked != null) {
      return base.with(asked, Action.CRISIS, Layer.CONTEXT, (yes ? "yes" : opensWithYes ? "a yes and more" : "a when")
          + " to a question about " + asked.wireName());
    }
    // a bare yes or a when to the assistant's question right after the user's own crisis ("je veux me tuer" — "Est-ce
    // que tu as pensé à quand ?" — "ce soir"; "i've been saving my meds up" — "How long?" — "since march"): the
    // question asks about that crisis whatever its own words (round fourteen)
    if (question != null && answered != null && questionFollowsTheUser(recent)) {
      return base.with(answered, Action.CRISIS, Layer.CONTEXT, (yes ? "yes" : opensWithYes ? "a yes and more" : "a when")
          + " to a question after " + answered.wireName());
    }
    // a bare cue of concern ("how do I deal with stress at work?", "what should I say to my landlord"): a question, with
    // no word of risk in the message, is not yet concern for someone else; with a head, the head decides whether it is
    boolean bareCue = head != null && embeddings != null && d.mask() != null && ConcernCue.is(d.mask()) && d.questionsOnly()
        && !d.riskWords();
    Lexicon.Hit mask = bareCue ? null : d.mask();
    Verdict v = mask != null
        ? base.with(mask.cls(), Policy.action(mask.cls(), supported), Layer.LEXICON, mask.phrase())
        : base.with(RiskClass.NONE, Policy.action(RiskClass.NONE, supported), Layer.POLICY,
            supported ? "" : "a language the classifier cannot read: " + language);
    double score = Double.NaN;
    // a reply that only acknowledges ("ok", "that makes sense", "alles klar") claims nothing for the head to read
    // nor does a bare goodbye ("bye", "tschüss") when nothing before it was a crisis and the assistant did not ask about
    // risk: read after "Stimmt das alles noch?" the head scored "bye" 0.79 as a farewell (round fifteen, OpenCouch)
    // nor a bare goodnight, even as the first message: alone the head scored "goodnight" 0.63 and "night all" 0.73
    // (round seventeen, OpenCouch's routing eval)
    // nor does a bare question about a booking ("when is it?", "c'est à quelle heure ?"): read on its own the head
    // scored "when is it?" 0.47 to 0.51, a plan's when (round seventeen); after a question about risk it is still read
    // nor a bare yes to a booking's cancellation or move ("yes cancel it": 0.38 with round eighteen's corpus)
    boolean acknowledgement = earlier == null && supported && d.mask() == null && (Features.acknowledges(message)
        || (Features.saysGoodbye(message) && (!recent.isEmpty() || Features.saysGoodnight(message))
            || Features.asksAboutArrangement(message) || Features.confirmsArrangement(message))
        && riskAsked(AnsweredQuestion.questionAsked(recent), fallback) == null);
    if (head != null && embeddings != null && !acknowledgement) {
      // after a crisis in the history the bar is already lower: the reply is not read with it ("thanks for listening")
      // a work asked about whose quoted words the lexicons masked ("Im Refrain singt sie „…“, kennt jemand den Titel?"):
      // the head reads the question without the quotes, which it had read at p 0.84 (round eighteen)
      String read = d.askedWork() ? Spans.unquoted(message) : message;
      Scored s = score(read, read == message ? folded : Folded.of(read), earlier == null ? recent : List.of(), fallback);
      score = s.crisis;
      v = new Verdict(v.label(), v.action(), v.layer(), language, supported, score, v.evidence());
      // after a crisis in the history the head needs less; after a negated crisis phrase ("I would never
      // kill myself, I just ...") it needs more, since the negated words alone pull the embedding towards crisis
      // a no to the assistant's question about risk ("nah, not since the new meds") is read like a negated phrase: the
      // head still hears the risk words the reply denies (round thirteen)
      String asking = AnsweredQuestion.denies(folded) ? AnsweredQuestion.asking(recent) : null;
      boolean denied = riskAsked(asking, fallback) != null;
      // a someone-else owned up to as the writer ("asking for a friend … the friend is me", "und mit jemand mein ich
      // mich") is the writer's own disguised question: the head needs as little as after a crisis, and no class of its
      // own to agree (round eighteen: "how many of my grandma's oxys would it take? the friend is me" was read at 0.38)
      boolean confessed = d.confessed() && mask == null;
      double threshold = (earlier != null && elliptical && !denied) || confessed ? crisisThreshold / 2
          : d.negated() || denied ? Math.max(crisisThreshold, NEGATED_THRESHOLD) : crisisThreshold;
      // a masked message (idiom, someone else) needs the head to name a crisis class itself
      // a laugh the head reads as an idiom is no crisis ("if they lose again I'm jumping off the stand 😂")
      boolean joke = d.jokeCue() && s.label == RiskClass.FIGURATIVE;
      boolean headCrisis = !joke && (mask == null
          ? score >= threshold && (s.label.crisis() || confessed || score >= threshold + AGREEMENT_MARGIN)
          : s.label.crisis() && score >= Math.max(threshold, maskedThreshold));
      if (headCrisis) {
        return v.with(s.topCrisis, Action.CRISIS, Layer.EMBEDDING, String.format(Locale.ROOT, "p(crisis)=%.2f", score));
      }
      // concern for someone else, in any language: the third-party path has the resources a check-in has
      if (mask == null && s.label == RiskClass.THIRD_PARTY_CONCERN
          && s.probabilities[s.label.ordinal()] >= (supported ? THIRD_PARTY_VETO : 0.5)) {
        v = v.with(RiskClass.THIRD_PARTY_CONCERN, Action.THIRD_PARTY, Layer.EMBEDDING, "third party");
      } else if (mask == null && v.action() == Action.NONE && score >= bandFloor(threshold)
          && (s.label.crisis() || (checkInOnDisagreement && score >= threshold))) {
        // uncertain: the crisis regression not sure enough for the crisis branch, the class regression ranking a
        // crisis class first — too close to a crisis to carry on without asking
        v = v.with(v.label(), Action.CHECK_IN, Layer.EMBEDDING, String.format(Locale.ROOT, "uncertain: p(crisis)=%.2f", score));
      }
    }
    boolean confidentlyLow = supported && mask == null && !d.negated() && earlier == null
        && (Double.isNaN(score) ? false : score < lowRiskThreshold);
    return confidentlyLow ? v : widened(v, message, recent);
  }

  /**
   * Where the check-in band starts under the head's bar {@code threshold}: it keeps its width below a raised bar, so
   * after a negated phrase ("I would never kill myself, but this year has been brutal": bar 0.8) it starts 0.2 higher
   * (round ten); a lowered bar (an elliptical reply after a crisis) does not lower it.
   */
  private double bandFloor(double threshold) {
    return checkInThreshold + Math.max(0, threshold - crisisThreshold);
  }

  /**
   * The head's say over a lexicon phrase, or null: when it is sure the message is concern for someone else
   * ("my mum keeps saying she wishes she'd never wake up"), or the message also has a cue of concern for someone
   * else and the head ranks that class first, the third-party path (resources, never silence); over an override
   * only in the second case ("he texted 'I took all my pills', what do I do?": the first person is quoted). (An
   * idiom the head was sure of also overruled a phrase once: it took "I'm going to kill my boss tomorrow" off the
   * crisis branch, so the head never removes a crisis.)
   */
  private Verdict veto(Reading d, String message, Folded folded, List<Message> recent, String language,
                       boolean supported) {
    boolean override = d.crisis().kind() == Lexicon.Kind.OVERRIDE;
    if (override && !d.thirdPartyCue() && !d.jokeCue()) {
      return null;
    }
    Scored s = score(message, folded, recent, language);
    if (d.jokeCue() && s.label == RiskClass.FIGURATIVE) {
      // a joke marker and the head's own reading as an idiom ("kms lol I just walked into a glass door")
      return new Verdict(RiskClass.FIGURATIVE, Policy.action(RiskClass.FIGURATIVE, supported), Layer.EMBEDDING, language,
          supported, s.crisis, String.format(Locale.ROOT, "joke over '%s'", d.crisis().phrase()));
    }
    if (override && !d.thirdPartyCue()) {
      return null;
    }
    double thirdParty = s.probabilities[RiskClass.THIRD_PARTY_CONCERN.ordinal()];
    if (!d.ownHarm() && (d.thirdPartyCue() ? s.label == RiskClass.THIRD_PARTY_CONCERN : thirdParty >= THIRD_PARTY_VETO)) {
      return new Verdict(RiskClass.THIRD_PARTY_CONCERN, Policy.action(RiskClass.THIRD_PARTY_CONCERN, supported),
          Layer.EMBEDDING, language, supported, s.crisis,
          String.format(Locale.ROOT, "third party over '%s'", d.crisis().phrase()));
    }
    return null;
  }

  /** {@code v}, widened by the judge when there is one: it can add a crisis or a third-party concern, never remove. */
  private Verdict widened(Verdict v, String message, List<Message> recent) {
    if (judge == null) {
      return v;
    }
    try {
      RiskClass j = judge.judge(message, recent);
      if (j.crisis()) {
        return v.with(j, Action.CRISIS, Layer.JUDGE, "judge");
      }
      if (j == RiskClass.THIRD_PARTY_CONCERN && v.action() != Action.THIRD_PARTY) {
        return v.with(j, Action.THIRD_PARTY, Layer.JUDGE, "judge");
      }
      return v;
    } catch (Exception e) {
      return v; // the judge only widens: a failing judge leaves the deterministic verdict
    }
  }

  /** The lexicons read for a message in {@code language}: its own and English (code-switching), or all for another language. */
  private Set<String> languagesFor(String language) {
    return Languages.SUPPORTED.contains(language) ? new LinkedHashSet<>(List.of(language, "en")) : lexicon.languages();
  }

  /** The class of the latest earlier user message the deterministic layers call a crisis, or null. */
  private RiskClass earlierCrisis(List<Message> recent, String fallback) {
    for (int i = recent.size() - 1; i >= 0; i--) {
      if (recent.get(i) instanceof Message.Human h && crisisOf(h.text(), fallback) instanceof RiskClass c) {
        return c;
      }
    }
    return null;
  }

  /** The crisis class the deterministic layers give {@code text}, or null (also for a null text). */
  private RiskClass crisisOf(String text, String fallback) {
    if (text == null) {
      return null;
    }
    Folded f = Folded.of(text);
    Reading d = Reading.of(lexicon, text, f, languagesFor(Languages.detect(text, f, fallback)));
    return d.crisis() == null ? null : d.crisis().cls();
  }

  /**
   * The crisis class the assistant's {@code question} asks about, turned into the user's words ("are you safe right
   * now?", "do you still have the pills?"), or null: none, or no question.
   */
  private RiskClass riskAsked(String question, String fallback) {
    return question == null ? null : crisisOf(AnsweredQuestion.inOwnWordsDetected(question, fallback), fallback);
  }

  private static boolean isFollowUp(Folded f) {
    if (f.tokens().isEmpty() || f.tokens().size() > 5) {
      return false;
    }
    for (String t : f.tokens()) {
      if (!FOLLOW_UPS.contains(t)) {
        return false;
      }
    }
    return true;
  }

  private record Scored(double crisis, RiskClass label, RiskClass topCrisis, double[] probabilities) {
  }

  /** The head on the whole message and on each window of two sentences; the most alarming wins. */
  private Scored score(String message, Folded folded, List<Message> recent, String fallback) {
    List<String> texts = new ArrayList<>();
    // a short reply means what it answers ("tonight." after "I have decided", "the ones in the drawer" after "what
    // would you use?"): read after the assistant's question or the user's previous message (ReplyContext)
    texts.add(message);
    String inContext = ownQuestion(message, recent, fallback) ? null : ReplyContext.read(message, recent, fallback);
    if (inContext != null) {
      texts.add(inContext);
    }
    List<String> sentences = new ArrayList<>();
    for (String s : Spans.SENTENCES.split(message.strip())) {
      if (!s.isBlank()) {
        sentences.add(s.strip());
      }
    }
    if (sentences.size() > 2) {
      for (int i = 0; i + 1 < sentences.size() && texts.size() < 9; i++) {
        texts.add(sentences.get(i) + " " + sentences.get(i + 1));
      }
    }
    List<float[]> vectors = embeddings.embed(texts);
    Scored best = null;
    for (int i = 0; i < texts.size(); i++) {
      Features v = Features.of(texts.get(i), vectors.get(i));
      double[] p = head.probabilities(v);
      double crisis = head.crisisProbability(v);

      if (best == null || crisis > best.crisis) {
        best = new Scored(crisis, argmax(p, false), argmax(p, true), p);
      }
    }
    return best;
  }

  /**
   * Whether {@code message} is a question of the user's own after an everyday question of the assistant ("und wie
   * hieß ich nochmal?" after "does that fit what you've noticed?"): it asks something new rather than answering, so it
   * is read on its own, not after that question (read after it, such questions had taken the head to a crisis). A
   * question after the assistant's question about risk is still read after it ("how would I even do it?" after "are
   * you thinking of ending your life?").
   */
  private boolean ownQuestion(String message, List<Message> recent, String fallback) {
    String question = AnsweredQuestion.question(recent);
    return question != null && message.strip().endsWith("?") && riskAsked(question, fallback) == null;
  }

  /** Whether the assistant's last message (the question) answers the user's message right before it. */
  private static boolean questionFollowsTheUser(List<Message> recent) {
    return recent.size() >= 2 && recent.get(recent.size() - 2) instanceof Message.Human;
  }

  /** The text of the latest user message of {@code recent}, or null. */
  static String previousUserMessage(List<Message> recent) {
    for (int i = recent.size() - 1; i >= 0; i--) {
      if (recent.get(i) instanceof Message.Human h) {
        return h.text();
      }
    }
    return null;
  }

  private static RiskClass argmax(double[] p, boolean crisisOnly) {
    RiskClass best = null;
    for (RiskClass c : RiskClass.values()) {
      if ((!crisisOnly || c.crisis()) && (best == null || p[c.ordinal()] > p[best.ordinal()])) {
        best = c;
      }
    }
    return best;
  }

  /** Configures a {@link SafetyClassifier}; not thread-safe. */
  public static final class Builder {
    private Embeddings embeddings;
    private EmbeddingHead head;
    private ChatModel judge;
    private boolean noHead;
    private double crisisThreshold = DEFAULT_CRISIS_THRESHOLD;
    private double checkInThreshold = DEFAULT_CHECK_IN_THRESHOLD;
    private double lowRiskThreshold = 0.15;
    private double maskedThreshold = MASKED_THRESHOLD;
    private boolean checkInOnDisagreement;

    private Builder() {
    }

    /** The sentence encoder under the head (default: the in-process MiniLM, {@link MiniLm#embeddings()}). */
    public Builder embeddings(Embeddings e) {
      this.embeddings = e;
      return this;
    }

    /** The head's weights (default: {@link EmbeddingHead#bundled()}); they must fit the encoder. */
    public Builder head(EmbeddingHead h) {
      this.head = h;
      return this;
    }

    /** No embedding layer (layers 1, 2, 4 and 5 only). */
    public Builder withoutHead() {
      this.noHead = true;
      return this;
    }

    /** The LLM judge's model (default none). */
    public Builder judge(ChatModel model) {
      this.judge = model;
      return this;
    }

    /** The head's crisis probability from which a message is a crisis (default {@value #DEFAULT_CRISIS_THRESHOLD}; lower it for recall at the cost of precision, see the README). */
    public Builder crisisThreshold(double t) {
      if (!(t > 0 && t < 1)) {
        throw new IllegalArgumentException("crisisThreshold must be in (0, 1), got " + t);
      }
      this.crisisThreshold = t;
      return this;
    }

    /**
     * From this crisis probability up to the crisis threshold a message with no other signal is a
     * {@link Action#CHECK_IN} (uncertain: ask whether the person is safe) instead of {@link Action#NONE}
     * (default {@value #DEFAULT_CHECK_IN_THRESHOLD}, the measured trade, see the README; 1.0: never).
     */
    public Builder checkInThreshold(double t) {
      if (!(t > 0 && t <= 1)) {
        throw new IllegalArgumentException("checkInThreshold must be in (0, 1], got " + t);
      }
      this.checkInThreshold = t;
      return this;
    }

    /** Below this crisis probability (and with no lexicon signal) the judge is not asked (default 0.15). */
    public Builder lowRiskThreshold(double t) {
      if (!(t >= 0 && t < 1)) {
        throw new IllegalArgumentException("lowRiskThreshold must be in [0, 1), got " + t);
      }
      this.lowRiskThreshold = t;
      return this;
    }

    /** The head's bar over a masked message (default {@value #MASKED_THRESHOLD}); for the tuning tool. */
    Builder maskedThreshold(double t) {
      this.maskedThreshold = t;
      return this;
    }

    /** Whether the crisis regression's crisis the class regression disagrees with is a check-in; for the tuning tool. */
    Builder checkInOnDisagreement(boolean on) {
      this.checkInOnDisagreement = on;
      return this;
    }

    public SafetyClassifier build() {
      if (!noHead) {
        if (embeddings == null) {
          embeddings = MiniLm.embeddings();
        }
        if (head == null) {
          head = EmbeddingHead.bundled();
        }
      } else {
        embeddings = null;
        head = null;
      }
      return new SafetyClassifier(this);
    }
  }
}
