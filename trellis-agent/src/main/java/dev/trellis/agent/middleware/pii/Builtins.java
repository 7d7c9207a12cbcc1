package dev.trellis.agent.middleware.pii;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The checks behind the built-in detectors that a regular expression alone cannot make. */
final class Builtins {
  static final List<String> TYPES = List.of("email", "credit_card", "ip", "mac_address", "url");
  static final Pattern CARD = Pattern.compile("\\b\\d{4}[\\s-]?\\d{4}[\\s-]?\\d{4}[\\s-]?\\d{4}\\b");
  static final Pattern IPV4 = Pattern.compile("\\b(?:[0-9]{1,3}\\.){3}[0-9]{1,3}\\b");
  private static final Pattern SCHEME_URL = Pattern.compile("https?://[^\\s<>\"{}|\\\\^`\\[\\]]+");
  private static final Pattern BARE_URL = Pattern.compile("\\b(?:www\\.)?[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
      + "(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+(?:/\\S*)?");

  private Builtins() {}

  /** The Luhn checksum over the digits of {@code number}, which must count 13 to 19. */
  static boolean luhn(String number) {
    int digits = 0;
    int sum = 0;
    for (int i = number.length() - 1; i >= 0; i--) {
      char c = number.charAt(i);
      if (c < '0' || c > '9') {
        continue;
      }
      int v = c - '0';
      if (digits % 2 == 1) {
        v *= 2;
        if (v > 9) {
          v -= 9;
        }
      }
      sum += v;
      digits++;
    }
    return digits >= 13 && digits <= 19 && sum % 10 == 0;
  }

  /** Four octets 0–255, none with a leading zero (as Python's {@code ipaddress} accepts them). */
  static boolean validIpv4(String candidate) {
    for (String octet : candidate.split("\\.")) {
      if (octet.length() > 1 && octet.charAt(0) == '0' || Integer.parseInt(octet) > 255) {
        return false;
      }
    }
    return true;
  }

  static List<PiiMatch> urls(String text) {
    List<PiiMatch> out = new ArrayList<>();
    Matcher m = SCHEME_URL.matcher(text);
    while (m.find()) {
      if (!host(m.group().substring(m.group().indexOf("://") + 3)).isEmpty()) {
        out.add(new PiiMatch("url", m.group(), m.start(), m.end()));
      }
    }
    Matcher b = BARE_URL.matcher(text);
    while (b.find()) {
      int start = b.start();
      int end = b.end();
      boolean overlaps = false;
      for (int i = 0; i < out.size() && !overlaps; i++) {
        PiiMatch s = out.get(i);
        overlaps = s.start() <= start && start < s.end() || s.start() < end && end <= s.end();
      }
      String url = b.group();
      if (!overlaps && (url.contains("/") || url.startsWith("www.")) && host(url).contains(".")) {
        out.add(new PiiMatch("url", url, start, end));
      }
    }
    return out;
  }

  /** The authority of a URL without its scheme: everything up to the first {@code /}, {@code ?} or {@code #}. */
  private static String host(String rest) {
    int cut = rest.length();
    for (char c : new char[] {'/', '?', '#'}) {
      int at = rest.indexOf(c);
      if (at >= 0 && at < cut) {
        cut = at;
      }
    }
    return rest.substring(0, cut);
  }
}
