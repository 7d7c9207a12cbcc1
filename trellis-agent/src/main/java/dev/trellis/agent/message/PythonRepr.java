package dev.trellis.agent.message;

import java.util.Collection;
import java.util.Map;

/**
 * Python's {@code repr} of JSON-like values, for the texts LangChain builds with f-strings
 * ({@code "Updated todo list to [{'content': ...}]"}): strings in single quotes unless they hold
 * one and no double quote, {@code True}/{@code False}/{@code None}, lists and dicts in order.
 */
public final class PythonRepr {
  private PythonRepr() {}

  /** {@code repr(v)} as Python prints it. */
  public static String of(Object v) {
    StringBuilder sb = new StringBuilder();
    append(sb, v);
    return sb.toString();
  }

  private static void append(StringBuilder sb, Object v) {
    switch (v) {
      case null -> sb.append("None");
      case Boolean b -> sb.append(b ? "True" : "False");
      case CharSequence s -> string(sb, s.toString());
      case Map<?, ?> m -> {
        sb.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : m.entrySet()) {
          sb.append(first ? "" : ", ");
          first = false;
          append(sb, e.getKey());
          sb.append(": ");
          append(sb, e.getValue());
        }
        sb.append('}');
      }
      case Collection<?> c -> {
        sb.append('[');
        boolean first = true;
        for (Object o : c) {
          sb.append(first ? "" : ", ");
          first = false;
          append(sb, o);
        }
        sb.append(']');
      }
      default -> sb.append(v);
    }
  }

  private static void string(StringBuilder sb, String s) {
    char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
    sb.append(quote);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c == quote) {
            sb.append('\\');
          }
          if (c < 0x20 || c == 0x7f) {
            sb.append(String.format("\\x%02x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append(quote);
  }
}
