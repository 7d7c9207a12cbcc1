package dev.trellis.safety;

import dev.trellis.safety.train.Example;
import java.nio.file.Path;
import java.util.List;

/** A developer's probe (not a test): prints the corpus's misclassified messages. Run with -Dtest=CorpusProbe... via main. */
final class CorpusProbe {
  public static void main(String[] args) {
    SafetyClassifier c = args.length > 1 && args[1].equals("lex") ? SafetyClassifier.lexiconOnly() : SafetyClassifier.builder().crisisThreshold(Double.parseDouble(System.getProperty("t", "0.5"))).build();
    List<Example> ex = args[0].endsWith(".jsonl") ? Example.read(Path.of(args[0])) : Example.readDir(Path.of(args[0]));
    Figures f = Figures.of(ex, e -> c.classify(e.text(), e.history(), e.locale()));
    for (int i = 0; i < ex.size(); i++) {
      Verdict v = f.verdicts().get(i);
      Example e = ex.get(i);
      if (Figures.caught(v) != e.crisis() || (args.length > 2 && v.label() != e.label())) {
        System.out.printf("%s %s->%s [%s %s %.2f %s] %s%n", e.crisis() ? "MISS" : "FP  ", e.label().wireName(),
            v.label().wireName(), v.action().wireName(), v.layer().wireName(), v.crisisScore(), v.evidence(), e.text());
      }
    }
    f.print(args[0], System.out);
    java.util.Map<String, Integer> byLayer = new java.util.TreeMap<>();
    for (int i = 0; i < ex.size(); i++) {
      if (ex.get(i).crisis() && f.verdicts().get(i).crisis()) {
        byLayer.merge(f.verdicts().get(i).layer().wireName(), 1, Integer::sum);
      }
    }
    System.out.println("true positives by layer: " + byLayer);
  }
}
