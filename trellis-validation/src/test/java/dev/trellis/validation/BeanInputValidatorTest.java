package dev.trellis.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InputViolation;
import dev.trellis.error.InvalidInputException;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BeanInputValidatorTest {
  public record Line(@NotBlank String itemName) {}

  public record Order(@NotBlank @Size(max = 10) String title, @NotNull @Pattern(regexp = "[a-z]+") String sku,
                      @Size(min = 1, max = 3) List<@Valid Line> lines, Integer count) {}

  final BeanInputValidator v = BeanInputValidator.of(Order.class);

  static Map<String, Object> input(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void keysAreTheComponentsInSnakeCase() {
    assertEquals(List.of("title", "sku", "lines", "count"), v.keys());
    assertEquals(List.of("item_name"), BeanInputValidator.of(Line.class).keys());
  }

  @Test
  void inputKeepingEveryConstraintHasNoViolation() {
    assertEquals(List.of(), v.validate(input("title", "tea", "sku", "abc", "lines", List.of(Map.of("item_name", "cup")))));
  }

  @Test
  void violationsNameTheFieldAndTheConstraint() {
    List<InputViolation> out = v.validate(input("title", "   ", "sku", "ABC"));
    assertEquals(List.of("sku/Pattern", "title/NotBlank"), out.stream().map(x -> x.field() + "/" + x.constraint()).toList());
    assertEquals("title/Size", v.validate(input("title", "x".repeat(11), "sku", "a")).getFirst().field() + "/Size");
    assertEquals(List.of(new InputViolation("sku", "NotNull", "must not be null")), v.validate(input("title", "t")));
  }

  @Test
  void aNestedViolationNamesTheElementsIndexAndSnakeCaseField() {
    List<InputViolation> out = v.validate(input("title", "t", "sku", "a", "lines",
        List.of(Map.of("item_name", "cup"), Map.of("item_name", ""))));
    assertEquals(List.of("lines[1].item_name/NotBlank"), out.stream().map(x -> x.field() + "/" + x.constraint()).toList());
  }

  @Test
  void aValueOfTheWrongJsonTypeIsATypeViolation() {
    assertEquals(new InputViolation("title", "type", "must be a string"), v.validate(input("title", 5, "sku", "a")).getFirst());
    assertEquals(new InputViolation("lines", "type", "must be an array"),
        v.validate(input("title", "t", "sku", "a", "lines", "cup")).getFirst());
    assertEquals("count", v.validate(input("title", "t", "sku", "a", "count", "3")).getFirst().field());
  }

  @Test
  void keywordsDescribeTheConstraintsAsJsonSchema() {
    Map<String, Map<String, Object>> kw = v.keywords();
    assertEquals(Map.of("minLength", 1, "maxLength", 10), kw.get("title"));
    assertEquals(Map.of("pattern", "[a-z]+"), kw.get("sku"));
    assertEquals(1, kw.get("lines").get("minItems"));
    assertEquals(3, kw.get("lines").get("maxItems"));
    assertEquals(Map.of("type", "object", "properties", Map.of("item_name", Map.of("type", "string", "minLength", 1)),
        "required", List.of("item_name")), kw.get("lines").get("items"));
    assertEquals(List.of("title", "sku"), v.required());
  }

  @Test
  void invokeRefusesBadInputBeforeAnyCheckpointOrNode() {
    Key<String> title = Key.of("title", String.class);
    Key<String> sku = Key.of("sku", String.class);
    AtomicInteger ran = new AtomicInteger();
    InMemorySaver saver = new InMemorySaver();
    CompiledGraph g = StateGraph.of(Schema.of(title, sku, Key.of("lines", List.class), Key.of("count", Integer.class)))
        .inputValidator(v)
        .addNode("n", (s, rt) -> {
          ran.incrementAndGet();
          return Update.empty();
        })
        .addEdge(StateGraph.START, "n").addEdge("n", StateGraph.END)
        .compile(CompileOptions.checkpointer(saver));
    RunConfig config = RunConfig.thread("t1");
    InvalidInputException e = assertThrows(InvalidInputException.class, () -> g.invoke(Map.of("title", "", "sku", "a"), config));
    assertEquals(ErrorCode.INPUT_VIOLATION, e.code());
    assertEquals(List.of(new InputViolation("title", "NotBlank", "must not be blank")), e.violations());
    assertTrue(e.getMessage().contains("title: must not be blank (NotBlank)"), e.getMessage());
    assertEquals(0, ran.get());
    assertEquals(null, saver.getTuple(new dev.trellis.checkpoint.CheckpointConfig("t1", "", null)), "no checkpoint written");
    g.invoke(Map.of("title", "tea", "sku", "a"), config);
    assertEquals(1, ran.get());
  }
}
