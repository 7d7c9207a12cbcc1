package dev.trellis.server.wire;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a thread's state as JSON ({@link Json#writePlain}'s text) once a run, reusing the text
 * of a long list's elements written for the same thread before: a run that appends 100 messages
 * to a thread of 10,000 writes 100 messages, then copies the rest. A list is reused when its
 * first elements are the very objects (identity) of the list written last time for that thread
 * and key, as the engine's appended lists are. Kept for the most recent threads, bounded in
 * characters; thread-safe.
 */
public final class StateJson {
  /** Lists shorter than this are written whole. */
  static final int MIN_LENGTH = 64;
  /** Most characters of list text kept, over all threads. */
  static final long MAX_CHARS = 16L << 20;

  /** A list as written: the list, and its text without the closing bracket. */
  private record Written(List<?> list, int size, String open) {}

  private static final Map<String, Written> LAST = new LinkedHashMap<>(16, 0.75f, true);
  private static long chars;

  private StateJson() {}

  /** The JSON text of {@code values}, the state of {@code threadId} (null: no reuse). */
  public static String write(String threadId, Map<String, Object> values) {
    if (threadId == null || values.values().stream().noneMatch(StateJson::reusable)) {
      return Json.writePlain(values);
    }
    StringBuilder out = new StringBuilder("{");
    for (Map.Entry<String, Object> e : values.entrySet()) {
      if (out.length() > 1) {
        out.append(',');
      }
      out.append(Json.write(e.getKey())).append(':');
      if (reusable(e.getValue())) {
        out.append(list(threadId + '\u0000' + e.getKey(), (List<?>) e.getValue())).append(']');
      } else {
        out.append(Json.writePlain(e.getValue()));
      }
    }
    return out.append('}').toString();
  }

  private static boolean reusable(Object v) {
    return v instanceof List<?> l && l.size() >= MIN_LENGTH && !Json.codecHandles(v);
  }

  private static String list(String key, List<?> list) {
    Written before;
    synchronized (LAST) {
      before = LAST.get(key);
    }
    StringBuilder text;
    int from;
    if (before != null && startsWith(list, before)) {
      text = new StringBuilder(before.open().length() + (list.size() - before.size()) * 256).append(before.open());
      from = before.size();
    } else {
      text = new StringBuilder(list.size() * 256).append('[');
      from = 0;
    }
    for (int i = from; i < list.size(); i++) {
      if (i > 0) {
        text.append(',');
      }
      text.append(Json.writePlain(list.get(i)));
    }
    String open = text.toString();
    remember(key, new Written(list, list.size(), open));
    return open;
  }

  private static boolean startsWith(List<?> list, Written before) {
    if (list.size() < before.size()) {
      return false;
    }
    for (int i = 0; i < before.size(); i++) {
      if (list.get(i) != before.list().get(i)) {
        return false;
      }
    }
    return true;
  }

  private static void remember(String key, Written w) {
    synchronized (LAST) {
      Written old = LAST.put(key, w);
      chars += w.open().length() - (old == null ? 0 : old.open().length());
      var it = LAST.entrySet().iterator();
      while (chars > MAX_CHARS && it.hasNext()) {
        Written evicted = it.next().getValue();
        if (evicted == w) {
          break;
        }
        chars -= evicted.open().length();
        it.remove();
      }
    }
  }
}
