package dev.trellis.server.auth;

import java.util.Set;

/**
 * Who is calling. {@code user} owns the threads, runs, assistants, crons and store items the
 * caller creates and is the only one who can see them; {@link #ANONYMOUS} when auth is off.
 */
public record Identity(String user, Set<String> permissions) {
  public static final Identity ANONYMOUS = new Identity("", Set.of());

  public Identity {
    if (user == null) {
      throw new IllegalArgumentException("user must not be null");
    }
    permissions = Set.copyOf(permissions == null ? Set.of() : permissions);
  }

  public static Identity of(String user) {
    return new Identity(user, Set.of());
  }
}
