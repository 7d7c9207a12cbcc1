package dev.trellis.checkpoint.jdbc;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A checkpoint's channel versions and versions seen as they are stored: versions within {@code int} range as plain
 * JSON numbers ({@code "count": 12}), larger ones as the serde writes a {@code long} ({@code {"$long": "…"}}). They are
 * read back as numbers whichever form they have ({@code JdbcSaver} takes {@link Number#longValue()}), so checkpoints
 * written either way, before this form or after, read the same. The tagged form of every version was most of a small
 * graph's checkpoint (W9: 60 % of its bytes) and of the time spent serializing it.
 *
 * <p>The maps given to the serde are read-only arrays of entries in the source's order: no hash table is built for a
 * map that is only iterated once (W9 wrote 11 checkpoints of up to 13 versions and 11 versions-seen rows a run).
 */
final class StoredVersions {
  private StoredVersions() {}

  /** {@code versions} with each value that fits an {@code int} as an {@link Integer}. */
  static Map<String, Object> of(Map<String, Long> versions) {
    @SuppressWarnings("unchecked")
    Map.Entry<String, Object>[] entries = new Map.Entry[versions.size()];
    int i = 0;
    for (Map.Entry<String, Long> e : versions.entrySet()) {
      entries[i++] = new AbstractMap.SimpleImmutableEntry<>(e.getKey(), plain(e.getValue()));
    }
    return new Entries(entries);
  }

  /** Each node's versions seen, as {@link #of}. */
  static Map<String, Object> seen(Map<String, Map<String, Long>> seen) {
    @SuppressWarnings("unchecked")
    Map.Entry<String, Object>[] entries = new Map.Entry[seen.size()];
    int i = 0;
    for (Map.Entry<String, Map<String, Long>> e : seen.entrySet()) {
      entries[i++] = new AbstractMap.SimpleImmutableEntry<>(e.getKey(), of(e.getValue()));
    }
    return new Entries(entries);
  }

  /** Whether {@code x} is a map made by {@link #of} or {@link #seen}. */
  static boolean is(Object x) {
    return x instanceof Entries;
  }

  private static Object plain(Long v) {
    if (v == null) {
      return null;
    }
    long l = v;
    return l == (int) l ? (Object) (int) l : v;
  }

  /** A read-only map over distinct-keyed entries, iterated in their order (lookups scan; it is written, not queried). */
  private static final class Entries extends AbstractMap<String, Object> {
    private final Map.Entry<String, Object>[] entries;
    private final Set<Map.Entry<String, Object>> set = new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, Object>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < entries.length;
          }

          @Override
          public Map.Entry<String, Object> next() {
            if (next >= entries.length) {
              throw new NoSuchElementException();
            }
            return entries[next++];
          }
        };
      }

      @Override
      public int size() {
        return entries.length;
      }
    };

    Entries(Map.Entry<String, Object>[] entries) {
      this.entries = entries;
    }

    @Override
    public Set<Map.Entry<String, Object>> entrySet() {
      return set;
    }
  }
}
