package dev.trellis.server.queue;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.error.ServerException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Webhook URLs that would reach inside the server's network are refused, naming the rule; allowed hosts pass. */
class WebhookPolicyTest {
  /** A resolver with fixed answers (no DNS here): {@code public.example} is public, {@code sneaky.example} is loopback. */
  static final Map<String, String> NAMES = Map.of("public.example", "93.184.216.34", "sneaky.example", "127.0.0.1",
      "metadata.example", "169.254.169.254", "mixed.example", "93.184.216.34,10.1.2.3", "hooks.internal", "10.9.9.9");

  static WebhookPolicy policy(WebhookPolicy p) {
    return p.withResolver(host -> {
      String addresses = NAMES.get(host);
      if (addresses == null) {
        throw new UnknownHostException(host);
      }
      String[] each = addresses.split(",");
      InetAddress[] out = new InetAddress[each.length];
      for (int i = 0; i < each.length; i++) {
        out[i] = InetAddress.getByName(each[i]);
      }
      return out;
    });
  }

  @ParameterizedTest
  @CsvSource({
      "http://127.0.0.1:8080/hook, rule loopback",
      "http://127.1.2.3/hook, rule loopback",
      "http://localhost:9000/hook, rule localhost",
      "http://api.localhost/hook, rule localhost",
      "http://[::1]/hook, rule loopback",
      "http://[::ffff:127.0.0.1]/hook, rule loopback",
      "http://[::ffff:169.254.169.254]/hook, rule link-local",
      "http://169.254.169.254/latest/meta-data, rule link-local",
      "http://[fe80::1]/hook, rule link-local",
      "http://10.0.0.7/hook, rule private",
      "http://172.16.5.4/hook, rule private",
      "http://192.168.1.1/hook, rule private",
      "http://[fd00::1]/hook, rule private",
      "http://100.64.0.1/hook, rule shared",
      "http://0.0.0.0/hook, rule unspecified",
      "http://[::]/hook, rule unspecified",
      "http://224.0.0.1/hook, rule multicast",
      "http://sneaky.example/hook, rule loopback",
      "http://metadata.example/hook, rule link-local",
      "http://mixed.example/hook, rule private",
      "http://nowhere.example/hook, does not resolve",
      "ftp://public.example/hook, only http and https"})
  void internalTargetsAreRefusedNamingTheRule(String url, String rule) {
    ServerException e = assertThrows(ServerException.class, () -> policy(WebhookPolicy.DEFAULT).check(url));
    assertTrue(e.getMessage().contains(rule), e.getMessage());
    assertTrue(e.kind() == ServerException.Kind.INVALID_REQUEST);
  }

  @Test
  void publicTargetsPass() {
    WebhookPolicy p = policy(WebhookPolicy.DEFAULT);
    assertDoesNotThrow(() -> p.check("https://public.example/hook"));
    assertDoesNotThrow(() -> p.check("http://93.184.216.34:8080/x"));
    assertDoesNotThrow(() -> p.check("http://[2606:2800:220:1:248:1893:25c8:1946]/x"));
  }

  @Test
  void anOperatorAllowsHostsAddressesAndRanges() {
    WebhookPolicy p = policy(WebhookPolicy.allowing(List.of("127.0.0.1", "hooks.internal", "192.168.0.0/16", "fd00::/8")));
    assertDoesNotThrow(() -> p.check("http://127.0.0.1:8080/hook"));
    assertDoesNotThrow(() -> p.check("http://hooks.internal/hook"));
    assertDoesNotThrow(() -> p.check("http://192.168.44.5/hook"));
    assertDoesNotThrow(() -> p.check("http://[fd12::5]/hook"));
    assertDoesNotThrow(() -> p.check("http://sneaky.example/hook"), "a name resolving to an allowed address");
    assertTrue(assertThrows(ServerException.class, () -> p.check("http://127.0.0.2/hook")).getMessage().contains("loopback"));
    assertTrue(assertThrows(ServerException.class, () -> p.check("http://10.0.0.1/hook")).getMessage().contains("private"));
    assertThrows(IllegalArgumentException.class, () -> WebhookPolicy.allowing(List.of("10.0.0.0/40")));
    assertThrows(IllegalArgumentException.class, () -> WebhookPolicy.allowing(List.of(" ")));
  }

  @Test
  void aNameIsResolvedAgainAtEachCheck() {
    AtomicInteger calls = new AtomicInteger();
    WebhookPolicy rebinding = WebhookPolicy.DEFAULT.withResolver(host -> new InetAddress[] {
        InetAddress.getByName(calls.getAndIncrement() == 0 ? "93.184.216.34" : "127.0.0.1")});
    assertDoesNotThrow(() -> rebinding.check("http://rebind.example/hook"));
    assertTrue(assertThrows(ServerException.class, () -> rebinding.check("http://rebind.example/hook")).getMessage()
        .contains("rule loopback"), "the second look (at delivery) sees the new address");
  }
}
