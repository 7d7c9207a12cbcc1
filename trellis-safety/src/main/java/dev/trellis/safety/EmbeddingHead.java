package dev.trellis.safety;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Layer 3's weights: a multinomial logistic regression over L2-normalised sentence embeddings,
 * one row of weights and a bias per {@link RiskClass}. Trained from the corpus by
 * {@code dev.trellis.safety.train.TrainHead} (the build runs it; see the module README), read
 * from {@code head.json}. Immutable and thread-safe.
 *
 * @param weights {@code [class][dimension]}, classes in {@link RiskClass} order
 * @param bias one per class
 * @param corpusSha256 the corpus the weights were trained on
 */
public record EmbeddingHead(double[][] weights, double[] bias, String corpusSha256) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public EmbeddingHead {
    if (weights.length != RiskClass.values().length || bias.length != weights.length) {
      throw new IllegalArgumentException("a head has one weight row and one bias per risk class ("
          + RiskClass.values().length + "), got " + weights.length + " rows and " + bias.length + " biases");
    }
  }

  /** The head the build trained from the bundled corpus ({@code dev/trellis/safety/head.json}). */
  public static EmbeddingHead bundled() {
    try (InputStream in = EmbeddingHead.class.getResourceAsStream("head.json")) {
      if (in == null) {
        throw new IllegalStateException("dev/trellis/safety/head.json is missing: the build trains it from corpus/ "
            + "(mvn -pl trellis-safety process-classes)");
      }
      return read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads a head written by {@link #toJson()}. */
  @SuppressWarnings("unchecked")
  public static EmbeddingHead read(InputStream in) throws IOException {
    Map<String, Object> m = JSON.readValue(in, Map.class);
    List<List<Number>> w = (List<List<Number>>) m.get("weights");
    List<Number> b = (List<Number>) m.get("bias");
    double[][] weights = new double[w.size()][];
    for (int i = 0; i < w.size(); i++) {
      weights[i] = w.get(i).stream().mapToDouble(Number::doubleValue).toArray();
    }
    return new EmbeddingHead(weights, b.stream().mapToDouble(Number::doubleValue).toArray(),
        (String) m.get("corpus_sha256"));
  }

  /** The head as JSON ({@code classes, weights, bias, corpus_sha256}). */
  public String toJson() {
    try {
      return JSON.writeValueAsString(Map.of("classes", java.util.Arrays.stream(RiskClass.values()).map(RiskClass::wireName)
          .toList(), "weights", weights, "bias", bias, "corpus_sha256", corpusSha256 == null ? "" : corpusSha256));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The class probabilities of one embedding (normalised here), in {@link RiskClass} order. */
  public double[] probabilities(float[] embedding) {
    double norm = 0;
    for (float v : embedding) {
      norm += v * v;
    }
    norm = norm == 0 ? 1 : Math.sqrt(norm);
    double[] z = new double[weights.length];
    double max = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < weights.length; c++) {
      double s = bias[c];
      double[] w = weights[c];
      for (int d = 0; d < w.length; d++) {
        s += w[d] * embedding[d] / norm;
      }
      z[c] = s;
      max = Math.max(max, s);
    }
    double sum = 0;
    for (int c = 0; c < z.length; c++) {
      z[c] = Math.exp(z[c] - max);
      sum += z[c];
    }
    for (int c = 0; c < z.length; c++) {
      z[c] /= sum;
    }
    return z;
  }

  /** The summed probability of the crisis classes. */
  public static double crisisProbability(double[] probabilities) {
    double p = 0;
    for (RiskClass c : RiskClass.values()) {
      if (c.crisis()) {
        p += probabilities[c.ordinal()];
      }
    }
    return p;
  }
}
