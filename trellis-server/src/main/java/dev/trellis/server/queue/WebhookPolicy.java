package dev.trellis.server.queue;

import dev.trellis.server.error.ServerException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which URLs a run's or cron's {@code webhook} may name, so that no API user can make the server
 * call inside its own network (server-side request forgery). By default a webhook must be an
 * {@code http(s)} URL whose host resolves, and every address it resolves to must be public:
 * refused are the rules {@code localhost} (the name), {@code loopback} (127.0.0.0/8, ::1),
 * {@code unspecified} (0.0.0.0/8, ::), {@code link-local} (169.254.0.0/16 with the cloud
 * metadata address 169.254.169.254, fe80::/10), {@code private} (10/8, 172.16/12, 192.168/16,
 * fc00::/7, fec0::/10), {@code shared} (100.64.0.0/10) and {@code multicast}; an IPv4-mapped or
 * IPv4-compatible IPv6 address is judged by the IPv4 address it carries. An operator allows
 * hosts explicitly: an entry is a host name (matched exactly, case-insensitively), an address or
 * a CIDR range; an address an entry covers passes whatever the rules say. The server checks at
 * the edge (a 422 naming the rule) and again just before each delivery (the name may resolve
 * elsewhere by then), and follows no redirects. Immutable and thread-safe.
 */
public final class WebhookPolicy {
  /** Only public addresses, nothing allowed explicitly. */
  public static final WebhookPolicy DEFAULT = new WebhookPolicy(List.of(), List.of());

  private record Range(byte[] network, int prefix) {
    boolean covers(InetAddress a) {
      byte[] b = a.getAddress();
      if (b.length != network.length) {
        return false;
      }
      for (int bit = 0; bit < prefix; bit++) {
        int mask = 0x80 >>> (bit % 8);
        if ((b[bit / 8] & mask) != (network[bit / 8] & mask)) {
          return false;
        }
      }
      return true;
    }
  }

  /** Resolves a host name to its addresses (the system resolver; tests give their own). */
  @FunctionalInterface
  interface Resolver {
    InetAddress[] resolve(String host) throws UnknownHostException;
  }

  private final List<String> hosts;
  private final List<Range> ranges;
  private final Resolver resolver;

  private WebhookPolicy(List<String> hosts, List<Range> ranges) {
    this(hosts, ranges, InetAddress::getAllByName);
  }

  private WebhookPolicy(List<String> hosts, List<Range> ranges, Resolver resolver) {
    this.hosts = List.copyOf(hosts);
    this.ranges = List.copyOf(ranges);
    this.resolver = resolver;
  }

  /** This policy resolving names with {@code resolver}. */
  WebhookPolicy withResolver(Resolver resolver) {
    return new WebhookPolicy(hosts, ranges, resolver);
  }

  /**
   * The default rules with {@code allowed} let through: host names ({@code hooks.internal}), addresses
   * ({@code 127.0.0.1}, {@code ::1}) or CIDR ranges ({@code 10.20.0.0/16}, {@code fd00::/8}).
   *
   * @throws IllegalArgumentException an entry is blank, or a range is malformed
   */
  public static WebhookPolicy allowing(List<String> allowed) {
    List<String> hosts = new ArrayList<>();
    List<Range> ranges = new ArrayList<>();
    for (String raw : allowed) {
      String entry = raw == null ? "" : raw.trim();
      if (entry.isEmpty()) {
        throw new IllegalArgumentException("a webhook allow-list entry is blank");
      }
      int slash = entry.indexOf('/');
      String address = slash < 0 ? entry : entry.substring(0, slash);
      if (!literal(address)) {
        if (slash >= 0) {
          throw new IllegalArgumentException("webhook allow-list entry \"" + entry + "\": a range needs an address");
        }
        hosts.add(entry.toLowerCase(Locale.ROOT));
        continue;
      }
      byte[] network = parse(address).getAddress();
      int prefix = network.length * 8;
      if (slash >= 0) {
        try {
          prefix = Integer.parseInt(entry.substring(slash + 1));
        } catch (NumberFormatException e) {
          prefix = -1;
        }
        if (prefix < 0 || prefix > network.length * 8) {
          throw new IllegalArgumentException("webhook allow-list entry \"" + entry + "\": the prefix must be 0-"
              + network.length * 8);
        }
      }
      ranges.add(new Range(network, prefix));
    }
    return new WebhookPolicy(hosts, ranges);
  }

