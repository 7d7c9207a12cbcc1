package dev.trellis.apps.opencouch;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where this turn went, kept in state as {@code routing}: the route ({@code crisis},
 * {@code third_party}, {@code check_in} or {@code therapeutic}) and, on the therapeutic route
 * once the dispatcher chose, the mode ({@code supportive}, {@code closing}, ...). On the wire it
 * is {@code {route, mode}} without an absent mode, as the map it replaced.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Routing(String route, String mode) {
  /** Nothing routed yet. */
  public static final Routing NONE = new Routing(null, null);

  /** The route the gate (or a reply node) chose, no mode. */
  public static Routing to(String route) {
    return new Routing(route, null);
  }

  /** The therapeutic route in {@code mode}. */
  public static Routing therapeutic(String mode) {
    return new Routing("therapeutic", mode);
  }

  /** The stored value as a record: itself, or the {@code routing} map of an older checkpoint or a client; NONE when absent. */
  public static Routing from(Object stored) {
    return StoredMaps.one(stored, Routing.class, m -> new Routing(StoredMaps.string(m, "route"), StoredMaps.string(m, "mode")),
        NONE);
  }
}
