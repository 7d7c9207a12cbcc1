package dev.trellis.agent.message;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON-like values printed as Python prints them ({@code repr}): LangChain writes tool
 * arguments and structured answers into texts the model sees this way (e.g.
 * {@code {'city': 'Oslo', 'temp': 3}}), and the agent layer writes the same texts so that a
 * model sees one conversation whichever runtime drives it.
 */
public final class PythonRepr {
  private PythonRepr() {}

  /** {@code value} as Python's {@code repr} shows the equal Python value. */
  public static String of(Object value) {
    StringBuilder sb = new StringBuilder();
    append(sb, value);
    return sb.toString();
  }

  /** Like Python's {@code str}: strings as they are, everything else as {@link #of}. */
  public static String str(Object value) {
    return value instanceof String s ? s : of(value);
  }

  /** {@code value} as Python's {@code json.dumps} writes it by default ({@code ", "} and {@code ": "} separators, ASCII only). */
  public static String json(Object value) {
    return json(value, true);
  }

  /** Like {@link #json(Object)}; {@code asciiOnly} false keeps non-ASCII characters as they are ({@code ensure_ascii=False}). */
  public static String json(Object value, boolean asciiOnly) {
    StringBuilder sb = new StringBuilder();
    appendJson(sb, value, asciiOnly);
    return sb.toString();
  }

  private static void appendJson(StringBuilder sb, Object v, boolean ascii) {
    switch (v) {
      case null -> sb.append("null");
      case Boolean b -> sb.append(b);
      case String s -> {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
          char c = s.charAt(i);
          switch (c) {
            case '"' -> sb.append("\\\"");
            case '\\' -> sb.append("\\\\");
            case '\n' -> sb.append("\\n");
            case '\r' -> sb.append("\\r");
            case '\t' -> sb.append("\\t");
            default -> {
              if (c < 0x20 || (ascii && c > 0x7f)) {
                sb.append(String.format("\\u%04x", (int) c));
              } else {
                sb.append(c);
              }
            }
          }
        }
        sb.append('"');
      }
      case Double d -> sb.append(Double.isNaN(d) ? "NaN" : Double.isInfinite(d) ? (d > 0 ? "Infinity" : "-Infinity")
          : floating(d));
      case Number n -> sb.append(n);
      case Map<?, ?> m -> {
        sb.append('{');
        Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
        while (it.hasNext()) {
          Map.Entry<?, ?> e = it.next();
          appendJson(sb, String.valueOf(e.getKey()), ascii);
          sb.append(": ");
          appendJson(sb, e.getValue(), ascii);
          if (it.hasNext()) {
            sb.append(", ");
          }
        }
        sb.append('}');
      }
      case Collection<?> c -> {
        sb.append('[');
        Iterator<?> it = c.iterator();
        while (it.hasNext()) {
          appendJson(sb, it.next(), ascii);
          if (it.hasNext()) {
            sb.append(", ");
          }
        }
        sb.append(']');
      }
      default -> appendJson(sb, String.valueOf(v), ascii);
    }
  }

  private static void append(StringBuilder sb, Object v) {
    switch (v) {
      case null -> sb.append("None");
      case Boolean b -> sb.append(b ? "True" : "False");
      case String s -> string(sb, s);
      case Double d -> sb.append(floating(d));
      case Float f -> sb.append(floating(f.doubleValue()));
      case Number n -> sb.append(n);
      case Map<?, ?> m -> {
        sb.append('{');
        Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
        while (it.hasNext()) {
          Map.Entry<?, ?> e = it.next();
          append(sb, e.getKey());
          sb.append(": ");
          append(sb, e.getValue());
          if (it.hasNext()) {
            sb.append(", ");
          }
        }
        sb.append('}');
      }
      case Collection<?> c -> {
        sb.append('[');
        Iterator<?> it = c.iterator();
        while (it.hasNext()) {
          append(sb, it.next());
          if (it.hasNext()) {
            sb.append(", ");
          }
        }
        sb.append(']');
      }
      default -> string(sb, String.valueOf(v));
    }
  }

  private static String floating(double d) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    if (d == Math.rint(d) && Math.abs(d) < 1e16) {
      return String.valueOf((long) d) + ".0";
    }
    String s = Double.toString(d);
    return s.contains("E") ? s.replace("E", "e") : s;
  }

  /** Python's quoting: single quotes unless the text holds one and no double quote. */
  private static void string(StringBuilder sb, String s) {
    char q = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
    sb.append(q);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c == q) {
            sb.append('\\').append(c);
          } else if (c < 0x20 || c == 0x7f) {
            sb.append(String.format("\\x%02x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append(q);
  }
}
