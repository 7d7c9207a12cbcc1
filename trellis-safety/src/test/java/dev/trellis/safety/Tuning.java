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
 * {@code -Dclasses=true} per-class tables, and the trainer's {@code -Dsteps -Drate -Dl2 -Dgrams}. The
 * held-out sets of the test resources (set B and later ones) are never read: only
 * {@code EvaluationTest} measures them. Embeddings are cached in {@code target/tuning-embeddings.bin}
 * (MiniLM is deterministic).
 */
final class Tuning {
  private Tuning() {
  }

  public static void main(String[] args) throws Exception {
    Path module = Files.isDirectory(Path.of("corpus")) ? Path.of(".") : Path.of("trellis-safety");
    // the corpus's files; those named by -Dholdout (their stems: -Dholdout=setD) are held out of training and
    // measured as sets; the held-out sets in the test resources (set B, and any later) are never read here
    List<String> holdout = List.of(System.getProperty("holdout", "").split(","));
    List<Example> corpus = new ArrayList<>();
    Map<String, List<Example>> sets = new java.util.LinkedHashMap<>();
    try (var files = Files.list(module.resolve("corpus"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList()) {
        String stem = file.getFileName().toString().replace(".jsonl", "");
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
        Float.parseFloat(System.getProperty("grams", "" + d.gramScale())));
    System.out.println("settings " + s.describe() + ", corpus " + corpus.size() + " messages");
    List<EmbeddingHead> heads = CrossValidation.heads(corpus, 5, emb, s);
    List<float[]> vectors = emb.embed(corpus.stream().map(Example::headText).toList());
    List<Features> features = new ArrayList<>();
    for (int i = 0; i < corpus.size(); i++) {
      features.add(Features.of(corpus.get(i).headText(), vectors.get(i)));
    }
    EmbeddingHead full = Trainer.fit(features, corpus.stream().map(Example::label).toList(), "tuning", s);
    List<Double> checkIns = new ArrayList<>();
    for (String c : System.getProperty("checkin", "1.0").split(",")) {
      checkIns.add(Double.parseDouble(c));
    }
    List<String> errors = List.of(System.getProperty("errors", "").split(","));
    boolean classes = Boolean.getBoolean("classes");
    List<double[]> settings = new ArrayList<>();
    for (String a : args) {
      for (double c : checkIns) {
        settings.add(new double[] {Double.parseDouble(a), c});
      }
    }
    for (int k = 0; k < settings.size(); k++) {
      double t = settings.get(k)[0];
      double c = settings.get(k)[1];
      boolean last = k == settings.size() - 1;
      Figures cv = CrossValidation.run(corpus, heads, emb, t, c);
      line(String.format(Locale.ROOT, "t=%.2f checkin=%.2f cv", t, c), cv);
      report("cv", corpus, cv, last && errors.contains("cv"), last && classes);
      SafetyClassifier classifier = SafetyClassifier.builder().embeddings(emb).head(full).crisisThreshold(t)
          .checkInThreshold(c).build();
      for (Map.Entry<String, List<Example>> set : sets.entrySet()) {
        Figures f = Figures.of(set.getValue(), e -> classifier.classify(e.text(), e.history(), e.locale()));
        line(String.format(Locale.ROOT, "t=%.2f checkin=%.2f %s", t, c, set.getKey()), f);
        report(set.getKey(), set.getValue(), f, last && errors.contains(set.getKey()), last && classes);
      }
    }
    save(emb, cache);
  }

  private static void line(String title, Figures f) {
    System.out.printf(Locale.ROOT, "%-28s recall %.3f precision %.3f | crisis branch only %.3f %.3f%n", title,
        f.crisisRecall(), f.crisisPrecision(), f.strictRecall(), f.strictPrecision());
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
        out.printf(Locale.ROOT, "%s %s %s->%s [%s %s %.2f %s] %s: %s%n", e.crisis() ? "MISS" : "FP  ", e.id(),
            e.label().wireName(), v.label().wireName(), v.action().wireName(), v.layer().wireName(), v.crisisScore(),
            v.evidence(), e.locale(), e.text().replace('\n', ' '));
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