  /** Whether {@code s} is an IP address literal (so parsing it asks no resolver). */
  private static boolean literal(String s) {
    return s.contains(":") || s.matches("\\d{1,3}(\\.\\d{1,3}){3}");
  }

  private static InetAddress parse(String literal) {
    try {
      return InetAddress.getByName(literal);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("\"" + literal + "\" is not an IP address", e);
    }
  }

  /**
   * Checks {@code url} as a webhook now: resolves its host and judges every address.
   *
   * @throws ServerException (invalid: a 422) naming the rule that refuses it
   */
  public void check(String url) {
    if (url == null) {
      return;
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (java.net.URISyntaxException e) {
      throw refused(url, "it is not a URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw refused(url, "only http and https are allowed");
    }
    String host = uri.getHost();
    if (host == null || host.isEmpty()) {
      throw refused(url, "it names no host");
    }
    String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    String name = bare.toLowerCase(Locale.ROOT);
    if (hosts.contains(name)) {
      return;
    }
    if (!literal(bare) && (name.equals("localhost") || name.endsWith(".localhost"))) {
      throw refused(url, "rule localhost: the host is this machine");
    }
    InetAddress[] addresses;
    try {
      addresses = literal(bare) ? new InetAddress[] {parse(bare)} : resolver.resolve(bare);
    } catch (UnknownHostException e) {
      throw refused(url, "its host " + ServerException.echo(bare) + " does not resolve");
    }
    for (InetAddress a : addresses) {
      String rule = rule(a);
      if (rule != null && ranges.stream().noneMatch(r -> r.covers(a))) {
        throw refused(url, "rule " + rule + ": " + ServerException.echo(bare) + " resolves to " + a.getHostAddress()
            + " (allow it explicitly with the server's webhook allow-list)");
      }
    }
  }

  private static ServerException refused(String url, String why) {
    return ServerException.invalid("\"webhook\" " + ServerException.echo(url) + " is refused: " + why);
  }

  /** The rule that refuses {@code a}, or null for a public address. */
  static String rule(InetAddress a) {
    if (a instanceof Inet6Address v6) {
      byte[] b = v6.getAddress();
      if (embedsIpv4(b)) {
        byte[] v4 = {b[12], b[13], b[14], b[15]};
        try {
          return rule(InetAddress.getByAddress(v4));
        } catch (UnknownHostException e) {
          throw new IllegalStateException(e);
        }
      }
      if ((b[0] & 0xfe) == 0xfc) {
        return "private";
      }
    }
    if (a.isLoopbackAddress()) {
      return "loopback";
    }
    if (a.isAnyLocalAddress() || (a instanceof Inet4Address && a.getAddress()[0] == 0)) {
      return "unspecified";
    }
    if (a.isLinkLocalAddress()) {
      return "link-local";
    }
    if (a.isSiteLocalAddress()) {
      return "private";
    }
    if (a.isMulticastAddress()) {
      return "multicast";
    }
    byte[] b = a.getAddress();
    if (a instanceof Inet4Address && (b[0] & 0xff) == 100 && (b[1] & 0xc0) == 64) {
      return "shared";
    }
    return null;
  }

  /** ::ffff:a.b.c.d (IPv4-mapped) or ::a.b.c.d (IPv4-compatible, not :: or ::1). */
  private static boolean embedsIpv4(byte[] b) {
    for (int i = 0; i < 10; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    boolean mapped = b[10] == (byte) 0xff && b[11] == (byte) 0xff;
    boolean compatible = b[10] == 0 && b[11] == 0 && (b[12] != 0 || b[13] != 0 || (b[14] & 0xff) > 0);
    return mapped || compatible;
  }
}
