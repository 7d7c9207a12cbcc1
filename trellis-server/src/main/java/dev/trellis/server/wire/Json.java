package dev.trellis.server.wire;

import dev.trellis.server.error.ServerException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The server's JSON: compact, records as objects, java.time as ISO strings; parse errors become 422s. */
public final class Json {
  /** Deepest nesting a request body may have: the edge refuses deeper bodies with a 422 (see {@code api.RequestBody}). */
  public static final int MAX_REQUEST_DEPTH = 1000;
  /**
   * Deepest nesting the server reads and writes: above {@link #MAX_REQUEST_DEPTH}, so whatever a
   * request stored (a cron's payload inside its row, a run's input inside its kwargs) reads back
   * and is written out inside the envelopes of a reply (a search's list, a cron object).
   */
  static final int MAX_DEPTH = MAX_REQUEST_DEPTH + 100;

  /** Buffers come from a shared pool: requests and runs are short-lived virtual threads, for which Jackson's per-thread recycler allocates anew. */
  public static final ObjectMapper MAPPER = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
      .recyclerPool(com.fasterxml.jackson.core.util.JsonRecyclerPools.newConcurrentDequePool())
      .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
      .streamWriteConstraints(com.fasterxml.jackson.core.StreamWriteConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
      .build())
      .registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private Json() {}

  /** Compact JSON text of {@code value}. */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("value cannot be written as JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** Parses JSON text into maps, lists, strings, numbers, booleans and null. */
  public static Object read(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return MAPPER.readValue(text, Object.class);
    } catch (JsonProcessingException e) {
      throw ServerException.invalid("malformed JSON: " + e.getOriginalMessage());
    }
  }

  /** Parses a request body that must be a JSON object (an empty body is an empty object). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> object(String text) {
    Object v = read(text);
    if (v == null) {
      return new LinkedHashMap<>();
    }
    if (!(v instanceof Map<?, ?> m)) {
      throw ServerException.invalid("the request body must be a JSON object");
    }
    return (Map<String, Object>) m;
  }

  private static final List<dev.trellis.wire.WireCodec> CODECS = java.util.ServiceLoader
      .load(dev.trellis.wire.WireCodec.class).stream().map(java.util.ServiceLoader.Provider::get).toList();

  /**
   * A value as plain JSON data (maps, lists, scalars): values a {@link dev.trellis.wire.WireCodec}
   * handles (chat messages...) in their wire shape, records and beans converted field by field.
   */
  public static Object plain(Object value) {
    return MAPPER.convertValue(wire(value), Object.class);
  }

  /** The JSON text of {@link #plain}{@code (value)}, written without building that plain copy. */
  public static String writePlain(Object value) {
    return write(wire(value));
  }

  /**
   * The JSON text of {@link #plain}{@code (value)} with every list (and collection) left empty,
   * the lists' elements never converted, and every object entry whose value is a text longer than
   * {@code maxText} characters (code points) left out: the objects and scalars a search index reads.
   * Whatever a value contains in the sense of PostgreSQL's {@code @>}, its searchable copy contains
   * made the same way.
   */
  public static String writeSearchable(Object value, int maxText) {
    return write(searchable(value, maxText));
  }

  /** Whether a {@link dev.trellis.wire.WireCodec} gives {@code value}'s wire shape. */
  static boolean codecHandles(Object value) {
    for (dev.trellis.wire.WireCodec c : CODECS) {
      if (c.handles(value)) {
        return true;
      }
    }
    return false;
  }

  private static Object searchable(Object value, int maxText) {
    if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
      return value;
    }
    if (value instanceof java.util.Collection<?>) {
      return List.of();
    }
    if (value instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> {
        Object s = searchable(v, maxText);
        if (!(s instanceof String text && text.length() > maxText && text.codePointCount(0, text.length()) > maxText)) {
          out.put(k, s);
        }
      });
      return out;
    }
    Object w = wire(value);
    return w == value ? value : searchable(w, maxText);
  }

  private static Object wire(Object value) {
    if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
      return value;
    }
    for (dev.trellis.wire.WireCodec c : CODECS) {
      if (c.handles(value)) {
        return c.toWire(value);
      }
    }
    if (value instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(k, wire(v)));
      return out;
    }
    if (value instanceof java.util.Collection<?> c) {
      List<Object> out = new java.util.ArrayList<>(c.size());
      c.forEach(v -> out.add(wire(v)));
      return out;
    }
    return value;
  }

  /** {@code body[key]} as a JSON object, or an empty map when absent; 422 when of another type. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> map(Map<String, Object> body, String key) {
    Object v = body.get(key);
    if (v == null) {
      return new LinkedHashMap<>();
    }
    if (v instanceof Map<?, ?> m) {
      return new LinkedHashMap<>((Map<String, Object>) m);
    }
    throw ServerException.invalid("\"" + key + "\" must be an object");
  }

  /** {@code body[key]} as a string, or null; 422 when of another type. */
  public static String string(Map<String, Object> body, String key) {
    Object v = body.get(key);
    if (v == null || v instanceof String) {
      return (String) v;
    }
    throw ServerException.invalid("\"" + key + "\" must be a string");
  }

  /** {@code body[key]}, one of {@code allowed}, or {@code dflt} when absent; 422 naming the choices otherwise. */
  public static String choice(Map<String, Object> body, String key, String dflt, String... allowed) {
    Object v = body.get(key);
    if (v == null) {
      return dflt;
    }
    if (!List.of(allowed).contains(v)) {
      throw ServerException.invalid("\"" + key + "\" must be one of " + List.of(allowed) + ", got " + ServerException.echo(v));
    }
    return (String) v;
  }

  /** {@code body[key]} as an int in [min, max], or {@code dflt}; 422 otherwise. */
  public static int integer(Map<String, Object> body, String key, int dflt, int min, int max) {
    Object v = body.get(key);
    if (v == null) {
      return dflt;
    }
    if (!(v instanceof Number n) || n.doubleValue() != Math.floor(n.doubleValue())
        || n.longValue() < min || n.longValue() > max) {
      throw ServerException.invalid("\"" + key + "\" must be an integer from " + min + " to " + max);
    }
    return n.intValue();
  }

  /** {@code body[key]} as a list of strings, or null; 422 otherwise. */
  public static List<String> strings(Map<String, Object> body, String key) {
    Object v = body.get(key);
    if (v == null) {
      return null;
    }
    if (v instanceof List<?> l && l.stream().allMatch(x -> x instanceof String)) {
      return l.stream().map(String.class::cast).toList();
    }
    throw ServerException.invalid("\"" + key + "\" must be a list of strings");
  }
}
