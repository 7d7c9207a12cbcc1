package dev.trellis.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.UncheckedIOException;

/**
 * The client's one Jackson mapper: the server's snake_case fields onto camelCase record
 * components; fields this client does not know are ignored, so a newer server does not break it.
 */
final class Json {
  static final ObjectMapper MAPPER = JsonMapper.builder()
      .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private Json() {}

  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
    }
  }

  static <T> T read(String text, JavaType type) {
    try {
      return MAPPER.readValue(text, type);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("the server's reply is not the JSON expected (" + type + "): "
          + e.getOriginalMessage(), e);
    }
  }

  static JavaType type(Class<?> type) {
    return MAPPER.constructType(type);
  }

  static JavaType listOf(Class<?> element) {
    return MAPPER.getTypeFactory().constructCollectionType(java.util.List.class, element);
  }
}
