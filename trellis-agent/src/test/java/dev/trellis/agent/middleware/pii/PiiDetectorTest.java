package dev.trellis.agent.middleware.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The built-in detectors and strategies. Every expected string was produced by LangChain 1.4.2's
 * {@code langchain.agents.middleware._redaction} on the same input (run in the oracle virtualenv).
 */
class PiiDetectorTest {
  static final String EMAIL = "Mail alice@example.com or bob.smith@mail.co.uk now";
  static final String CARD = "Card 4111 1111 1111 1111, bad 4111 1111 1111 1112, dashed 5500-0000-0000-0004, "
      + "plain 4012888888881881";
  static final String IP = "Hosts 192.168.1.7, 256.1.1.1, 10.0.0.01 and 8.8.8.8";
  static final String MAC = "NIC 00:1A:2b:3C:4d:5E and 00-1a-2b-3c-4d-5f";
  static final String URL = "See https://example.com/a?b=1, www.test.org, docs.python.org/3/ and example.com plain, "
      + "http:///x";

  static String text(String type) {
    return switch (type) {
      case "email" -> EMAIL;
      case "credit_card" -> CARD;
      case "ip" -> IP;
      case "mac_address" -> MAC;
      default -> URL;
    };
  }

  @Test
  void builtInDetectorsFindWhatLangChainFinds() {
    assertEquals(List.of("alice@example.com", "bob.smith@mail.co.uk"), values(PiiDetector.EMAIL, EMAIL));
    assertEquals(List.of("4111 1111 1111 1111", "5500-0000-0000-0004", "4012888888881881"),
        values(PiiDetector.CREDIT_CARD, CARD), "a number failing the Luhn check is no card");
    assertEquals(List.of("192.168.1.7", "8.8.8.8"), values(PiiDetector.IP, IP), "octets over 255 or with leading zeros are not addresses");
    assertEquals(List.of("00:1A:2b:3C:4d:5E", "00-1a-2b-3c-4d-5f"), values(PiiDetector.MAC_ADDRESS, MAC));
    assertEquals(List.of("https://example.com/a?b=1,", "www.test.org", "docs.python.org/3/"), values(PiiDetector.URL, URL),
        "a bare domain without www. or a path is prose, and a scheme without a host is no URL");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', textBlock = """
      email       | REDACT | Mail [REDACTED_EMAIL] or [REDACTED_EMAIL] now
      email       | MASK   | Mail alice@****.com or bob.smith@****.uk now
      email       | HASH   | Mail <email_hash:ff8d9819> or <email_hash:c2e1cd92> now
      credit_card | REDACT | Card [REDACTED_CREDIT_CARD], bad 4111 1111 1111 1112, dashed [REDACTED_CREDIT_CARD], plain [REDACTED_CREDIT_CARD]
      credit_card | MASK   | Card **** **** **** 1111, bad 4111 1111 1111 1112, dashed ****-****-****-0004, plain ************1881
      credit_card | HASH   | Card <credit_card_hash:6a7e0e79>, bad 4111 1111 1111 1112, dashed <credit_card_hash:3ca8b150>, plain <credit_card_hash:dd13cdf9>
      ip          | REDACT | Hosts [REDACTED_IP], 256.1.1.1, 10.0.0.01 and [REDACTED_IP]
      ip          | MASK   | Hosts *.*.*.7, 256.1.1.1, 10.0.0.01 and *.*.*.8
      ip          | HASH   | Hosts <ip_hash:4247288e>, 256.1.1.1, 10.0.0.01 and <ip_hash:838c4c25>
      mac_address | REDACT | NIC [REDACTED_MAC_ADDRESS] and [REDACTED_MAC_ADDRESS]
      mac_address | MASK   | NIC **:**:**:**:**:5E and **-**-**-**-**-5f
      mac_address | HASH   | NIC <mac_address_hash:e2dc8068> and <mac_address_hash:90670464>
      url         | REDACT | See [REDACTED_URL] [REDACTED_URL], [REDACTED_URL] and example.com plain, http:///x
      url         | MASK   | See [MASKED_URL] [MASKED_URL], [MASKED_URL] and example.com plain, http:///x
      url         | HASH   | See <url_hash:62fa8b94> <url_hash:0704e5f0>, <url_hash:0cd1a706> and example.com plain, http:///x
      """)
  void strategiesRewriteLikeLangChain(String type, PiiStrategy strategy, String expected) {
    assertEquals(expected, Pii.of(type).strategy(strategy).process(text(type)));
  }

  @Test
  void blockThrowsNamingTheTypeAndCount() {
    PiiDetectionException e = assertThrows(PiiDetectionException.class,
        () -> Pii.of("email").strategy(PiiStrategy.BLOCK).process(EMAIL));
    assertEquals("Detected 2 instance(s) of email in text content", e.getMessage());
    assertEquals(2, e.matches().size());
  }

  @Test
  void customTypesMaskAllButTheLastFourCharacters() {
    assertEquals("key ****cdef and ****", Pii.regex("api_key", "sk-[a-f]{6}|sk1").strategy(PiiStrategy.MASK)
        .process("key sk-abcdef and sk1"));
    Pii ids = Pii.detector("employee", t -> t.contains("E-7") ? List.of(new PiiMatch("employee", "E-7", t.indexOf("E-7"),
        t.indexOf("E-7") + 3)) : List.of());
    assertEquals("badge [REDACTED_EMPLOYEE]", ids.process("badge E-7"));
  }

  @Test
  void unknownBuiltInTypeIsRefusedNamingTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pii.of("ssn"));
    assertTrue(e.getMessage().contains("Unknown PII type: ssn. Must be one of [email, credit_card, ip, mac_address, url]"),
        e.getMessage());
  }

  static List<String> values(PiiDetector d, String text) {
    return d.detect(text).stream().map(PiiMatch::value).toList();
  }
}
