package dev.trellis.checkpoint.memory;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Strings that recur in every checkpoint of a saver (channel, node and map-key names),
 * numbered from 0 so that a packed checkpoint names them by a one- or two-byte number.
 *
 * <p>Bounded: names longer than {@link #MAX_LENGTH} or beyond {@link #CAPACITY} entries are
 * not numbered (the packer then writes them out), so keys of user data cannot grow it
 * without limit. Thread-safe; a number, once given, always names the same string.
 */
final class Names {
  static final int CAPACITY = 1 << 16;
  static final int MAX_LENGTH = 96;

  private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
  /** Replaced (never written in place past {@link #size}) under the lock; readers see it through {@link #ids}. */
  private volatile String[] names = new String[64];
  private int size;

  /** The number of {@code name}, numbering it if it is new; -1 when it cannot be numbered. */
  int id(String name) {
    Integer id = ids.get(name);
    if (id != null) {
      return id;
    }
    if (name.length() > MAX_LENGTH) {
      return -1;
    }
    synchronized (this) {
      id = ids.get(name);
      if (id != null) {
        return id;
      }
      if (size == CAPACITY) {
        return -1;
      }
      String[] table = names;
      if (size == table.length) {
        table = Arrays.copyOf(table, size * 2);
      }
      table[size] = name;
      names = table;
      ids.put(name, size);
      return size++;
    }
  }

  /** The name numbered {@code id} by {@link #id}. */
  String name(int id) {
    return names[id];
  }
}
