package dev.trellis.safety.train;

import dev.trellis.safety.EmbeddingHead;
import dev.trellis.safety.RiskClass;
import java.util.List;

/**
 * Fits an {@link EmbeddingHead}: multinomial logistic regression on L2-normalised embeddings,
 * full-batch gradient descent from zero weights with L2 regularisation and classes weighted
 * by inverse frequency. Deterministic: the same embeddings in the same order give the same head.
 */
public final class Trainer {
  /** Gradient steps, step size and L2 strength; changing them changes the shipped head. */
  public static final int STEPS = 600;
  public static final double RATE = 4.0;
  public static final double L2 = 1e-4;

  private Trainer() {
  }

  /** The head fitted to {@code vectors} labelled {@code labels}. */
  public static EmbeddingHead fit(List<float[]> vectors, List<RiskClass> labels, String corpusSha256) {
    int n = vectors.size();
    int k = RiskClass.values().length;
    int d = vectors.get(0).length;
    double[][] x = new double[n][d];
    for (int i = 0; i < n; i++) {
      float[] v = vectors.get(i);
      double norm = 0;
      for (float f : v) {
        norm += f * f;
      }
      norm = norm == 0 ? 1 : Math.sqrt(norm);
      for (int j = 0; j < d; j++) {
        x[i][j] = v[j] / norm;
      }
    }
    int[] y = labels.stream().mapToInt(Enum::ordinal).toArray();
    double[] count = new double[k];
    for (int c : y) {
      count[c]++;
    }
    double[] classWeight = new double[k];
    for (int c = 0; c < k; c++) {
      classWeight[c] = count[c] == 0 ? 0 : n / (k * count[c]);
    }
    double[][] w = new double[k][d];
    double[] b = new double[k];
    double[] p = new double[k];
    for (int step = 0; step < STEPS; step++) {
      double[][] gw = new double[k][d];
      double[] gb = new double[k];
      double total = 0;
      for (int i = 0; i < n; i++) {
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < k; c++) {
          double s = b[c];
          for (int j = 0; j < d; j++) {
            s += w[c][j] * x[i][j];
          }
          p[c] = s;
          max = Math.max(max, s);
        }
        double sum = 0;
        for (int c = 0; c < k; c++) {
          p[c] = Math.exp(p[c] - max);
          sum += p[c];
        }
        double cw = classWeight[y[i]];
        total += cw;
        for (int c = 0; c < k; c++) {
          double g = cw * (p[c] / sum - (c == y[i] ? 1 : 0));
          gb[c] += g;
          for (int j = 0; j < d; j++) {
            gw[c][j] += g * x[i][j];
          }
        }
      }
      for (int c = 0; c < k; c++) {
        b[c] -= RATE * gb[c] / total;
        for (int j = 0; j < d; j++) {
          w[c][j] -= RATE * (gw[c][j] / total + L2 * w[c][j]);
        }
      }
    }
    return new EmbeddingHead(w, b, corpusSha256);
  }
}
