package dev.trellis.checkpoint.jdbc;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A checkpoint's channel versions and versions seen as they are stored: versions within {@code int} range as plain
 * JSON numbers ({@code "count": 12}), larger ones as the serde writes a {@code long} ({@code {"$long": "…"}}). They are
 * read back as numbers whichever form they have ({@code JdbcSaver} takes {@link Number#longValue()}), so checkpoints
 * written either way, before this form or after, read the same. The tagged form of every version was most of a small
 * graph's checkpoint (W9: 60 % of its bytes) and of the time spent serializing it. The maps given to the serde are
 * read-only views over the checkpoint's own (no copy): each entry read gives the stored form of its value.
 */
final class StoredVersions {
  private StoredVersions() {}

  /** {@code versions} with each value that fits an {@code int} as an {@link Integer}. */
  static Map<String, Object> of(Map<String, Long> versions) {
    return new View(versions);
  }

  /** Each node's versions seen, as {@link #of}. */
  static Map<String, Object> seen(Map<String, Map<String, Long>> seen) {
    return new View(seen);
  }

  /** The stored form of a version, or of a node's versions seen. */
  @SuppressWarnings("unchecked")
  private static Object stored(Object v) {
    if (v instanceof Long boxed) {
      long l = boxed;
      return l == (int) l ? (Object) (int) l : boxed;
    }
    if (v instanceof Map<?, ?> m) {
      return new View((Map<String, ?>) m);
    }
    return v;
  }

  /** {@code source} with each value in its stored form. */
  private static final class View extends AbstractMap<String, Object> {
    private final Map<String, ?> source;

    View(Map<String, ?> source) {
      this.source = source;
    }

    @Override
    public int size() {
      return source.size();
    }

    @Override
    public Set<String> keySet() {
      return java.util.Collections.unmodifiableSet(source.keySet());
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public int size() {
          return source.size();
        }

        @Override
        public Iterator<Entry<String, Object>> iterator() {
          Iterator<? extends Entry<String, ?>> it = source.entrySet().iterator();
          return new Iterator<>() {
            @Override
            public boolean hasNext() {
              return it.hasNext();
            }

            @Override
            public Entry<String, Object> next() {
              Entry<String, ?> e = it.next();
              return new SimpleImmutableEntry<>(e.getKey(), stored(e.getValue()));
            }
          };
        }
      };
    }
  }
}
