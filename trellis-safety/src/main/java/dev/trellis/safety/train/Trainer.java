package dev.trellis.safety.train;

import dev.trellis.safety.EmbeddingHead;
import dev.trellis.safety.Features;
import dev.trellis.safety.RiskClass;
import java.util.List;

/**
 * Fits an {@link EmbeddingHead}: softmax regression on {@link Features} (the normalised
 * sentence embedding and the unit-norm n-gram vector scaled by {@link Settings#gramScale}),
 * full-batch Adam from zero weights for a fixed number of steps, L2-regularised, classes
 * weighted by inverse frequency. Deterministic: the same features in the same order give the
 * same head.
 */
public final class Trainer {
  /**
   * The trainer's settings; changing them changes the shipped head.
   *
   * @param steps full-batch Adam steps
   * @param rate Adam's step size
   * @param l2 L2 strength on the weights (not the biases)
   * @param gramScale the factor on the n-gram block
   * @param crisisWeight the factor on a crisis message's weight (after the inverse-frequency weighting): how much
   *     more a missed crisis costs than a false alarm
   */
  public record Settings(int steps, double rate, double l2, float gramScale, double crisisWeight) {
    /** The settings the shipped head is trained with (chosen by leave-one-writer-out, see the README). */
    public static final Settings DEFAULT = new Settings(200, 0.02, 1e-4, 2.0f, 1.0);

    public Settings {
      if (!(crisisWeight > 0)) {
        throw new IllegalArgumentException("crisisWeight must be positive, got " + crisisWeight);
      }
    }

    /** As recorded in the head's fingerprint. */
    public String describe() {
      return "adam;steps=" + steps + ";rate=" + rate + ";l2=" + l2 + ";grams=" + gramScale + ";buckets="
          + Features.BUCKETS + ";mingrams=" + Features.MIN_GRAMS + (crisisWeight == 1.0 ? "" : ";crisis=" + crisisWeight);
    }
  }

  private Trainer() {
  }

  /** {@link #fit(List, List, String, Settings)} with {@link Settings#DEFAULT}. */
  public static EmbeddingHead fit(List<Features> features, List<RiskClass> labels, String corpusSha256) {
    return fit(features, labels, corpusSha256, Settings.DEFAULT);
  }

  /** The head fitted to {@code features} labelled {@code labels}: the class regression and the crisis one. */
  public static EmbeddingHead fit(List<Features> features, List<RiskClass> labels, String corpusSha256, Settings s) {
    int[] classes = labels.stream().mapToInt(Enum::ordinal).toArray();
    int[] crisis = labels.stream().mapToInt(c -> c.crisis() ? 1 : 0).toArray();
    int dim = features.get(0).embedding().length;
    double[] classCost = new double[RiskClass.values().length];
    for (RiskClass c : RiskClass.values()) {
      classCost[c.ordinal()] = c.crisis() ? s.crisisWeight() : 1.0;
    }
    float[][] cw = new float[RiskClass.values().length][];
    float[] cb = new float[RiskClass.values().length];
    fit(features, classes, classCost, dim, s, cw, cb);
    float[][] bw = new float[2][];
    float[] bb = new float[2];
    fit(features, crisis, new double[] {1.0, s.crisisWeight()}, dim, s, bw, bb);
    return new EmbeddingHead(cw, cb, bw, bb, dim, s.gramScale(), corpusSha256);
  }

  /** Softmax regression of {@code y} (in {@code [0, wOut.length)}) on {@code features} (class {@code c}'s examples weighted {@code cost[c]} on top of inverse frequency), written into {@code wOut} and {@code bOut}. */
  private static void fit(List<Features> features, int[] y, double[] cost, int dim, Settings s, float[][] wOut,
                          float[] bOut) {
    int k = wOut.length;
    int n = features.size();
    int width = dim + Features.BUCKETS;
    double[] count = new double[k];
    for (int c : y) {
      count[c]++;
    }
    double[] classWeight = new double[k];
    double total = 0;
    for (int c = 0; c < k; c++) {
      classWeight[c] = count[c] == 0 ? 0 : cost[c] * n / (k * count[c]);
      total += classWeight[c] * count[c];
    }
    double[][] w = new double[k][width];
    double[] b = new double[k];
    double[][] m = new double[k][width];
    double[][] v = new double[k][width];
    double[] mb = new double[k];
    double[] vb = new double[k];
    double[][] gw = new double[k][width];
    double[] gb = new double[k];
    double[] p = new double[k];
    final double beta1 = 0.9;
    final double beta2 = 0.999;
    for (int step = 1; step <= s.steps(); step++) {
      for (double[] row : gw) {
        java.util.Arrays.fill(row, 0);
      }
      java.util.Arrays.fill(gb, 0);
      for (int i = 0; i < n; i++) {
        Features f = features.get(i);
        float[] e = f.embedding();
        int[] grams = f.grams();
        double gv = s.gramScale() * f.weight();
        double max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < k; c++) {
          double[] row = w[c];
          double z = b[c];
          for (int j = 0; j < dim; j++) {
            z += row[j] * e[j];
          }
          double g = 0;
          for (int j : grams) {
            g += row[dim + j];
          }
          p[c] = z + gv * g;
          max = Math.max(max, p[c]);
        }
        double sum = 0;
        for (int c = 0; c < k; c++) {
          p[c] = Math.exp(p[c] - max);
          sum += p[c];
        }
        double cw = classWeight[y[i]] / total;
        for (int c = 0; c < k; c++) {
          double g = cw * (p[c] / sum - (c == y[i] ? 1 : 0));
          gb[c] += g;
          double[] row = gw[c];
          for (int j = 0; j < dim; j++) {
            row[j] += g * e[j];
          }
          double gg = g * gv;
          for (int j : grams) {
            row[dim + j] += gg;
          }
        }
      }
      double c1 = 1 - Math.pow(beta1, step);
      double c2 = 1 - Math.pow(beta2, step);
      for (int c = 0; c < k; c++) {
        double[] row = w[c];
        double[] g = gw[c];
        double[] mr = m[c];
        double[] vr = v[c];
        for (int j = 0; j < width; j++) {
          double grad = g[j] + s.l2() * row[j];
          if (grad == 0) {
            continue; // an n-gram no example has: its weight stays 0
          }
          mr[j] = beta1 * mr[j] + (1 - beta1) * grad;
          vr[j] = beta2 * vr[j] + (1 - beta2) * grad * grad;
          row[j] -= s.rate() * (mr[j] / c1) / (Math.sqrt(vr[j] / c2) + 1e-8);
        }
        mb[c] = beta1 * mb[c] + (1 - beta1) * gb[c];
        vb[c] = beta2 * vb[c] + (1 - beta2) * gb[c] * gb[c];
        b[c] -= s.rate() * (mb[c] / c1) / (Math.sqrt(vb[c] / c2) + 1e-8);
      }
    }
    for (int c = 0; c < k; c++) {
      wOut[c] = new float[width];
      for (int j = 0; j < width; j++) {
        wOut[c][j] = (float) w[c][j];
      }
      bOut[c] = (float) b[c];
    }
  }
}
