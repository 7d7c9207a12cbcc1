package dev.trellis.validation;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.trellis.error.InputViolation;
import dev.trellis.graph.InputValidator;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * An {@link InputValidator} from Jakarta Bean Validation annotations on a record (Hibernate
 * Validator): each component is an input key, named in snake case ({@code patientId} →
 * {@code patient_id}); the input is read into the record (a value of the wrong JSON type is a
 * {@code type} violation: no string from a number, no list from a single value) and the record
 * validated, nested {@code @Valid} components included. Violations name the field as the client
 * spelled it and the constraint's annotation ({@code Size}, {@code NotBlank}, …).
 *
 * <p>Messages are interpolated without Expression Language ({@code ParameterMessageInterpolator}:
 * {@code {max}} works, {@code ${…}} expressions stay as written), so no EL implementation is
 * needed. Immutable and thread-safe.
 */
public final class BeanInputValidator implements InputValidator {
  private static final ValidatorFactory FACTORY = Validation.byDefaultProvider().configure()
      .messageInterpolator(new ParameterMessageInterpolator()).buildValidatorFactory();
  private static final ObjectMapper JSON = strictMapper();

  private final Class<? extends Record> type;
  private final Validator validator;
  private final List<String> keys;
  private final JsonSchemaKeywords schema;

  private BeanInputValidator(Class<? extends Record> type) {
    this.type = type;
    this.validator = FACTORY.getValidator();
    List<String> k = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      k.add(key(c.getName()));
    }
    this.keys = List.copyOf(k);
    this.schema = JsonSchemaKeywords.of(validator, type);
  }

  /** The validator of input records of {@code type}. */
  public static BeanInputValidator of(Class<? extends Record> type) {
    return new BeanInputValidator(Objects.requireNonNull(type, "type"));
  }

  /** The input keys: the record's components in snake case, in declaration order (for {@code StateGraph.inputKeys}). */
  public List<String> keys() {
    return keys;
  }

  /** {@code input} read into the record, or the {@code type} violation that stops it. */
  @Override
  public List<InputViolation> validate(Map<String, Object> input) {
    Record value;
    try {
      value = JSON.convertValue(input, type);
    } catch (IllegalArgumentException e) {
      return List.of(typeViolation(e));
    }
    List<InputViolation> out = new ArrayList<>();
    for (ConstraintViolation<Record> v : validator.validate(value)) {
      out.add(new InputViolation(field(v.getPropertyPath()),
          v.getConstraintDescriptor().getAnnotation().annotationType().getSimpleName(), v.getMessage()));
    }
    out.sort(Comparator.comparing(InputViolation::field).thenComparing(InputViolation::constraint));
    return out;
  }

  @Override
  public Map<String, Map<String, Object>> keywords() {
    return schema.properties();
  }

  @Override
  public List<String> required() {
    return schema.required();
  }

  /** {@code javaName} as an input key. */
  static String key(String javaName) {
    return ((PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE).translate(javaName);
  }

  private static String field(Path path) {
    StringBuilder b = new StringBuilder();
    for (Path.Node n : path) {
      // a list element's index sits on the node after the list's
      if (n.isInIterable() && n.getIndex() != null) {
        b.append('[').append(n.getIndex()).append(']');
      } else if (n.isInIterable() && n.getKey() != null) {
        b.append('[').append(n.getKey()).append(']');
      }
      if (n.getName() != null && n.getKind() != jakarta.validation.ElementKind.CONTAINER_ELEMENT
          && n.getKind() != jakarta.validation.ElementKind.BEAN) {
        b.append(b.isEmpty() ? "" : ".").append(key(n.getName()));
      }
    }
    return b.toString();
  }

  private static InputViolation typeViolation(IllegalArgumentException e) {
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    String field = "";
    String expected = "of another type";
    if (cause instanceof JsonMappingException jme) {
      StringBuilder b = new StringBuilder();
      for (JsonMappingException.Reference r : jme.getPath()) {
        if (r.getFieldName() != null) {
          b.append(b.isEmpty() ? "" : ".").append(r.getFieldName());
        } else if (r.getIndex() >= 0) {
          b.append('[').append(r.getIndex()).append(']');
        }
      }
      field = b.toString();
      if (jme instanceof MismatchedInputException mie && mie.getTargetType() != null) {
        expected = JsonSchemaKeywords.jsonTypeName(mie.getTargetType());
      }
    }
    return new InputViolation(field, "type", "must be " + expected);
  }

  private static ObjectMapper strictMapper() {
    ObjectMapper m = JsonMapper.builder()
        .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .build();
    for (CoercionInputShape shape : List.of(CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean)) {
      m.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
    }
    for (LogicalType t : List.of(LogicalType.Integer, LogicalType.Float, LogicalType.Boolean)) {
      m.coercionConfigFor(t).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    }
    return m;
  }
}
