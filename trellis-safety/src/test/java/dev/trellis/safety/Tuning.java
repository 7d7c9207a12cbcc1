package dev.trellis.safety;

import dev.trellis.safety.train.Example;
import dev.trellis.safety.train.Trainer;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The developer's tuning tool (a program, not a test; the build never runs it): figures of the
 * offline classifier for trainer settings, crisis thresholds and check-in thresholds, over
 * 5-fold cross-validation of the corpus and held-out corpus files, with the errors of the last setting.
 * Run it with {@code trellis-safety/bin/tuning} (see the module README, "Tuning"):
 *
 * <pre>
 * trellis-safety/bin/tuning 0.72 0.6 -Dcheckin=1.0,0.5 -Dholdout=setD -Derrors=cv,setD
 * </pre>
 *
 * Arguments: crisis thresholds. Properties: {@code -Dcheckin=} check-in thresholds (comma
 * separated; default none), {@code -Dholdout=} corpus files (by stem, e.g. {@code setD}) held out of
 * training and measured as sets ({@code -Dholdout=setD} measures what the other files, the other
 * independent writers' sets among them, are worth on a writer never trained on), {@code -Derrors=}
 * {@code cv} and/or held-out stems whose misclassified messages to print at the last setting,
 * {@code -Dclasses=true} per-class tables, {@code -Dmasked=} the head's bars over a masked message (comma separated;
 * default {@value SafetyClassifier#MASKED_THRESHOLD}), {@code -Dcv=false} no cross-validation, {@code -Dexclude=}
 * corpus files (by stem) left out altogether, {@code -Dseparately=true} each
 * held-out file measured by a head trained on everything else (the other held-out files included: what each is worth
 * alone, in one run), {@code -Ddisagree=false,true} whether the crisis regression's crisis the class regression
 * disagrees with is a check-in (held-out files only; round ten), and the trainer's {@code -Dsteps -Drate -Dl2 -Dgrams}. The
 * held-out sets of the test resources (`blind/`, set H and later ones) are never read: only
 * {@code EvaluationTest} measures them. Embeddings are cached in {@code target/tuning-embeddings.bin}
 * (MiniLM is deterministic).
 */
final class Tuning {
  private Tuning() {
  }

  public static void main(String[] args) throws Exception {
    Path module = Files.isDirectory(Path.of("corpus")) ? Path.of(".") : Path.of("trellis-safety");
    // the corpus's files; those named by -Dholdout (their stems: -Dholdout=setD) are held out of training and
    // measured as sets; the held-out sets in the test resources (blind/: set H, and any later) are never read here
    List<String> holdout = List.of(System.getProperty("holdout", "").split(","));
    // -Dexclude: corpus files (by stem) left out altogether, so that a run after a file was added can be paired with
    // one before it (round fifteen: set Y5 arrived between the two leave-one-writer-out runs)
    List<String> exclude = List.of(System.getProperty("exclude", "").split(","));
    List<Example> corpus = new ArrayList<>();
    Map<String, List<Example>> sets = new java.util.LinkedHashMap<>();
    try (var files = Files.list(module.resolve("corpus"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList()) {
        String stem = file.getFileName().toString().replace(".jsonl", "");
        if (exclude.contains(stem)) {
          continue;
        }
        if (holdout.contains(stem)) {
          sets.put(stem, Example.read(file));
        } else {
          corpus.addAll(Example.read(file));
        }
      }
    }
    CrossValidation.Cached emb = new CrossValidation.Cached(MiniLm.embeddings());
    Path cache = module.resolve("target/tuning-embeddings.bin");
    load(emb, cache);
    Trainer.Settings d = Trainer.Settings.DEFAULT;
    Trainer.Settings s = new Trainer.Settings(Integer.getInteger("steps", d.steps()),
        Double.parseDouble(System.getProperty("rate", "" + d.rate())),
        Double.parseDouble(System.getProperty("l2", "" + d.l2())),
        Float.parseFloat(System.getProperty("grams", "" + d.gramScale())),
        Double.parseDouble(System.getProperty("crisisweight", "" + d.crisisWeight())));
    System.out.println("settings " + s.describe() + ", corpus " + corpus.size() + " messages");
    boolean cvWanted = !"false".equals(System.getProperty("cv"));
    List<EmbeddingHead> heads = cvWanted ? CrossValidation.heads(corpus, 5, emb, s) : List.of();
    EmbeddingHead full = fit(corpus, emb, s);
    // -Dseparately=true: each held-out file against a head trained on all the rest (the other held-out files too)
    Map<String, EmbeddingHead> headFor = new java.util.HashMap<>();
    if (Boolean.getBoolean("separately")) {
      for (String stem : sets.keySet()) {
        List<Example> rest = new ArrayList<>(corpus);
        sets.forEach((other, examples) -> {
          if (!other.equals(stem)) {
            rest.addAll(examples);
          }
        });
        headFor.put(stem, fit(rest, emb, s));
      }
    }
    List<Double> checkIns = new ArrayList<>();
    for (String c : System.getProperty("checkin", "1.0").split(",")) {
      checkIns.add(Double.parseDouble(c));
    }
    List<String> errors = List.of(System.getProperty("errors", "").split(","));
    boolean classes = Boolean.getBoolean("classes");
    List<double[]> settings = new ArrayList<>();
    for (String a : args) {
      for (double c : checkIns) {
        for (String m : System.getProperty("masked", "" + SafetyClassifier.MASKED_THRESHOLD).split(",")) {
          for (String g : System.getProperty("disagree", "false").split(",")) {
            settings.add(new double[] {Double.parseDouble(a), c, Double.parseDouble(m), Boolean.parseBoolean(g) ? 1 : 0});
          }
        }
      }
    }
    for (int k = 0; k < settings.size(); k++) {
      double t = settings.get(k)[0];
      double c = settings.get(k)[1];
      double masked = settings.get(k)[2];
      boolean disagree = settings.get(k)[3] > 0;
      boolean last = k == settings.size() - 1;
      List<Figures> perSet = new ArrayList<>();
      if (cvWanted) {
        Figures cv = CrossValidation.run(corpus, heads, emb, t, c, masked);
        line(String.format(Locale.ROOT, "t=%.2f checkin=%.2f masked=%.2f cv", t, c, masked), cv);
        report("cv", corpus, cv, last && errors.contains("cv"), last && classes);
      }
      for (Map.Entry<String, List<Example>> set : sets.entrySet()) {
        SafetyClassifier classifier = SafetyClassifier.builder().embeddings(emb)
            .head(headFor.getOrDefault(set.getKey(), full)).crisisThreshold(t).checkInThreshold(c).maskedThreshold(masked)
            .checkInOnDisagreement(disagree).build();
        Figures f = Figures.of(set.getValue(), e -> classifier.classify(e.text(), e.history(), e.locale()));
        line(String.format(Locale.ROOT, "t=%.2f checkin=%.2f masked=%.2f disagree=%b %s", t, c, masked, disagree, set.getKey()), f);
        report(set.getKey(), set.getValue(), f, last && errors.contains(set.getKey()), last && classes);
        perSet.add(f);
      }
      if (perSet.size() > 1) {
        summary(String.format(Locale.ROOT, "t=%.2f checkin=%.2f masked=%.2f disagree=%b", t, c, masked, disagree), List.copyOf(sets.keySet()),
            perSet);
      }
    }
    save(emb, cache);
  }

  private static EmbeddingHead fit(List<Example> examples, CrossValidation.Cached emb, Trainer.Settings s) {
    List<float[]> vectors = emb.embed(examples.stream().map(Example::headText).toList());
    List<Features> features = new ArrayList<>();
    for (int i = 0; i < examples.size(); i++) {
      features.add(Features.of(examples.get(i).headText(), vectors.get(i)));
    }
    return Trainer.fit(features, examples.stream().map(Example::label).toList(), "tuning", s);
  }

  private static void line(String title, Figures f) {
    Figures r = f.readable();
    System.out.printf(Locale.ROOT, "%-28s recall %.3f precision %.3f | crisis branch only %.3f %.3f | en/de/fr %.3f %.3f%n",
        title, f.crisisRecall(), f.crisisPrecision(), f.strictRecall(), f.strictPrecision(), r.crisisRecall(),
        r.crisisPrecision());
  }

  /**
   * Several held-out sets at one setting (with {@code -Dseparately=true}: leave one writer out): their pooled figures,
   * the mean and the worst set's, over all messages and over the English, German and French ones.
   */
  private static void summary(String title, List<String> names, List<Figures> perSet) {
    List<Example> examples = new ArrayList<>();
    List<Verdict> verdicts = new ArrayList<>();
    double[] sum = new double[4];
    double[] worst = {1, 1, 1, 1};
    String[] worstName = new String[4];
    for (int i = 0; i < perSet.size(); i++) {
      Figures f = perSet.get(i);
      examples.addAll(f.examples());
      verdicts.addAll(f.verdicts());
      Figures r = f.readable();
      double[] v = {f.crisisRecall(), f.crisisPrecision(), r.crisisRecall(), r.crisisPrecision()};
      for (int j = 0; j < 4; j++) {
        sum[j] += v[j];
        if (v[j] < worst[j] || worstName[j] == null) {
          worst[j] = v[j];
          worstName[j] = names.get(i);
        }
      }
    }
    Figures pooled = new Figures(examples, verdicts);
    Figures r = pooled.readable();
    int n = perSet.size();
    System.out.printf(Locale.ROOT, "%s POOLED recall %.3f precision %.3f en/de/fr %.3f %.3f | MEAN %.3f %.3f en/de/fr %.3f"
        + " %.3f | WORST %.3f (%s) %.3f (%s) en/de/fr %.3f (%s) %.3f (%s)%n", title, pooled.crisisRecall(),
        pooled.crisisPrecision(), r.crisisRecall(), r.crisisPrecision(), sum[0] / n, sum[1] / n, sum[2] / n, sum[3] / n,
        worst[0], worstName[0], worst[1], worstName[1], worst[2], worstName[2], worst[3], worstName[3]);
  }

  private static void report(String name, List<Example> examples, Figures f, boolean errors, boolean classes) {
    if (classes) {
      f.print(name, System.out);
    }
    if (!errors) {
      return;
    }
    PrintStream out = System.out;
    for (int j = 0; j < examples.size(); j++) {
      Verdict v = f.verdicts().get(j);
      Example e = examples.get(j);
      if (Figures.caught(v) != e.crisis()) {
        out.printf(Locale.ROOT, "%s %s %s->%s [%s %s %.2f %s] %s: %s%s%n", e.crisis() ? "MISS" : "FP  ", e.id(),
            e.label().wireName(), v.label().wireName(), v.action().wireName(), v.layer().wireName(), v.crisisScore(),
            v.evidence(), e.locale(), e.text().replace('\n', ' '), e.history().isEmpty() ? ""
                : "  <- after " + (e.history().getLast() instanceof dev.trellis.agent.message.Message.Ai ? "assistant" : "user")
                    + ": " + e.history().getLast().text().replace('\n', ' '));
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static void load(CrossValidation.Cached emb, Path cache) throws IOException, ClassNotFoundException {
    if (Files.exists(cache)) {
      try (ObjectInputStream in = new ObjectInputStream(new BufferedInputStream(Files.newInputStream(cache)))) {
        emb.seen.putAll((HashMap<String, float[]>) in.readObject());
      }
    }
  }

  private static void save(CrossValidation.Cached emb, Path cache) throws IOException {
    Files.createDirectories(cache.getParent());
    try (ObjectOutputStream out = new ObjectOutputStream(new BufferedOutputStream(Files.newOutputStream(cache)))) {
      out.writeObject(new HashMap<>(emb.seen));
    }
  }
}
