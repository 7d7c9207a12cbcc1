package dev.trellis.pipeline;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * Content hashes for the skip gates: equal content (maps compared by entries whatever their
 * order, whole numbers whatever their type, as after a JSON round trip) hashes equal.
 */
final class ContentHash {
  private ContentHash() {
  }

  /** SHA-256 of a canonical rendering (map keys sorted at every level), so equal content hashes equal. */
  static String of(Object value) {
    StringBuilder b = new StringBuilder();
    canonical(value, b);
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(b.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void canonical(Object v, StringBuilder b) {
    if (v instanceof Map<?, ?> m) {
      b.append('{');
      Map<String, Object> sorted = new TreeMap<>();
      m.forEach((k, x) -> sorted.put(String.valueOf(k), x));
      sorted.forEach((k, x) -> {
        b.append(k.length()).append(':').append(k).append('=');
        canonical(x, b);
        b.append(';');
      });
      b.append('}');
    } else if (v instanceof java.util.Collection<?> c) {
      b.append('[');
      c.forEach(x -> {
        canonical(x, b);
        b.append(',');
      });
      b.append(']');
    } else if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && !Double.isInfinite(n.doubleValue())) {
      b.append('#').append(n.longValue()); // 3, 3L and 3.0 (a JSON round trip) hash alike
    } else {
      String s = String.valueOf(v);
      b.append(v == null ? "~" : v instanceof String ? "s" : "o").append(s.length()).append(':').append(s);
    }
  }
}
