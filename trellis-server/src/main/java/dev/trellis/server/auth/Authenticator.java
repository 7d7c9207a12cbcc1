package dev.trellis.server.auth;

import java.util.Map;

/**
 * Decides who sends a request, from its headers (names lower-cased). Return null to refuse
 * it (401). Plug in your own (JWT, sessions...) or use {@link #apiKeys}.
 */
@FunctionalInterface
public interface Authenticator {
  Identity authenticate(Map<String, String> headers);

  /** Requests must carry {@code x-api-key} (or {@code Authorization: Bearer}) with one of the keys; the map's value is the user. */
  static Authenticator apiKeys(Map<String, String> keyToUser) {
    Map<String, String> keys = Map.copyOf(keyToUser);
    return headers -> {
      String key = headers.get("x-api-key");
      String auth = headers.get("authorization");
      if (key == null && auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
        key = auth.substring(7).trim();
      }
      String user = key == null ? null : keys.get(key);
      return user == null ? null : Identity.of(user);
    };
  }
}
