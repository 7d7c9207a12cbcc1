package dev.trellis.checkpoint.jdbc;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A checkpoint's channel versions and versions seen as they are stored: versions within {@code int} range as plain
 * JSON numbers ({@code "count": 12}), larger ones as the serde writes a {@code long} ({@code {"$long": "…"}}). They are
 * read back as numbers whichever form they have ({@code JdbcSaver} takes {@link Number#longValue()}), so checkpoints
 * written either way, before this form or after, read the same. The tagged form of every version was most of a small
 * graph's checkpoint (W9: 60 % of its bytes) and of the time spent serializing it.
 */
final class StoredVersions {
  private StoredVersions() {}

  /** {@code versions} with each value that fits an {@code int} as an {@link Integer}. */
  static Map<String, Object> of(Map<String, Long> versions) {
    Map<String, Object> out = LinkedHashMap.newLinkedHashMap(versions.size());
    for (Map.Entry<String, Long> e : versions.entrySet()) {
      out.put(e.getKey(), plain(e.getValue()));
    }
    return out;
  }

  /** Each node's versions seen, as {@link #of}. */
  static Map<String, Object> seen(Map<String, Map<String, Long>> seen) {
    Map<String, Object> out = LinkedHashMap.newLinkedHashMap(seen.size());
    for (Map.Entry<String, Map<String, Long>> e : seen.entrySet()) {
      out.put(e.getKey(), of(e.getValue()));
    }
    return out;
  }

  private static Object plain(Long v) {
    if (v == null) {
      return null;
    }
    long l = v;
    return l == (int) l ? (Object) (int) l : v;
  }
}
