package dev.trellis.safety;

import dev.trellis.safety.train.Example;
import dev.trellis.safety.train.Trainer;
import java.io.*;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * A developer's probe (not a test): cross-validated and set-A figures for trainer settings and
 * head thresholds. {@code HeadProbe <corpus dir> <setA.jsonl> <threshold>...}; settings from
 * -Dsteps -Drate -Dl2 -Dgrams; -Derrors=cv|a prints the errors at the last threshold.
 */
final class HeadProbe {
  @SuppressWarnings("unchecked")
  public static void main(String[] args) throws Exception {
    List<Example> corpus = Example.readDir(Path.of(args[0]));
    List<Example> setA = Example.read(Path.of(args[1]));
    CrossValidation.Cached emb = new CrossValidation.Cached(MiniLm.embeddings());
    Path cache = Path.of("/tmp/safety-probe-embeddings.bin");
    if (Files.exists(cache)) {
      try (ObjectInputStream in = new ObjectInputStream(new BufferedInputStream(Files.newInputStream(cache)))) {
        emb.seen.putAll((HashMap<String, float[]>) in.readObject());
      }
    }
    Trainer.Settings d = Trainer.Settings.DEFAULT;
    Trainer.Settings s = new Trainer.Settings(Integer.getInteger("steps", d.steps()),
        Double.parseDouble(System.getProperty("rate", "" + d.rate())), Double.parseDouble(System.getProperty("l2", "" + d.l2())),
        Float.parseFloat(System.getProperty("grams", "" + d.gramScale())));
    System.out.println("settings " + s.describe() + " corpus " + corpus.size());
    long t0 = System.nanoTime();
    List<EmbeddingHead> heads = CrossValidation.heads(corpus, 5, emb, s);
    List<float[]> vectors = emb.embed(corpus.stream().map(Example::text).toList());
    List<Features> features = new ArrayList<>();
    for (int i = 0; i < corpus.size(); i++) {
      features.add(Features.of(corpus.get(i).text(), vectors.get(i)));
    }
    EmbeddingHead full = Trainer.fit(features, corpus.stream().map(Example::label).toList(), "probe", s);
    System.out.printf("trained 6 heads in %.1f s%n", (System.nanoTime() - t0) / 1e9);
    String errors = System.getProperty("errors", "");
    for (int a = 2; a < args.length; a++) {
      double t = Double.parseDouble(args[a]);
      Figures cv = CrossValidation.run(corpus, heads, emb, t);
      SafetyClassifier c = SafetyClassifier.builder().embeddings(emb).head(full).crisisThreshold(t).build();
      Figures fa = Figures.of(setA, e -> c.classify(e.text(), e.history(), e.locale()));
      System.out.printf("t=%.2f  CV recall %.3f precision %.3f (strict %.3f %.3f) | A recall %.3f precision %.3f (strict %.3f %.3f)%n", t,
          cv.crisisRecall(), cv.crisisPrecision(), cv.strictRecall(), cv.strictPrecision(), fa.crisisRecall(), fa.crisisPrecision(), fa.strictRecall(), fa.strictPrecision());
      if (errors.contains("lang")) {
        for (String g : List.of("en", "de", "fr", "xx")) {
          List<Integer> idx = new ArrayList<>();
          for (int j = 0; j < corpus.size(); j++) {
            String l = corpus.get(j).locale().substring(0, 2);
            if (l.equals(g) || (g.equals("xx") && !List.of("en", "de", "fr").contains(l))) {
              idx.add(j);
            }
          }
          Figures sub = new Figures(idx.stream().map(corpus::get).toList(), idx.stream().map(cv.verdicts()::get).toList());
          System.out.printf("   cv %s: n=%d recall %.3f precision %.3f%n", g, idx.size(), sub.crisisRecall(), sub.crisisPrecision());
        }
      }
      if (a == args.length - 1) {
        if (errors.contains("cv")) {
          dump(corpus, cv);
        }
        if (errors.contains("a")) {
          dump(setA, fa);
        }
        if (errors.contains("p")) {
          fa.print("set A", System.out);
        }
      }
    }
    try (ObjectOutputStream out = new ObjectOutputStream(new BufferedOutputStream(Files.newOutputStream(cache)))) {
      out.writeObject(new HashMap<>(emb.seen));
    }
  }

  private static void dump(List<Example> ex, Figures f) {
    for (int j = 0; j < ex.size(); j++) {
      Verdict v = f.verdicts().get(j);
      Example e = ex.get(j);
      if (Figures.caught(v) != e.crisis()) {
        System.out.printf("%s %s->%s [%s %s %.2f %s] %s: %s%n", e.crisis() ? "MISS" : "FP  ", e.label().wireName(),
            v.label().wireName(), v.action().wireName(), v.layer().wireName(), v.crisisScore(), v.evidence(), e.locale(),
            e.text());
      }
    }
  }
}
