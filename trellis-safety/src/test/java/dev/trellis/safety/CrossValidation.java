package dev.trellis.safety;

import dev.trellis.checkpoint.store.Embeddings;
import dev.trellis.safety.train.Example;
import dev.trellis.safety.train.Trainer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * k-fold cross-validation of the whole offline classifier over the corpus: fold {@code i} holds
 * every k-th message (in corpus order, offset {@code i}); the head is trained on the other folds
 * and the classifier (lexicons + that head + policy) predicts the held-out fold. Embeddings are
 * computed once and reused (the encoder is deterministic).
 */
final class CrossValidation {
  private CrossValidation() {
  }

  /** An encoder that remembers what it embedded. */
  static final class Cached implements Embeddings {
    final Map<String, float[]> seen = new HashMap<>();
    private final Embeddings inner;

    Cached(Embeddings inner) {
      this.inner = inner;
    }

    @Override
    public synchronized List<float[]> embed(List<String> texts) {
      List<String> missing = texts.stream().filter(t -> !seen.containsKey(t)).distinct().toList();
      for (int from = 0; from < missing.size(); from += 64) {
        List<String> batch = missing.subList(from, Math.min(missing.size(), from + 64));
        List<float[]> v = inner.embed(batch);
        for (int i = 0; i < batch.size(); i++) {
          seen.put(batch.get(i), v.get(i));
        }
      }
      return texts.stream().map(seen::get).toList();
    }
  }

  /** The heads of the k folds: head {@code i} never saw fold {@code i}. */
  static List<EmbeddingHead> heads(List<Example> corpus, int k, Cached embeddings, Trainer.Settings settings) {
    List<float[]> vectors = embeddings.embed(corpus.stream().map(Example::headText).toList());
    List<Features> features = new ArrayList<>(corpus.size());
    for (int i = 0; i < corpus.size(); i++) {
      features.add(Features.of(corpus.get(i).headText(), vectors.get(i)));
    }
    List<EmbeddingHead> heads = new ArrayList<>();
    for (int fold = 0; fold < k; fold++) {
      List<Features> x = new ArrayList<>();
      List<RiskClass> y = new ArrayList<>();
      for (int i = 0; i < corpus.size(); i++) {
        if (i % k != fold) {
          x.add(features.get(i));
          y.add(corpus.get(i).label());
        }
      }
      heads.add(Trainer.fit(x, y, "fold-" + fold, settings));
    }
    return heads;
  }

  /** Predictions for every example, each made by a classifier whose head never saw it. */
  static Figures run(List<Example> corpus, List<EmbeddingHead> heads, Cached embeddings, double threshold,
                     double checkInThreshold) {
    return run(corpus, heads, embeddings, threshold, checkInThreshold, SafetyClassifier.MASKED_THRESHOLD);
  }

  /** {@link #run(List, List, Cached, double, double)} with the head's bar over a masked message. */
  static Figures run(List<Example> corpus, List<EmbeddingHead> heads, Cached embeddings, double threshold,
                     double checkInThreshold, double maskedThreshold) {
    int k = heads.size();
    List<Verdict> verdicts = new ArrayList<>(corpus.size());
    for (int i = 0; i < corpus.size(); i++) {
      verdicts.add(null);
    }
    for (int fold = 0; fold < k; fold++) {
      SafetyClassifier c = SafetyClassifier.builder().embeddings(embeddings).head(heads.get(fold))
          .crisisThreshold(threshold).checkInThreshold(checkInThreshold).maskedThreshold(maskedThreshold).build();
      for (int i = fold; i < corpus.size(); i += k) {
        Example e = corpus.get(i);
        verdicts.set(i, c.classify(e.text(), e.history(), e.locale()));
      }
    }
    return new Figures(corpus, verdicts);
  }

  /** {@link #run(List, List, Cached, double, double)} with heads trained here with the default settings. */
  static Figures run(List<Example> corpus, int k, Cached embeddings, double threshold, double checkInThreshold) {
    return run(corpus, heads(corpus, k, embeddings, Trainer.Settings.DEFAULT), embeddings, threshold, checkInThreshold);
  }
}
