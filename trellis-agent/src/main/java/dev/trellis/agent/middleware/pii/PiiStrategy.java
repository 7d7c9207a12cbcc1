package dev.trellis.agent.middleware.pii;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * What happens to personal data that was found (LangChain's strategies, with the same output).
 * Matches are replaced from the last to the first, so their offsets stay valid.
 */
public enum PiiStrategy {
  /** Fail with {@link PiiDetectionException}. */
  BLOCK,
  /** Replace with {@code [REDACTED_<TYPE>]}. */
  REDACT,
  /** Hide all but a telling tail: {@code user@****.com}, {@code ****-****-****-1234}, {@code *.*.*.7}. */
  MASK,
  /** Replace with {@code <type_hash:xxxxxxxx>}, the first 8 hex digits of the value's SHA-256 (same value, same hash). */
  HASH;

  /** {@code text} with this strategy applied to {@code matches}; {@code text} itself when there are none. */
  public String apply(String text, List<PiiMatch> matches) {
    if (matches.isEmpty()) {
      return text;
    }
    if (this == BLOCK) {
      throw new PiiDetectionException(matches.getFirst().type(), matches);
    }
    List<PiiMatch> sorted = new ArrayList<>(matches);
    sorted.sort(Comparator.comparingInt(PiiMatch::start).reversed());
    String out = text;
    for (PiiMatch m : sorted) {
      out = out.substring(0, m.start()) + replacement(m) + out.substring(m.end());
    }
    return out;
  }

  private String replacement(PiiMatch m) {
    return switch (this) {
      case REDACT -> "[REDACTED_" + m.type().toUpperCase(Locale.ROOT) + "]";
      case HASH -> "<" + m.type() + "_hash:" + sha256(m.value()).substring(0, 8) + ">";
      case MASK -> mask(m.type(), m.value());
      case BLOCK -> throw new IllegalStateException("unreachable");
    };
  }

  private static String mask(String type, String value) {
    return switch (type) {
      case "email" -> {
        String[] parts = value.split("@", -1);
        if (parts.length != 2) {
          yield "****";
        }
        String[] domain = parts[1].split("\\.", -1);
        yield domain.length > 1 ? parts[0] + "@****." + domain[domain.length - 1] : parts[0] + "@****";
      }
      case "credit_card" -> {
        String digits = value.replaceAll("\\D", "");
        String last4 = digits.substring(Math.max(0, digits.length() - 4));
        String sep = value.contains("-") ? "-" : value.contains(" ") ? " " : "";
        yield sep.isEmpty() ? "************" + last4 : "****" + sep + "****" + sep + "****" + sep + last4;
      }
      case "ip" -> {
        String[] octets = value.split("\\.", -1);
        yield octets.length == 4 ? "*.*.*." + octets[3] : "****";
      }
      case "mac_address" -> {
        String sep = value.contains(":") ? ":" : "-";
        yield String.join(sep, "**", "**", "**", "**", "**", value.substring(value.length() - 2));
      }
      case "url" -> "[MASKED_URL]";
      default -> value.length() > 4 ? "****" + value.substring(value.length() - 4) : "****";
    };
  }

  private static String sha256(String value) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
