package dev.trellis.agent.middleware.pii;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds personal data in a text. The built-in detectors follow LangChain 1.4's: {@code email},
 * {@code credit_card} (16 digits in groups of four, Luhn-checked), {@code ip} (IPv4, each octet a
 * valid number), {@code mac_address} and {@code url} (with an http(s) scheme, or bare when it
 * starts with {@code www.} or has a path). Implementations are thread-safe and pure.
 */
@FunctionalInterface
public interface PiiDetector {
  /** The matches in {@code text}, in any order; none is an empty list. */
  List<PiiMatch> detect(String text);

  /** Email addresses. */
  PiiDetector EMAIL = regex("email", "\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Z|a-z]{2,}\\b");

  /** Card numbers: four groups of four digits, optionally separated by a space or dash, that pass the Luhn check. */
  PiiDetector CREDIT_CARD = text -> {
    List<PiiMatch> out = new ArrayList<>();
    Matcher m = Builtins.CARD.matcher(text);
    while (m.find()) {
      if (Builtins.luhn(m.group())) {
        out.add(new PiiMatch("credit_card", m.group(), m.start(), m.end()));
      }
    }
    return out;
  };

  /** IPv4 addresses whose four octets are 0–255 without leading zeros. */
  PiiDetector IP = text -> {
    List<PiiMatch> out = new ArrayList<>();
    Matcher m = Builtins.IPV4.matcher(text);
    while (m.find()) {
      if (Builtins.validIpv4(m.group())) {
        out.add(new PiiMatch("ip", m.group(), m.start(), m.end()));
      }
    }
    return out;
  };

  /** MAC addresses: six hex pairs separated by colons or dashes. */
  PiiDetector MAC_ADDRESS = regex("mac_address", "\\b([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}\\b");

  /** URLs: {@code http(s)://host...}, or bare {@code www.host...} / {@code host.tld/path}. */
  PiiDetector URL = Builtins::urls;

  /** The built-in detectors by type name. */
  Map<String, PiiDetector> BUILT_IN = Map.of("email", EMAIL, "credit_card", CREDIT_CARD, "ip", IP,
      "mac_address", MAC_ADDRESS, "url", URL);

  /** The built-in detector of {@code type}; throws naming the built-in types when there is none. */
  static PiiDetector builtIn(String type) {
    PiiDetector d = BUILT_IN.get(type);
    if (d == null) {
      throw new IllegalArgumentException("Unknown PII type: " + type + ". Must be one of " + Builtins.TYPES
          + " or provide a custom detector.");
    }
    return d;
  }

  /** Every match of {@code regex} (Java syntax) is data of {@code type}. */
  static PiiDetector regex(String type, String regex) {
    Objects.requireNonNull(type, "type");
    Pattern p = Pattern.compile(regex);
    return text -> {
      List<PiiMatch> out = new ArrayList<>();
      Matcher m = p.matcher(text);
      while (m.find()) {
        out.add(new PiiMatch(type, m.group(), m.start(), m.end()));
      }
      return out;
    };
  }
}
