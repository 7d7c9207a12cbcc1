package dev.trellis.graph;

import dev.trellis.error.InputViolation;
import java.util.List;
import java.util.Map;

/**
 * The constraints a graph declares on its run input ({@code StateGraph.inputValidator}), checked
 * before a run starts: by {@code invoke}/{@code stream} in process (an
 * {@link dev.trellis.error.InvalidInputException}) and by the server before it creates a
 * run or a thread (a 422 naming the field and the constraint). The same constraints describe the
 * input in JSON Schemas ({@link #keywords}, {@link #required}). {@code trellis-validation} builds
 * one from Jakarta Bean Validation annotations on a record; core depends on no validation library.
 *
 * <p>Implementations are immutable and thread-safe. They see the input's values by key, after
 * the engine checked that every key is an input key; a resume (no input) is not validated.
 */
public interface InputValidator {
  /** The ways {@code input} breaks the constraints, in a stable order; empty when it keeps them. */
  List<InputViolation> validate(Map<String, Object> input);

  /** JSON Schema keywords the constraints add to each input key's property ({@code maxLength}, {@code pattern}, …). */
  Map<String, Map<String, Object>> keywords();

  /** The input keys every run's input must set. */
  List<String> required();
}
