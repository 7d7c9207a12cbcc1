package dev.trellis.checkpoint.memory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the compact form {@link InMemorySaver} keeps checkpoints in: varints, names by
 * their {@link Names} number, and small values (nulls, booleans, ints, longs, doubles,
 * strings, and the JDK's lists and string-keyed maps of these) copied in as bytes. Anything
 * else, and any value whose bytes would exceed the caller's budget, is kept by reference in
 * a side table, so large values stay shared between the checkpoints that hold them.
 * {@link Unpacker} reads it back to equal values. Not thread-safe; one per record.
 */
final class Packer {
  static final byte NULL = 0;
  static final byte FALSE = 1;
  static final byte TRUE = 2;
  static final byte INT = 3;
  static final byte LONG = 4;
  static final byte DOUBLE = 5;
  static final byte TEXT = 6;
  static final byte LIST = 7;
  static final byte MAP = 8;
  static final byte REF = 9;

  /** Id forms: none, 32 lowercase hex digits as 16 bytes, any other text. */
  static final byte NO_ID = 0;
  static final byte HEX_ID = 1;
  static final byte TEXT_ID = 2;

  /** Nesting deeper than this is kept by reference (and cycles end here). */
  private static final int MAX_DEPTH = 16;

  /** JDK lists and maps whose copies are equal to them and whose class carries no further meaning. */
  private static final Set<Class<?>> PLAIN_LISTS = classes(ArrayList.class, LinkedList.class,
      List.of().getClass(), List.of(1).getClass(), List.of(1, 2, 3).getClass(), List.of(1, 2, 3).subList(0, 2).getClass(),
      new ArrayList<>(List.of(1, 2)).subList(0, 1).getClass(), Arrays.asList(1).getClass(),
      Collections.unmodifiableList(new ArrayList<>()).getClass(), Collections.unmodifiableList(new LinkedList<>()).getClass(),
      Collections.emptyList().getClass(), Collections.singletonList(1).getClass());
  private static final Set<Class<?>> PLAIN_MAPS = classes(HashMap.class, LinkedHashMap.class,
      Map.of().getClass(), Map.of(1, 1).getClass(), Map.of(1, 1, 2, 2).getClass(),
      Collections.unmodifiableMap(new HashMap<>()).getClass(), Collections.emptyMap().getClass(),
      Collections.singletonMap(1, 1).getClass());

  private static Set<Class<?>> classes(Class<?>... classes) {
    return Set.copyOf(Arrays.asList(classes));
  }

  private final Names names;
  private byte[] buf = new byte[128];
  private int pos;
  private Object[] refs;
  private int refCount;

  Packer(Names names) {
    this.names = names;
  }

  /** The bytes written so far. */
  byte[] bytes() {
    return Arrays.copyOf(buf, pos);
  }

  /** The values kept by reference, indexed by the record; null when there are none. */
  Object[] refs() {
    return refCount == 0 ? null : Arrays.copyOf(refs, refCount);
  }

  /** Continues a side table that already holds {@code existing} (so new indexes follow theirs). */
  void startRefsAfter(Object[] existing) {
    if (existing != null) {
      refs = existing.clone();
      refCount = existing.length;
    }
  }

  /** A packer for a part whose byte length precedes it: it continues this one's side table; see {@link #adopt}. */
  Packer child() {
    Packer c = new Packer(names);
    c.refs = refs;
    c.refCount = refCount;
    return c;
  }

  /** Writes {@code part}'s length and bytes, and takes over its side table. */
  void adopt(Packer part) {
    varint(part.pos);
    ensure(part.pos);
    System.arraycopy(part.buf, 0, buf, pos, part.pos);
    pos += part.pos;
    refs = part.refs;
    refCount = part.refCount;
  }

  private void ensure(int more) {
    if (pos + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + more));
    }
  }

  void raw(byte[] bytes) {
    ensure(bytes.length);
    System.arraycopy(bytes, 0, buf, pos, bytes.length);
    pos += bytes.length;
  }

  void varint(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      buf[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[pos++] = (byte) v;
  }

  /** A signed number, zigzag-encoded so small negatives stay short. */
  void signed(long v) {
    varint((v << 1) ^ (v >> 63));
  }

  /** A string: its length and whether it is Latin-1 (one byte a char) or not (two bytes a char). */
  void text(String s) {
    int n = s.length();
    boolean latin1 = true;
    for (int i = 0; i < n && latin1; i++) {
      latin1 = s.charAt(i) < 256;
    }
    varint(((long) n << 1) | (latin1 ? 0 : 1));
    ensure(latin1 ? n : 2 * n);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (!latin1) {
        buf[pos++] = (byte) (c >>> 8);
      }
      buf[pos++] = (byte) c;
    }
  }

  /** A name (a channel, node or key): its number when it has one, else 0 and its text. */
  void name(String s) {
    int id = names.id(s);
    varint(id + 1L);
    if (id < 0) {
      text(s);
    }
  }

  /** A checkpoint or task id; ids made by {@link CheckpointIds} take 16 bytes. */
  void id(String id) {
    if (id == null) {
      ensure(1);
      buf[pos++] = NO_ID;
      return;
    }
    if (isHex(id)) {
      ensure(17);
      buf[pos++] = HEX_ID;
      for (int i = 0; i < 32; i += 2) {
        buf[pos++] = (byte) ((hexDigit(id.charAt(i)) << 4) | hexDigit(id.charAt(i + 1)));
      }
      return;
    }
    ensure(1);
    buf[pos++] = TEXT_ID;
    text(id);
  }

  static boolean isHex(String id) {
    if (id.length() != 32) {
      return false;
    }
    for (int i = 0; i < 32; i++) {
      char c = id.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
        return false;
      }
    }
    return true;
  }

  static int hexDigit(char c) {
    return c <= '9' ? c - '0' : c - 'a' + 10;
  }

  /** A value, copied in when its bytes fit {@code budget}, else kept by reference. */
  void value(Object v, int budget) {
    int start = pos;
    int refsBefore = refCount;
    write(v, 0);
    if (pos - start > budget) {
      pos = start;
      if (refs != null) {
        Arrays.fill(refs, refsBefore, refCount, null);
      }
      refCount = refsBefore;
      ref(v);
    }
  }

  private void ref(Object v) {
    if (refs == null) {
      refs = new Object[4];
    } else if (refCount == refs.length) {
      refs = Arrays.copyOf(refs, refCount * 2);
    }
    refs[refCount] = v;
    ensure(1);
    buf[pos++] = REF;
    varint(refCount++);
  }

  private void tag(byte t) {
    ensure(1);
    buf[pos++] = t;
  }

  private void write(Object v, int depth) {
    switch (v) {
      case null -> tag(NULL);
      case Boolean b -> tag(b ? TRUE : FALSE);
      case Integer i -> {
        tag(INT);
        signed(i);
      }
      case Long l -> {
        tag(LONG);
        signed(l);
      }
      case Double d -> {
        tag(DOUBLE);
        long bits = Double.doubleToRawLongBits(d);
        ensure(8);
        for (int s = 56; s >= 0; s -= 8) {
          buf[pos++] = (byte) (bits >>> s);
        }
      }
      case String s -> {
        tag(TEXT);
        text(s);
      }
      case List<?> l when depth < MAX_DEPTH && PLAIN_LISTS.contains(l.getClass()) -> {
        tag(LIST);
        varint(l.size());
        for (Object e : l) {
          write(e, depth + 1);
        }
      }
      case Map<?, ?> m when depth < MAX_DEPTH && PLAIN_MAPS.contains(m.getClass()) && stringKeys(m) -> {
        tag(MAP);
        varint(m.size());
        for (Map.Entry<?, ?> e : m.entrySet()) {
          name((String) e.getKey());
          write(e.getValue(), depth + 1);
        }
      }
      default -> ref(v);
    }
  }

  private static boolean stringKeys(Map<?, ?> m) {
    for (Object k : m.keySet()) {
      if (!(k instanceof String)) {
        return false;
      }
    }
    return true;
  }
}
