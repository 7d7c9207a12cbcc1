package dev.trellis.server.wire;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a thread's state as JSON ({@link Json#writePlain}'s text) once a run, reusing the text
 * of a long list's elements written for the same thread before: a run that appends 100 messages
 * to a thread of 10,000 writes 100 messages, then copies the rest. A list is reused when its
 * first elements are the very objects (identity) of the list written last time for that thread
 * and key, as the engine's appended lists are. What is kept is the state's whole text and where each
 * list's text lies in it, so the text is copied once into the next state's text and once out of it.
 * Kept for the most recent threads, bounded in characters; thread-safe.
 */
public final class StateJson {
  /** Lists shorter than this are written whole. */
  static final int MIN_LENGTH = 64;
  /** Most characters of state text kept, over all threads. */
  static final long MAX_CHARS = 16L << 20;

  /** A list as written: the list, its size, and its text without the closing bracket: {@code text[from, to)}. */
  private record Written(List<?> list, int size, String text, int from, int to) {
    int length() {
      return to - from;
    }

    /** The characters this entry keeps alive (the whole text, counted once per list in it: an upper bound). */
    int kept() {
      return text.length();
    }
  }

  /** A list being written into the state's text, from {@code from} to {@code to}. */
  private record Pending(String key, List<?> list, int from, int to) {}

  private static final Map<String, Written> LAST = new LinkedHashMap<>(16, 0.75f, true);
  private static long chars;

  private StateJson() {}

  /** The JSON text of {@code values}, the state of {@code threadId} (null: no reuse). */
  public static String write(String threadId, Map<String, Object> values) {
    if (threadId == null || values.values().stream().noneMatch(StateJson::reusable)) {
      return Json.writePlain(values);
    }
    // Sized from what the lists took last time: the text is copied once into it, and once out.
    long size = 64;
    for (Map.Entry<String, Object> e : values.entrySet()) {
      if (reusable(e.getValue())) {
        Written before = last(key(threadId, e.getKey()));
        int size0 = before == null ? 0 : before.size();
        size += (before == null ? 0 : before.length()) + 256L * Math.max(0, ((List<?>) e.getValue()).size() - size0);
      } else {
        size += 256;
      }
    }
    StringBuilder out = new StringBuilder((int) Math.min(size, Integer.MAX_VALUE - 16)).append('{');
    List<Pending> lists = new java.util.ArrayList<>();
    for (Map.Entry<String, Object> e : values.entrySet()) {
      if (out.length() > 1) {
        out.append(',');
      }
      out.append(Json.write(e.getKey())).append(':');
      if (reusable(e.getValue())) {
        String key = key(threadId, e.getKey());
        int from = out.length();
        list(out, key, (List<?>) e.getValue());
        lists.add(new Pending(key, (List<?>) e.getValue(), from, out.length()));
        out.append(']');
      } else {
        out.append(Json.writePlain(e.getValue()));
      }
    }
    String text = out.append('}').toString();
    for (Pending p : lists) {
      remember(p.key(), new Written(p.list(), p.list().size(), text, p.from(), p.to()));
    }
    return text;
  }

  private static String key(String threadId, String channel) {
    return threadId + '\u0000' + channel;
  }

  private static Written last(String key) {
    synchronized (LAST) {
      return LAST.get(key);
    }
  }

  private static boolean reusable(Object v) {
    return v instanceof List<?> l && l.size() >= MIN_LENGTH && !Json.codecHandles(v);
  }

  /** Appends the text of {@code list} without its closing bracket, copying what was written last time for {@code key}. */
  private static void list(StringBuilder out, String key, List<?> list) {
    Written before = last(key);
    int from;
    if (before != null && startsWith(list, before)) {
      out.append(before.text(), before.from(), before.to());
      from = before.size();
    } else {
      out.append('[');
      from = 0;
    }
    for (int i = from; i < list.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(Json.writePlain(list.get(i)));
    }
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
      chars += w.kept() - (old == null ? 0 : old.kept());
      var it = LAST.entrySet().iterator();
      while (chars > MAX_CHARS && it.hasNext()) {
        Written evicted = it.next().getValue();
        if (evicted == w) {
          break;
        }
        chars -= evicted.kept();
        it.remove();
      }
    }
  }
}
