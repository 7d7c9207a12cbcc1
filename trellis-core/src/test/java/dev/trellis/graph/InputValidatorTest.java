package dev.trellis.graph;

import static dev.trellis.core.StateGraph.START;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InputViolation;
import dev.trellis.error.InvalidInputException;
import dev.trellis.error.InvalidUpdateException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A graph's declared input constraints are checked on a run's input, before anything is written. */
class InputValidatorTest {
  static final Key<String> NAME = Key.of("name", String.class);
  static final Key<String> ANSWER = Key.of("answer", String.class);

  /** {@code name} must be given and at most 5 characters; records what it was asked to check. */
  static final class ShortName implements InputValidator {
    final List<Map<String, Object>> seen = new ArrayList<>();

    @Override
    public List<InputViolation> validate(Map<String, Object> input) {
      seen.add(input);
      Object name = input.get("name");
      if (name == null) {
        return List.of(new InputViolation("name", "NotNull", "must not be null"));
      }
      return String.valueOf(name).length() > 5 ? List.of(new InputViolation("name", "Size", "size must be at most 5"))
          : List.of();
    }

    @Override
    public Map<String, Map<String, Object>> keywords() {
      return Map.of("name", Map.of("maxLength", 5));
    }

    @Override
    public List<String> required() {
      return List.of("name");
    }
  }

  final ShortName validator = new ShortName();
  final InMemorySaver saver = new InMemorySaver();
  final CompiledGraph graph = StateGraph.of(Schema.of(NAME, ANSWER))
      .inputKeys("name")
      .inputValidator(validator)
      .addNode("ask", (s, rt) -> Update.of(ANSWER, rt.interrupt("hello " + s.get(NAME) + "?")))
      .addEdge(START, "ask")
      .compile(CompileOptions.checkpointer(saver));

  @Test
  void inputBreakingAConstraintIsRefusedBeforeTheInputCheckpoint() {
    InvalidInputException e = assertThrows(InvalidInputException.class, () -> graph.invoke(Map.of("name", "Bartholomew"),
        RunConfig.thread("t1")));
    assertEquals(ErrorCode.INPUT_VIOLATION, e.code());
    assertEquals(List.of(new InputViolation("name", "Size", "size must be at most 5")), e.violations());
    assertNull(saver.getTuple(new CheckpointConfig("t1", "", null)), "nothing written on the thread");
  }

  @Test
  void aResumeIsNotValidated() {
    graph.invoke(Map.of("name", "Ann"), RunConfig.thread("t2"));
    State done = graph.invoke(Command.resume("hi"), RunConfig.thread("t2"));
    assertEquals("hi", done.get(ANSWER));
    assertEquals(1, validator.seen.size(), "only the input was checked");
  }

  @Test
  void aKeyThatIsNotAnInputIsRefusedBeforeTheValidatorSeesIt() {
    InvalidUpdateException e = assertThrows(InvalidUpdateException.class, () -> graph.invoke(
        Map.of("name", "Ann", "answer", "forged"), RunConfig.thread("t3")));
    assertEquals(ErrorCode.NOT_AN_INPUT, e.code());
    assertEquals(List.of(), validator.seen);
  }

  @Test
  void theSignatureCarriesTheValidator() {
    assertEquals(validator, graph.signature().inputValidator());
  }
}
