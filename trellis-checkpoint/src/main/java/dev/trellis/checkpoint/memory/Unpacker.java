package dev.trellis.checkpoint.memory;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads what a {@link Packer} wrote, in the same order. Lists and maps come back as new
 * unmodifiable copies equal to the values written (maps in their iteration order); values
 * kept by reference come back as themselves. Not thread-safe; one per read.
 */
final class Unpacker {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private final Names names;
  private final byte[] buf;
  private final Object[] refs;
  private int pos;

  Unpacker(Names names, byte[] buf, Object[] refs) {
    this.names = names;
    this.buf = buf;
    this.refs = refs;
  }

  boolean atEnd() {
    return pos >= buf.length;
  }

  int position() {
    return pos;
  }

  void seek(int position) {
    pos = position;
  }

  long varint() {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = buf[pos++];
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return v;
      }
    }
  }

  int count() {
    return (int) varint();
  }

  long signed() {
    long v = varint();
    return (v >>> 1) ^ -(v & 1);
  }

  String text() {
    long header = varint();
    int n = (int) (header >>> 1);
    boolean latin1 = (header & 1) == 0;
    char[] out = new char[n];
    for (int i = 0; i < n; i++) {
      out[i] = latin1 ? (char) (buf[pos++] & 0xFF) : (char) (((buf[pos++] & 0xFF) << 8) | (buf[pos++] & 0xFF));
    }
    return new String(out);
  }

  String name() {
    long id = varint();
    return id == 0 ? text() : names.name((int) (id - 1));
  }

  String id() {
    byte form = buf[pos++];
    return switch (form) {
      case Packer.NO_ID -> null;
      case Packer.HEX_ID -> {
        char[] out = new char[32];
        for (int i = 0; i < 16; i++) {
          int b = buf[pos++] & 0xFF;
          out[2 * i] = HEX[b >>> 4];
          out[2 * i + 1] = HEX[b & 0xF];
        }
        yield new String(out);
      }
      default -> text();
    };
  }

  /** Skips an id without building it; returns whether it equals {@code id}. */
  boolean idEquals(String id) {
    int start = pos;
    byte form = buf[pos++];
    switch (form) {
      case Packer.NO_ID -> {
        return id == null;
      }
      case Packer.HEX_ID -> {
        pos += 16;
        if (id == null || !Packer.isHex(id)) {
          return false;
        }
        for (int i = 0; i < 16; i++) {
          int b = buf[start + 1 + i] & 0xFF;
          if (id.charAt(2 * i) != HEX[b >>> 4] || id.charAt(2 * i + 1) != HEX[b & 0xF]) {
            return false;
          }
        }
        return true;
      }
      default -> {
        return text().equals(id);
      }
    }
  }

  Object value() {
    byte tag = buf[pos++];
    return switch (tag) {
      case Packer.NULL -> null;
      case Packer.FALSE -> Boolean.FALSE;
      case Packer.TRUE -> Boolean.TRUE;
      case Packer.INT -> (int) signed();
      case Packer.LONG -> signed();
      case Packer.DOUBLE -> {
        long bits = 0;
        for (int i = 0; i < 8; i++) {
          bits = (bits << 8) | (buf[pos++] & 0xFF);
        }
        yield Double.longBitsToDouble(bits);
      }
      case Packer.TEXT -> text();
      case Packer.LIST -> {
        Object[] items = new Object[count()];
        for (int i = 0; i < items.length; i++) {
          items[i] = value();
        }
        yield Collections.unmodifiableList(Arrays.asList(items));
      }
      case Packer.MAP -> map();
      case Packer.REF -> refs[count()];
      default -> throw new IllegalStateException("corrupt packed checkpoint: tag " + tag + " at " + (pos - 1));
    };
  }

  private Map<String, Object> map() {
    int n = count();
    Map<String, Object> m = new LinkedHashMap<>(Math.max(2, (int) (n / 0.75f) + 1));
    for (int i = 0; i < n; i++) {
      String k = name();
      m.put(k, value());
    }
    return Collections.unmodifiableMap(m);
  }

  /** A map of names to values, as {@link #value} reads a {@code MAP}, without its tag. */
  Map<String, Object> valueMap() {
    return map();
  }

  /** A map of names to longs written as a count and name/signed pairs. */
  Map<String, Long> longMap() {
    int n = count();
    Map<String, Long> m = new LinkedHashMap<>(Math.max(2, (int) (n / 0.75f) + 1));
    for (int i = 0; i < n; i++) {
      String k = name();
      m.put(k, signed());
    }
    return m;
  }
}
