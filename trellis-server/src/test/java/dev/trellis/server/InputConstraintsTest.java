package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.validation.BeanInputValidator;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Constraints a graph declares on its input record (Bean Validation through trellis-validation)
 * are enforced at the HTTP edge: a 422 naming the field and the constraint, and no run or thread
 * exists afterwards; the same constraints appear in the served input schema.
 */
class InputConstraintsTest {
  /** One line of a note. */
  public record Line(@NotBlank String text) {}

  /** What a client may send. */
  public record NoteInput(@NotBlank @Size(max = 20) String title, @Pattern(regexp = "[a-z0-9-]{1,16}") String authorId,
                          @Size(max = 2) List<@Valid Line> lines) {}

  static final BeanInputValidator VALIDATOR = BeanInputValidator.of(NoteInput.class);
  static final AtomicInteger RAN = new AtomicInteger();
  static TrellisServer server;
  static HttpClientHelper http;

  @BeforeAll
  static void start() {
    server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(TestServers.tempDir().resolve("constraints.db"))
        .graph("notes", (saver, store) -> StateGraph.of(Schema.of(Key.of("title", String.class),
                Key.of("author_id", String.class), Key.of("lines", List.class), Key.of("saved", Boolean.class)))
            .inputKeys(VALIDATOR.keys().toArray(String[]::new))
            .inputValidator(VALIDATOR)
            .addNode("save", (s, rt) -> {
              RAN.incrementAndGet();
              return Update.of(Map.of("saved", true));
            })
            .addEdge(StateGraph.START, "save")
            .compile(CompileOptions.checkpointer(saver).withName("notes")))
        .start();
    http = new HttpClientHelper(server);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static void refused(HttpClientHelper.Reply r, String field, String constraint) {
    assertEquals(422, r.status(), r.text());
    assertEquals("INPUT_VIOLATION", r.map().get("code"), r.text());
    String detail = String.valueOf(r.map().get("detail"));
    assertTrue(detail.contains(field + ": ") && detail.contains("(" + constraint + ")"), detail);
  }

  @Test
  void inputBreakingAConstraintIsA422NamingFieldAndConstraintAndCreatesNoRun() {
    int before = RAN.get();
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    for (String route : List.of("/runs", "/runs/wait", "/runs/stream")) {
      refused(http.call("POST", "/threads/" + thread + route, Map.of("assistant_id", "notes",
          "input", Map.of("title", "x".repeat(21)))), "title", "Size");
    }
    refused(http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "notes",
        "input", Map.of("title", "ok", "author_id", "Not Valid!"))), "author_id", "Pattern");
    refused(http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "notes",
        "input", Map.of("title", "ok", "lines", List.of(Map.of("text", " "))))), "lines[0].text", "NotBlank");
    refused(http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "notes",
        "input", Map.of("title", "ok", "lines", "one line"))), "lines", "type");
    assertEquals(List.of(), http.call("GET", "/threads/" + thread + "/runs", null).body());
    assertEquals("idle", http.call("GET", "/threads/" + thread, null).get("status"));
    assertEquals(before, RAN.get(), "no node ran");
  }

  @Test
  void aMissingRequiredFieldCreatesNoThreadAndNoStatelessRun() {
    String thread = UUID.randomUUID().toString();
    refused(http.call("POST", "/threads/" + thread + "/runs", Map.of("assistant_id", "notes", "if_not_exists", "create",
        "input", Map.of("author_id", "ann"))), "title", "NotBlank");
    assertEquals(404, http.call("GET", "/threads/" + thread, null).status());
    Object count = http.call("POST", "/threads/count", Map.of()).body();
    refused(http.call("POST", "/runs/wait", Map.of("assistant_id", "notes", "input", Map.of())), "title", "NotBlank");
    assertEquals(count, http.call("POST", "/threads/count", Map.of()).body());
  }

  @Test
  void inputKeepingTheConstraintsRuns() {
    String thread = http.call("POST", "/threads", Map.of()).get("thread_id");
    HttpClientHelper.Reply r = http.call("POST", "/threads/" + thread + "/runs/wait", Map.of("assistant_id", "notes",
        "input", Map.of("title", "groceries", "author_id", "ann-1", "lines", List.of(Map.of("text", "milk")))));
    assertEquals(200, r.status(), r.text());
    assertEquals(true, r.map().get("saved"), r.text());
  }

  @Test
  @SuppressWarnings("unchecked")
  void theInputSchemaShowsTheConstraints() {
    Map<String, Object> input = (Map<String, Object>) http.call("GET", "/assistants/notes/schemas", null).map().get("input_schema");
    Map<String, Object> props = (Map<String, Object>) input.get("properties");
    assertEquals(Map.of("title", "Title", "type", "string", "minLength", 1, "maxLength", 20), props.get("title"));
    assertEquals(Map.of("title", "Author Id", "type", "string", "pattern", "[a-z0-9-]{1,16}"), props.get("author_id"));
    Map<String, Object> lines = (Map<String, Object>) props.get("lines");
    assertEquals(2, lines.get("maxItems"));
    assertEquals(Map.of("type", "object", "properties", Map.of("text", Map.of("type", "string", "minLength", 1)),
        "required", List.of("text")), lines.get("items"));
    assertEquals(List.of("title"), input.get("required"));
    assertEquals(List.of("title", "author_id", "lines"), List.copyOf(props.keySet()));
  }
}
