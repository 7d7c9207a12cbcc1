package dev.trellis.safety;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Layer 3's weights: two logistic regressions over a text's {@link Features} (its sentence
 * embedding and its hashed n-grams, the n-gram block scaled by {@code gramScale}) — a
 * multinomial one with a row of weights and a bias per {@link RiskClass} (which class), and a
 * binary one, crisis or not ({@link #crisisProbability}; summing eight class probabilities
 * would carry an eight-to-three prior). Trained from the corpus by
 * {@code dev.trellis.safety.train.TrainHead} (the build runs it; see the module README), read
 * from {@code head.json}. Immutable and thread-safe.
 *
 * @param weights {@code [class][embedding dimension + Features.BUCKETS]}, classes in {@link RiskClass} order
 * @param bias one per class
 * @param crisisWeights {@code [2][embedding dimension + Features.BUCKETS]}: not crisis, crisis
 * @param crisisBias two biases
 * @param dimension the embedding's dimension (the first {@code dimension} weights of a row)
 * @param gramScale the factor on the (unit-norm) n-gram block
 * @param corpusSha256 the corpus and settings the weights were trained on
 */
public record EmbeddingHead(float[][] weights, float[] bias, float[][] crisisWeights, float[] crisisBias, int dimension,
                            float gramScale, String corpusSha256) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public EmbeddingHead {
    if (weights.length != RiskClass.values().length || bias.length != weights.length) {
      throw new IllegalArgumentException("a head has one weight row and one bias per risk class ("
          + RiskClass.values().length + "), got " + weights.length + " rows and " + bias.length + " biases");
    }
    if (crisisWeights.length != 2 || crisisBias.length != 2) {
      throw new IllegalArgumentException("the crisis head has two rows and two biases");
    }
    for (float[][] rows : List.of(weights, crisisWeights)) {
      for (float[] row : rows) {
        if (row.length != dimension + Features.BUCKETS) {
          throw new IllegalArgumentException("a weight row has " + row.length + " weights, not " + dimension + " + "
              + Features.BUCKETS + ": retrain the head");
        }
      }
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
    if (!(m.get("crisis_weights") instanceof List<?>) || m.get("dimension") == null || m.get("gram_scale") == null) {
      throw new IOException("not a head of this version: retrain it");
    }
    return new EmbeddingHead(rows((List<String>) m.get("weights")), floats((String) m.get("bias")),
        rows((List<String>) m.get("crisis_weights")), floats((String) m.get("crisis_bias")),
        ((Number) m.get("dimension")).intValue(), ((Number) m.get("gram_scale")).floatValue(),
        (String) m.get("corpus_sha256"));
  }

  /** The head as JSON ({@code classes, dimension, gram_scale, weights, bias, crisis_weights, crisis_bias, corpus_sha256}; arrays as base64 little-endian float32). */
  public String toJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("classes", Arrays.stream(RiskClass.values()).map(RiskClass::wireName).toList());
    m.put("dimension", dimension);
    m.put("buckets", Features.BUCKETS);
    m.put("gram_scale", gramScale);
    m.put("weights", Arrays.stream(weights).map(EmbeddingHead::base64).toList());
    m.put("bias", base64(bias));
    m.put("crisis_weights", Arrays.stream(crisisWeights).map(EmbeddingHead::base64).toList());
    m.put("crisis_bias", base64(crisisBias));
    m.put("corpus_sha256", corpusSha256 == null ? "" : corpusSha256);
    try {
      return JSON.writeValueAsString(m);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The class probabilities of one text's features, in {@link RiskClass} order. */
  public double[] probabilities(Features f) {
    return softmax(weights, bias, f);
  }

  /** The binary head's probability that one text is a crisis. */
  public double crisisProbability(Features f) {
    return softmax(crisisWeights, crisisBias, f)[1];
  }

  private double[] softmax(float[][] w, float[] b, Features f) {
    if (f.embedding().length != dimension) {
      throw new IllegalArgumentException("the head reads " + dimension + "-dimensional embeddings, got "
          + f.embedding().length);
    }
    double[] z = new double[w.length];
    double max = Double.NEGATIVE_INFINITY;
    double gw = gramScale * f.weight();
    for (int c = 0; c < w.length; c++) {
      float[] row = w[c];
      double s = 0;
      float[] e = f.embedding();
      for (int d = 0; d < dimension; d++) {
        s += row[d] * e[d];
      }
      double g = 0;
      for (int i : f.grams()) {
        g += row[dimension + i];
      }
      z[c] = b[c] + s + gw * g;
      max = Math.max(max, z[c]);
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

  private static String base64(float[] v) {
    ByteBuffer buf = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (float f : v) {
      buf.putFloat(f);
    }
    return Base64.getEncoder().encodeToString(buf.array());
  }

  private static float[] floats(String s) {
    ByteBuffer buf = ByteBuffer.wrap(Base64.getDecoder().decode(s)).order(ByteOrder.LITTLE_ENDIAN);
    float[] v = new float[buf.remaining() / 4];
    for (int i = 0; i < v.length; i++) {
      v[i] = buf.getFloat();
    }
    return v;
  }

  private static float[][] rows(List<String> rows) {
    return rows.stream().map(EmbeddingHead::floats).toArray(float[][]::new);
  }
}
