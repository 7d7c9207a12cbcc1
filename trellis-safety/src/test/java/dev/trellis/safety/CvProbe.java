package dev.trellis.safety;

import dev.trellis.safety.train.Example;
import java.nio.file.Path;
import java.util.List;

/** A developer's probe (not a test): cross-validated figures at several head thresholds. */
final class CvProbe {
  public static void main(String[] args) {
    List<Example> corpus = Example.readDir(Path.of(args[0]));
    CrossValidation.Cached emb = new CrossValidation.Cached(MiniLm.embeddings());
    for (int i = 1; i < args.length; i++) {
      Figures f = CrossValidation.run(corpus, 5, emb, Double.parseDouble(args[i]));
      f.print("cv threshold " + args[i], System.out);
      if (i == args.length - 1) {
        for (int j = 0; j < corpus.size(); j++) {
          Verdict v = f.verdicts().get(j);
          Example e = corpus.get(j);
          if (v.crisis() != e.crisis()) {
            System.out.printf("%s %s->%s [%s %.2f %s] %s%n", e.crisis() ? "MISS" : "FP  ", e.label().wireName(),
                v.label().wireName(), v.layer().wireName(), v.crisisScore(), v.evidence(), e.text());
          }
        }
      }
    }
  }
}
