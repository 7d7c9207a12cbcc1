package dev.trellis.wire;

/**
 * How a kind of state value looks on the wire (the HTTP API, streams) when plain JSON of
 * its fields is not what clients expect — e.g. chat messages as LangChain message dicts.
 * Implementations are found with {@link java.util.ServiceLoader}; the server applies the
 * first that {@link #handles} a value, recursively through lists and maps.
 */
public interface WireCodec {
  /** True for the values this codec writes. */
  boolean handles(Object value);

  /** The value as JSON-ready data: maps, lists, strings, numbers, booleans, null. */
  Object toWire(Object value);
}
