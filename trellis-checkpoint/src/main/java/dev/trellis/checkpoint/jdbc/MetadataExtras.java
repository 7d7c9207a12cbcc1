package dev.trellis.checkpoint.jdbc;

import dev.trellis.checkpoint.CheckpointMetadata;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Checkpoint metadata encoded for one batch of saves, text for text as {@link JdbcSaver#encodeMetadata} writes it.
 * A run's checkpoints share one {@code extra} map (the run's metadata: its ids, the caller's headers), so when that
 * map holds only short scalars under plain keys, it is serialized once per batch and spliced between each
 * checkpoint's {@code source} and {@code step}; any other metadata is encoded whole. Used by one thread at a time.
 */
final class MetadataExtras {
  private Map<String, Object> extra;
  /** {@link #extra} as JSON, or null when it is not flat (encoded whole then). */
  private String json;

  String encode(CheckpointMetadata md, java.util.function.Function<Object, Object> refs) {
    if (!md.writes().isEmpty() || !plainWord(md.source())) {
      return JdbcSaver.encodeMetadata(md, refs);
    }
    if (md.extra() != extra) {
      extra = md.extra();
      json = flat(extra) ? new String(JdbcSaver.TAGS.dump(extra), StandardCharsets.UTF_8) : null;
    }
    if (json == null) {
      return JdbcSaver.encodeMetadata(md, refs);
    }
    return "{\"source\":\"" + md.source() + "\",\"step\":" + md.step() + ",\"extra\":" + json + "}";
  }

  /** Lower-case letters and underscores only: written as they are inside quotes. */
  private static boolean plainWord(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!(c >= 'a' && c <= 'z') && c != '_') {
        return false;
      }
    }
    return true;
  }

  /**
   * Plain string keys and short string, integer or boolean values: what the serde writes the same with or without the
   * save's references (no value a reference could replace: none reaches {@link SharedValues#BIG}, none is a container).
   */
  private static boolean flat(Map<String, Object> m) {
    for (Map.Entry<String, Object> e : m.entrySet()) {
      String k = e.getKey();
      if (!k.isEmpty() && k.charAt(0) == '$') {
        return false;
      }
      Object v = e.getValue();
      if (!(v instanceof Boolean || v instanceof Integer || (v instanceof String s && s.length() < SharedValues.BIG / 8))) {
        return false;
      }
    }
    return true;
  }
}
