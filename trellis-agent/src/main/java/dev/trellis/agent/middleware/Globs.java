package dev.trellis.agent.middleware;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Glob patterns as Python's {@code pathlib} and {@code fnmatch} read them, for the file-search
 * tools: {@code *} and {@code ?} stay within a path segment, {@code [abc]}/{@code [!abc]} are
 * character classes, a {@code **} segment spans zero or more directories, hidden files match;
 * include filters may hold {@code {a,b}} alternatives.
 */
final class Globs {
  private Globs() {}

  /** A regex for a relative path ({@code /}-separated) matched against a whole slash-separated path pattern. */
  static Pattern path(String pattern) {
    StringBuilder re = new StringBuilder();
    String[] segments = pattern.split("/+");
    for (int i = 0; i < segments.length; i++) {
      boolean last = i == segments.length - 1;
      if (segments[i].equals("**")) {
        re.append(last ? "(?:[^/]+/)*[^/]+" : "(?:[^/]+/)*");
      } else {
        re.append(segment(segments[i]));
        if (!last) {
          re.append('/');
        }
      }
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL);
  }

  /** A regex for one name ({@code fnmatch}: here {@code *} matches any character, slashes included). */
  static Pattern name(String pattern) {
    return Pattern.compile(translate(pattern, ".*", "."), Pattern.DOTALL);
  }

  private static String segment(String pattern) {
    return translate(pattern, "[^/]*", "[^/]");
  }

  private static String translate(String p, String star, String any) {
    StringBuilder re = new StringBuilder();
    for (int i = 0; i < p.length(); i++) {
      char c = p.charAt(i);
      if (c == '*') {
        re.append(star);
      } else if (c == '?') {
        re.append(any);
      } else if (c == '[') {
        int j = i + 1;
        if (j < p.length() && p.charAt(j) == '!') {
          j++;
        }
        if (j < p.length() && p.charAt(j) == ']') {
          j++;
        }
        while (j < p.length() && p.charAt(j) != ']') {
          j++;
        }
        if (j >= p.length()) {
          re.append("\\[");
        } else {
          String body = p.substring(i + 1, j);
          re.append('[').append(body.startsWith("!") ? "^" + quoteClass(body.substring(1)) : quoteClass(body)).append(']');
          i = j;
        }
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return re.toString();
  }

  private static String quoteClass(String body) {
    return body.replace("\\", "\\\\").replace("[", "\\[").replace("&&", "&\\&");
  }

  /** {@code {a,b}} alternatives expanded (nested braces left to right); null when the braces do not balance. */
  static List<String> expand(String pattern) {
    if (pattern.indexOf('}') >= 0 && pattern.indexOf('{') < 0) {
      return null;
    }
    List<String> out = new ArrayList<>();
    return expand(pattern, out) ? out : null;
  }

  private static boolean expand(String current, List<String> out) {
    int start = current.indexOf('{');
    if (start < 0) {
      out.add(current);
      return true;
    }
    int end = current.indexOf('}', start);
    if (end < 0 || end == start + 1) {
      return false;
    }
    for (String option : current.substring(start + 1, end).split(",", -1)) {
      if (!expand(current.substring(0, start) + option + current.substring(end + 1), out)) {
        return false;
      }
    }
    return true;
  }
}
