package dev.trellis.error;

import java.util.Objects;

/**
 * One way a run's input breaks its graph's declared constraints ({@link dev.trellis.graph.InputValidator}).
 *
 * @param field the input path, as the client spelled it ({@code message}, {@code messages[2].content})
 * @param constraint the constraint's name ({@code Size}, {@code NotBlank}, {@code Pattern}; {@code type} when the
 *     value has the wrong JSON type)
 * @param message what is wrong, for people ({@code size must be between 1 and 4000})
 */
public record InputViolation(String field, String constraint, String message) {
  public InputViolation {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(constraint, "constraint");
    Objects.requireNonNull(message, "message");
  }

  /** {@code field: message (constraint)}. */
  @Override
  public String toString() {
    return field + ": " + message + " (" + constraint + ")";
  }
}
