package dev.trellis.spring;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The sample application the starter's tests boot: one ordinary Spring MVC endpoint (its JSON
 * written by Spring's Jackson 3) and graphs as beans — {@code hello} (a StateGraph) greets,
 * {@code gated} writes a first update, then waits for the test to open {@link #GATE} before its
 * second; {@code review} is a CompiledGraph compiled without a checkpointer that pauses before
 * {@code ship} (served on the server's checkpointer, so the pause is durable), and
 * {@code echo-bot} a CompiledGraph served under the id its {@link TrellisGraph} names.
 */
@SpringBootApplication
@RestController
public class SampleApp {
  static final Key<String> NAME = Key.of("name", String.class);
  static final Key<String> GREETING = Key.of("greeting", String.class);
  static final Key<List<String>> STEPS = Key.appending("steps", String.class);
  static volatile CompletableFuture<Void> GATE = new CompletableFuture<>();

  /** A Spring-side endpoint: proves the application's own JSON (Jackson 3) still works next to Trellis. */
  @GetMapping("/app/status")
  Map<String, Object> status() {
    return Map.of("app", "sample", "graphs", List.of("hello", "gated", "review", "echo-bot"));
  }

  @Bean
  StateGraph hello() {
    return StateGraph.of(Schema.of(NAME, GREETING, STEPS))
        .addNode("greet", (s, rt) -> Update.of(GREETING, "Hello, " + s.get(NAME) + "!", STEPS, List.of("greet")))
        .addNode("sign", (s, rt) -> Update.of(GREETING, s.get(GREETING) + " (from Spring)", STEPS, List.of("sign")))
        .addSequence(StateGraph.START, "greet", "sign", StateGraph.END);
  }

  @Bean
  StateGraph gated() {
    return StateGraph.of(Schema.of(NAME, GREETING, STEPS))
        .addNode("first", (s, rt) -> Update.of(STEPS, List.of("first")))
        .addNode("second", (s, rt) -> {
          GATE.join();
          return Update.of(STEPS, List.of("second"));
        })
        .addSequence(StateGraph.START, "first", "second", StateGraph.END);
  }

  @Bean
  CompiledGraph review() {
    return StateGraph.of(Schema.of(NAME, GREETING, STEPS))
        .addNode("draft", (s, rt) -> Update.of(GREETING, "Draft for " + s.get(NAME), STEPS, List.of("draft")))
        .addNode("ship", (s, rt) -> Update.of(STEPS, List.of("ship")))
        .addSequence(StateGraph.START, "draft", "ship", StateGraph.END)
        .compile(CompileOptions.DEFAULT.withInterruptBefore("ship"));
  }

  @Bean
  @TrellisGraph("echo-bot")
  CompiledGraph echo() {
    return StateGraph.of(Schema.of(NAME, GREETING))
        .addNode("echo", (s, rt) -> Update.of(GREETING, s.get(NAME)))
        .addEdge(StateGraph.START, "echo")
        .compile();
  }
}
