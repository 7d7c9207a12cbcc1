package dev.trellis.validation;

import com.fasterxml.jackson.databind.JavaType;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.validation.metadata.BeanDescriptor;
import jakarta.validation.metadata.ConstraintDescriptor;
import jakarta.validation.metadata.ContainerElementTypeDescriptor;
import jakarta.validation.metadata.PropertyDescriptor;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON Schema a record's Bean Validation constraints describe, read from the validator's
 * metadata (not from annotation names): per property {@code minLength}/{@code maxLength}
 * ({@code @Size}, {@code @NotBlank}, {@code @NotEmpty} on strings), {@code minItems}/{@code maxItems}
 * (on lists), {@code pattern}, {@code minimum}/{@code maximum}, and {@code items} for a list of
 * {@code @Valid} records; {@code required} from {@code @NotNull}, {@code @NotBlank} and {@code @NotEmpty}.
 */
record JsonSchemaKeywords(Map<String, Map<String, Object>> properties, List<String> required) {
  static JsonSchemaKeywords of(Validator validator, Class<?> type) {
    BeanDescriptor bean = validator.getConstraintsForClass(type);
    Map<String, Map<String, Object>> props = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      String key = BeanInputValidator.key(c.getName());
      PropertyDescriptor p = bean.getConstraintsForProperty(c.getName());
      Map<String, Object> kw = new LinkedHashMap<>();
      boolean list = Collection.class.isAssignableFrom(c.getType()) || c.getType().isArray();
      if (p != null) {
        if (constrain(kw, p.getConstraintDescriptors(), list)) {
          required.add(key);
        }
        for (ContainerElementTypeDescriptor e : p.getConstrainedContainerElementTypes()) {
          Class<?> element = elementClass(c.getGenericType());
          Map<String, Object> items = element != null && element.isRecord() && e.isCascaded()
              ? object(validator, element) : new LinkedHashMap<>();
          constrain(items, e.getConstraintDescriptors(), false);
          if (!items.isEmpty()) {
            kw.put("items", items);
          }
        }
        Class<?> element = elementClass(c.getGenericType());
        if (p.isCascaded() && list && element != null && element.isRecord() && !kw.containsKey("items")) {
          kw.put("items", object(validator, element));
        } else if (p.isCascaded() && c.getType().isRecord()) {
          kw.putAll(object(validator, c.getType()));
        }
      }
      if (!kw.isEmpty()) {
        props.put(key, Map.copyOf(kw));
      }
    }
    return new JsonSchemaKeywords(Map.copyOf(props), List.copyOf(required));
  }

  /** A nested record's schema: {@code type: object} with its properties' types and keywords. */
  private static Map<String, Object> object(Validator validator, Class<?> type) {
    JsonSchemaKeywords nested = of(validator, type);
    Map<String, Object> props = new LinkedHashMap<>();
    for (RecordComponent c : type.getRecordComponents()) {
      String key = BeanInputValidator.key(c.getName());
      Map<String, Object> p = new LinkedHashMap<>(jsonType(c.getType()));
      p.putAll(nested.properties().getOrDefault(key, Map.of()));
      props.put(key, p);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", "object");
    m.put("properties", props);
    if (!nested.required().isEmpty()) {
      m.put("required", nested.required());
    }
    return m;
  }

  /** Adds the keywords of {@code constraints} to {@code kw}; whether one of them makes the property required. */
  private static boolean constrain(Map<String, Object> kw, Set<ConstraintDescriptor<?>> constraints, boolean list) {
    boolean required = false;
    for (ConstraintDescriptor<?> d : constraints) {
      Annotation a = d.getAnnotation();
      switch (a) {
        case Size s -> {
          if (s.min() > 0) {
            kw.put(list ? "minItems" : "minLength", s.min());
          }
          if (s.max() != Integer.MAX_VALUE) {
            kw.put(list ? "maxItems" : "maxLength", s.max());
          }
        }
        case NotBlank n -> {
          kw.putIfAbsent("minLength", 1);
          required = true;
        }
        case NotEmpty n -> {
          kw.putIfAbsent(list ? "minItems" : "minLength", 1);
          required = true;
        }
        case NotNull n -> required = true;
        case Pattern p -> kw.put("pattern", p.regexp());
        case Min m -> kw.put("minimum", m.value());
        case Max m -> kw.put("maximum", m.value());
        default -> required |= constrain(kw, d.getComposingConstraints(), list);
      }
    }
    return required;
  }

  private static Class<?> elementClass(Type t) {
    if (t instanceof ParameterizedType p && p.getActualTypeArguments().length == 1
        && p.getActualTypeArguments()[0] instanceof Class<?> c) {
      return c;
    }
    return null;
  }

  private static Map<String, Object> jsonType(Class<?> t) {
    String name = jsonTypeName(t);
    return switch (name) {
      case "a string" -> Map.of("type", "string");
      case "an integer" -> Map.of("type", "integer");
      case "a number" -> Map.of("type", "number");
      case "a boolean" -> Map.of("type", "boolean");
      case "an array" -> Map.of("type", "array");
      case "an object" -> Map.of("type", "object");
      default -> Map.of();
    };
  }

  /** {@code t} as the JSON value a client must send: "a string", "an array", … ("any value" for Object). */
  static String jsonTypeName(JavaType t) {
    return t.isCollectionLikeType() || t.isArrayType() ? "an array" : t.isMapLikeType() ? "an object" : jsonTypeName(t.getRawClass());
  }

  static String jsonTypeName(Class<?> t) {
    if (t == Object.class) {
      return "any value";
    }
    if (CharSequence.class.isAssignableFrom(t) || t.isEnum()) {
      return "a string";
    }
    if (t == Integer.class || t == Long.class || t == int.class || t == long.class || t == Short.class || t == short.class) {
      return "an integer";
    }
    if (Number.class.isAssignableFrom(t) || t == double.class || t == float.class) {
      return "a number";
    }
    if (t == Boolean.class || t == boolean.class) {
      return "a boolean";
    }
    if (Collection.class.isAssignableFrom(t) || t.isArray()) {
      return "an array";
    }
    return "an object";
  }
}
