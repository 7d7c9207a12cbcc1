package dev.trellis.checkpoint.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Extracts the texts to embed from a value at field paths ({@code a.b}, {@code items[*].text}, {@code $}). */
public final class FieldPaths {
  private FieldPaths() {}

  /** The texts at {@code path} in {@code value} (several for {@code [*]}); none when the path is missing. */
  public static List<String> texts(Map<String, Object> value, String path) {
    List<Object> current = new ArrayList<>();
    current.add(value);
    if (!path.equals("$") && !path.isEmpty()) {
      for (String segment : path.split("\\.")) {
        String name = segment;
        String index = null;
        int bracket = segment.indexOf('[');
        if (bracket >= 0 && segment.endsWith("]")) {
          name = segment.substring(0, bracket);
          index = segment.substring(bracket + 1, segment.length() - 1);
        }
        List<Object> next = new ArrayList<>();
        for (Object o : current) {
          Object v = name.isEmpty() ? o : o instanceof Map<?, ?> m ? m.get(name) : null;
          if (v == null) {
            continue;
          }
          if (index == null) {
            next.add(v);
          } else if (v instanceof List<?> list) {
            if (index.equals("*")) {
              next.addAll(list);
            } else {
              int i = Integer.parseInt(index);
              int at = i < 0 ? list.size() + i : i;
              if (at >= 0 && at < list.size()) {
                next.add(list.get(at));
              }
            }
          }
        }
        current = next;
      }
    }
    List<String> out = new ArrayList<>();
    for (Object o : current) {
      if (o instanceof String s) {
        out.add(s);
      } else if (o instanceof Map<?, ?> || o instanceof Collection<?>) {
        out.add(String.valueOf(o));
      } else if (o != null) {
        out.add(String.valueOf(o));
      }
    }
    return out;
  }

  /** Cosine similarity of two vectors of one length. */
  public static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
  }
}
