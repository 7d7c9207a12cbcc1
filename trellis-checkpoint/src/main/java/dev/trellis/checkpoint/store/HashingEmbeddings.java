package dev.trellis.checkpoint.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Feature-hashing embeddings: lower-cased word tokens (and their bigrams) hashed into
 * {@code dims} buckets, L2-normalised. No model, deterministic, and good enough to rank
 * texts sharing words with the query first; plug a real model for meaning beyond words.
 */
public final class HashingEmbeddings implements Embeddings {
  private final int dims;

  public HashingEmbeddings(int dims) {
    if (dims < 8) {
      throw new IllegalArgumentException("dims must be at least 8, got " + dims);
    }
    this.dims = dims;
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (String t : texts) {
      float[] v = new float[dims];
      String[] words = t.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+");
      String prev = null;
      for (String w : words) {
        if (w.isEmpty()) {
          continue;
        }
        add(v, w, 1f);
        if (prev != null) {
          add(v, prev + " " + w, 0.5f);
        }
        prev = w;
      }
      double norm = 0;
      for (float x : v) {
        norm += x * x;
      }
      if (norm > 0) {
        float inv = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < v.length; i++) {
          v[i] *= inv;
        }
      }
      out.add(v);
    }
    return out;
  }

  private void add(float[] v, String token, float weight) {
    int h = token.hashCode() * 0x9E3779B9;
    v[Math.floorMod(h, dims)] += (h & 0x10000) == 0 ? weight : -weight;
  }
}
