package dev.trellis.server.wire;

import dev.trellis.server.error.ServerException;
import dev.trellis.stream.StreamMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one place that decides about stream modes: which wire modes a run may ask for, which
 * engine modes produce them, whether the encoder emits an event of a mode, and whether a stored
 * event reaches a client that joined with a subset of modes. Immutable.
 *
 * @param names the wire modes, in the order asked, without repeats
 * @param every whether every event passes (a join stream without {@code stream_mode})
 */
public record StreamModes(List<String> names, boolean every) {
  /** Every wire name of every engine mode, to its mode: derived from {@link StreamMode}. */
  private static final Map<String, StreamMode> BY_WIRE_NAME = byWireName();
  /** The wire modes a run may ask for. */
  public static final Set<String> WIRE = BY_WIRE_NAME.keySet();
  /** Every event passes: a join stream that named no modes. */
  public static final StreamModes EVERY = new StreamModes(List.of(), true);

  public StreamModes {
    names = List.copyOf(new LinkedHashSet<>(names));
  }

  /**
   * A run body's {@code stream_mode}: a mode or a list of modes, default {@code ["values"]};
   * refused naming the culprit when a mode is unknown or the value is of another type.
   */
  public static StreamModes parse(Object streamMode) {
    List<String> out = new ArrayList<>();
    if (streamMode == null) {
      out.add("values");
    } else if (streamMode instanceof String s) {
      out.add(s);
    } else if (streamMode instanceof List<?> l && l.stream().allMatch(o -> o instanceof String)) {
      l.forEach(o -> out.add((String) o));
    } else {
      throw ServerException.invalid("\"stream_mode\" must be a string or a list of strings");
    }
    for (String m : out) {
      if (!WIRE.contains(m)) {
        throw ServerException.invalid("unknown stream_mode \"" + ServerException.echo(m) + "\"; use one of "
            + new TreeSet<>(WIRE));
      }
    }
    return new StreamModes(out, false);
  }

  /** The modes a client joining a run's stream picked; events of other modes are skipped. */
  public static StreamModes subset(Collection<String> modes) {
    return new StreamModes(List.copyOf(modes), false);
  }

  /** Whether the encoder emits events of wire mode {@code mode}. */
  public boolean wants(String mode) {
    return every || names.contains(mode);
  }

  /** Whether either chat-message mode ({@code messages-tuple}, deprecated {@code messages}) was asked for. */
  public boolean messages() {
    return StreamMode.MESSAGES.wireNames().stream().anyMatch(this::wants);
  }

  /**
   * Whether a stored event named {@code event} ({@code mode} or {@code mode|namespace}) reaches
   * this client: {@code metadata} and {@code error} always do, {@code messages} events do for
   * {@code messages-tuple}.
   */
  public boolean passes(String event) {
    if (every) {
      return true;
    }
    int bar = event.indexOf('|');
    String base = bar < 0 ? event : event.substring(0, bar);
    return base.equals("metadata") || base.equals("error") || names.contains(base)
        || (base.equals("messages") && names.contains("messages-tuple"));
  }

  /**
   * The engine modes that produce these wire modes: each asked mode and what it is
   * {@linkplain StreamMode#builtFrom() built from}, and values and updates always (the result
   * and interrupts).
   */
  public Set<StreamMode> engineModes() {
    Set<StreamMode> s = EnumSet.of(StreamMode.VALUES, StreamMode.UPDATES);
    for (String m : names) {
      StreamMode mode = BY_WIRE_NAME.get(m);
      if (mode != null) {
        s.add(mode);
        s.addAll(mode.builtFrom());
      }
    }
    return s;
  }

  private static Map<String, StreamMode> byWireName() {
    Map<String, StreamMode> m = new LinkedHashMap<>();
    for (StreamMode mode : StreamMode.values()) {
      mode.wireNames().forEach(n -> m.put(n, mode));
    }
    return Collections.unmodifiableMap(m);
  }
}
