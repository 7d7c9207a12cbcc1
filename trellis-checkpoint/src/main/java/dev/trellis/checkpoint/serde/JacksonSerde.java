package dev.trellis.checkpoint.serde;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The default {@link Serde}: JSON through Jackson, with small tags where JSON alone would
 * lose the type — records ({@code $record}), enums ({@code $enum}), longs beyond int range
 * stay numbers but {@code long}s are tagged ({@code $long}), sets, byte arrays,
 * {@code java.time} values, UUIDs and {@code Optional}s, maps whose keys are not plain strings, and other
 * objects through Jackson's bean mapping ({@code $bean}). Strings, booleans, ints,
 * doubles, lists and string-keyed maps are plain JSON, so stored checkpoints stay readable.
 *
 * <p>Class names read back are checked against {@code allowed} (default: any class), so a
 * tampered store cannot instantiate arbitrary types when a stricter predicate is given.
 */
public final class JacksonSerde implements Serde {
  /**
   * Buffers shared through a pool rather than per thread: saves run on short-lived virtual
   * threads, so Jackson's default (a recycler per thread) allocated a generator's buffers anew for
   * every value written.
   */
  private static final ObjectMapper MAPPER = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
      .recyclerPool(com.fasterxml.jackson.core.util.JsonRecyclerPools.newConcurrentDequePool()).build())
      .findAndRegisterModules();
  private static final com.fasterxml.jackson.core.io.SerializedString LONG_TAG =
      new com.fasterxml.jackson.core.io.SerializedString("$long");
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private final Predicate<String> allowed;
  /** Tokens for values a saver already stores ({@code $ref}), or null; see {@link Serde#dump(Object, Function)}. */
  private final Function<Object, Object> references;
  /** Values of {@code $ref} tokens, or null (a token then cannot be read). */
  private final Function<Object, Object> resolve;

  public JacksonSerde() {
    this(name -> true);
  }

  /** A serde that only instantiates classes whose names pass {@code allowed}. */
  public JacksonSerde(Predicate<String> allowed) {
    this(allowed, null, null);
  }

  private JacksonSerde(Predicate<String> allowed, Function<Object, Object> references, Function<Object, Object> resolve) {
    this.allowed = allowed;
    this.references = references;
    this.resolve = resolve;
  }

  @Override
  public byte[] dump(Object value, Function<Object, Object> references) {
    byte[] scalar = scalar(value);
    return scalar != null ? scalar : new JacksonSerde(allowed, references, null).dump(value);
  }

  @Override
  public Object load(byte[] bytes, Function<Object, Object> resolve) {
    return new JacksonSerde(allowed, null, resolve).load(bytes);
  }

  /** The token {@link #references} gives {@code v}, or null; never for numbers, booleans and strings under 256 characters. */
  private Object token(Object v) {
    if (references == null || v == null || v instanceof Number || v instanceof Boolean
        || (v instanceof String s && s.length() < 256)) {
      return null;
    }
    return references.apply(v);
  }

  @Override
  public byte[] dump(Object value) {
    byte[] scalar = scalar(value);
    if (scalar != null) {
      return scalar;
    }
    try {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(256);
      try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
        write(g, value);
      }
      return out.toByteArray();
    } catch (IOException | RuntimeException e) {
      if (e instanceof SerdeException s) {
        throw s;
      }
      throw new SerdeException("cannot serialize " + describe(value) + ": " + e.getMessage(), e);
    }
  }

  private static final byte[] NULL = {'n', 'u', 'l', 'l'};
  private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
  private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};

  /**
   * The bytes the generator writes for {@code v} when it is null, a boolean, an int or a short string of printable
   * ASCII without quotes or backslashes (what most pending writes are: W9's nodes write a count and a branch), or
   * null for any other value: a generator costs more than such a value's few bytes. No such value is ever replaced by
   * a reference ({@link #token}).
   */
  private static byte[] scalar(Object v) {
    if (v == null) {
      return NULL.clone();
    }
    if (v instanceof Integer i) {
      return Integer.toString(i).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }
    if (v instanceof Boolean b) {
      return (b ? TRUE : FALSE).clone();
    }
    if (v instanceof String s && s.length() < 128) {
      byte[] out = new byte[s.length() + 2];
      out[0] = '"';
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
          return null;
        }
        out[i + 1] = (byte) c;
      }
      out[out.length - 1] = '"';
      return out;
    }
    return null;
  }

  @Override
  public Object load(byte[] bytes) {
    try {
      return decode(MAPPER.readTree(bytes));
    } catch (IOException e) {
      throw new SerdeException("cannot read a stored value: " + e.getMessage(), e);
    }
  }

  /**
   * Streams the common types straight to the generator (no intermediate tree: this is the
   * hot path of every checkpoint save); anything else goes through {@link #encode}.
   */
  private void write(JsonGenerator g, Object v) throws IOException {
    Object token = token(v);
    if (token != null) {
      g.writeStartObject();
      g.writeFieldName("$ref");
      MAPPER.writeTree(g, new JacksonSerde(allowed).encode(token));
      g.writeEndObject();
    } else if (v == null) {
      g.writeNull();
    } else if (v instanceof String s) {
      g.writeString(s);
    } else if (v instanceof Integer i) {
      g.writeNumber(i);
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (v instanceof Double d) {
      g.writeNumber(d);
    } else if (v instanceof Long l) {
      g.writeStartObject();
      g.writeFieldName(LONG_TAG);
      g.writeString(Long.toString(l));
      g.writeEndObject();
    } else if (v instanceof List<?> list) {
      g.writeStartArray();
      for (Object x : list) {
        write(g, x);
      }
      g.writeEndArray();
    } else if (v instanceof Map<?, ?> m && plainKeys(m)) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        g.writeFieldName((String) e.getKey());
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else {
      MAPPER.writeTree(g, encode(v));
    }
  }

  /**
   * The value as a JSON tree (tags included): one case per known type, most specific first
   * (an enum before the {@code java.time} check, a set before other collections), then records,
   * errors and, last, Jackson's bean mapping.
   */
  public JsonNode encode(Object v) {
    Object token = token(v);
    if (token != null) {
      return tag("$ref", new JacksonSerde(allowed).encode(token));
    }
    return switch (v) {
      case null -> F.nullNode();
      case String s -> F.textNode(s);
      case Boolean b -> F.booleanNode(b);
      case Integer i -> F.numberNode(i);
      case Double d -> F.numberNode(d);
      case Long l -> tag("$long", F.textNode(Long.toString(l)));
      case Float f -> tag("$float", F.numberNode(f));
      case Short s -> tag("$short", F.numberNode(s));
      case Byte b -> tag("$byte", F.numberNode(b));
      case BigDecimal d -> tag("$decimal", F.textNode(d.toString()));
      case BigInteger i -> tag("$bigint", F.textNode(i.toString()));
      case Character c -> tag("$char", F.textNode(c.toString()));
      case byte[] b -> tag("$bytes", F.textNode(Base64.getEncoder().encodeToString(b)));
      case UUID u -> tag("$uuid", F.textNode(u.toString()));
      case java.util.Optional<?> o -> tag("$optional", o.isPresent() ? encode(o.get()) : F.nullNode());
      case Enum<?> e -> {
        ObjectNode n = F.objectNode();
        n.put("$enum", e.getDeclaringClass().getName());
        n.put("name", e.name());
        yield n;
      }
      case Object time when isTime(time) -> {
        ObjectNode n = F.objectNode();
        n.put("$time", time.getClass().getName());
        n.put("v", time.toString());
        yield n;
      }
      case Set<?> s -> tag("$set", array(s));
      case Collection<?> c -> array(c);
      case Object[] arr -> tag("$array", array(java.util.Arrays.asList(arr)));
      case Map<?, ?> m -> map(m);
      case Record r -> recordNode(r);
      case Throwable e -> tag("$error", F.textNode(e.toString()));
      default -> bean(v);
    };
  }

  private ArrayNode array(Collection<?> values) {
    ArrayNode a = F.arrayNode();
    values.forEach(x -> a.add(encode(x)));
    return a;
  }

  /** Whether every key of {@code m} is a string not starting with {@code $} (it is then written as a JSON object). */
  private static boolean plainKeys(Map<?, ?> m) {
    for (Map.Entry<?, ?> e : m.entrySet()) { // the entries, not the keys: most maps' key views are made per call
      if (!(e.getKey() instanceof String s) || (!s.isEmpty() && s.charAt(0) == '$')) {
        return false;
      }
    }
    return true;
  }

  /** A map with plain string keys as a JSON object; any other as {@code $map} entries. */
  private JsonNode map(Map<?, ?> m) {
    if (plainKeys(m)) {
      ObjectNode n = F.objectNode();
      m.forEach((k, x) -> n.set((String) k, encode(x)));
      return n;
    }
    ArrayNode entries = F.arrayNode();
    m.forEach((k, x) -> entries.add(F.arrayNode().add(encode(k)).add(encode(x))));
    return tag("$map", entries);
  }

  private JsonNode recordNode(Record r) {
    ObjectNode fields = F.objectNode();
    RecordShape shape = RecordShape.of(r.getClass());
    for (int i = 0; i < shape.names().length; i++) {
      fields.set(shape.names()[i], encode(shape.get(r, i)));
    }
    ObjectNode n = F.objectNode();
    n.put("$record", r.getClass().getName());
    n.set("fields", fields);
    return n;
  }

  private JsonNode bean(Object v) {
    try {
      ObjectNode n = F.objectNode();
      n.put("$bean", v.getClass().getName());
      n.set("v", MAPPER.valueToTree(v));
      return n;
    } catch (IllegalArgumentException e) {
      throw new SerdeException("cannot serialize " + describe(v) + ": " + e.getMessage(), e);
    }
  }

  /** A JSON tree written by {@link #encode} as Java values. */
  public Object decode(JsonNode n) {
    if (n == null || n.isNull() || n.isMissingNode()) {
      return null;
    }
    if (n.isTextual()) {
      return n.textValue();
    }
    if (n.isBoolean()) {
      return n.booleanValue();
    }
    if (n.isIntegralNumber()) {
      return n.canConvertToInt() ? (Object) n.intValue() : (Object) n.longValue();
    }
    if (n.isNumber()) {
      return n.doubleValue();
    }
    if (n.isArray()) {
      List<Object> out = new ArrayList<>(n.size());
      n.forEach(x -> out.add(decode(x)));
      return Collections.unmodifiableList(out);
    }
    ObjectNode o = (ObjectNode) n;
    if (o.size() == 1) {
      String key = o.fieldNames().next();
      if (key.startsWith("$")) {
        return decodeTag(key, o.get(key));
      }
    }
    if (o.has("$enum")) {
      return enumValue(o.get("$enum").asText(), o.get("name").asText());
    }
    if (o.has("$time")) {
      return time(o.get("$time").asText(), o.get("v").asText());
    }
    if (o.has("$record")) {
      return record(o.get("$record").asText(), (ObjectNode) o.get("fields"));
    }
    if (o.has("$bean")) {
      try {
        return MAPPER.treeToValue(o.get("v"), load(o.get("$bean").asText()));
      } catch (JsonProcessingException e) {
        throw new SerdeException("cannot read " + o.get("$bean").asText() + ": " + e.getMessage(), e);
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    o.properties().forEach(e -> out.put(e.getKey(), decode(e.getValue())));
    return Collections.unmodifiableMap(out);
  }

  private Object decodeTag(String tag, JsonNode v) {
    return switch (tag) {
      case "$long" -> Long.parseLong(v.asText());
      case "$float" -> (float) v.doubleValue();
      case "$short" -> (short) v.intValue();
      case "$byte" -> (byte) v.intValue();
      case "$decimal" -> new BigDecimal(v.asText());
      case "$bigint" -> new BigInteger(v.asText());
      case "$char" -> v.asText().charAt(0);
      case "$bytes" -> Base64.getDecoder().decode(v.asText());
      case "$uuid" -> UUID.fromString(v.asText());
      case "$error" -> v.asText();
      case "$optional" -> java.util.Optional.ofNullable(decode(v));
      case "$ref" -> {
        if (resolve == null) {
          throw new SerdeException("a stored value refers to a value its saver stores elsewhere; read it through that saver");
        }
        yield resolve.apply(new JacksonSerde(allowed).decode(v));
      }
      case "$set" -> {
        Set<Object> s = new LinkedHashSet<>();
        v.forEach(x -> s.add(decode(x)));
        yield Collections.unmodifiableSet(s);
      }
      case "$array" -> {
        Object[] arr = new Object[v.size()];
        for (int i = 0; i < arr.length; i++) {
          arr[i] = decode(v.get(i));
        }
        yield arr;
      }
      case "$map" -> {
        Map<Object, Object> m = new LinkedHashMap<>();
        v.forEach(e -> m.put(decode(e.get(0)), decode(e.get(1))));
        yield Collections.unmodifiableMap(m);
      }
      default -> {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(tag, decode(v));
        yield m;
      }
    };
  }

  private Class<?> load(String name) {
    if (!allowed.test(name)) {
      throw new SerdeException("class " + name + " is not allowed by this serde's allow-list");
    }
    try {
      return Class.forName(name, false, Thread.currentThread().getContextClassLoader() != null
          ? Thread.currentThread().getContextClassLoader() : JacksonSerde.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new SerdeException("stored value needs class " + name + ", which is not on the classpath", e);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Object enumValue(String cls, String name) {
    return Enum.valueOf((Class<? extends Enum>) load(cls), name);
  }

  private Object record(String cls, ObjectNode fields) {
    RecordShape shape = RecordShape.of(load(cls));
    if (shape == null) {
      throw new SerdeException(cls + " is not a record");
    }
    Object[] args = new Object[shape.names().length];
    for (int i = 0; i < args.length; i++) {
      args[i] = coerce(decode(fields.get(shape.names()[i])), shape.types()[i]);
    }
    return shape.build(args);
  }

  private static Object coerce(Object v, Class<?> target) {
    if (v == null) {
      if (target.isPrimitive()) {
        return target == boolean.class ? false : target == char.class ? '\0' : coerce(0, target);
      }
      return null;
    }
    if (v instanceof Number n && (target.isPrimitive() || Number.class.isAssignableFrom(target))) {
      return switch (target.getName()) {
        case "long", "java.lang.Long" -> n.longValue();
        case "int", "java.lang.Integer" -> n.intValue();
        case "double", "java.lang.Double" -> n.doubleValue();
        case "float", "java.lang.Float" -> n.floatValue();
        case "short", "java.lang.Short" -> n.shortValue();
        case "byte", "java.lang.Byte" -> n.byteValue();
        default -> v;
      };
    }
    if (v instanceof List<?> l && target.isArray() && !target.getComponentType().isPrimitive()) {
      return l.toArray((Object[]) java.lang.reflect.Array.newInstance(target.getComponentType(), 0));
    }
    return v;
  }

  private static boolean isTime(Object v) {
    return v instanceof Instant || v instanceof LocalDate || v instanceof LocalDateTime || v instanceof LocalTime
        || v instanceof OffsetDateTime || v instanceof ZonedDateTime || v instanceof Duration;
  }

  private Object time(String cls, String v) {
    return switch (cls) {
      case "java.time.Instant" -> Instant.parse(v);
      case "java.time.LocalDate" -> LocalDate.parse(v);
      case "java.time.LocalDateTime" -> LocalDateTime.parse(v);
      case "java.time.LocalTime" -> LocalTime.parse(v);
      case "java.time.OffsetDateTime" -> OffsetDateTime.parse(v);
      case "java.time.ZonedDateTime" -> ZonedDateTime.parse(v);
      case "java.time.Duration" -> Duration.parse(v);
      default -> throw new SerdeException("unknown time type " + cls);
    };
  }

  private static ObjectNode tag(String tag, JsonNode v) {
    ObjectNode n = F.objectNode();
    n.set(tag, v);
    return n;
  }

  private static String describe(Object v) {
    return v == null ? "null" : "a " + v.getClass().getName();
  }
}
