package dev.trellis.bench;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Update;
import dev.trellis.runtime.MessageStream;
import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * W10's Trellis side: serves the {@code tokens} graph — one node that calls {@link ScriptedTokens}
 * (2,000 tokens) through {@code Runtime.chatModel} and stores the answer — on a SQLite server,
 * for the JS SDK client {@code bench/peers/langgraph-server/w10.mjs}. Prints the model's own
 * cost called directly (the baseline the client's numbers are set against), then
 * {@code port N}, and serves until its standard input closes.
 * Usage: {@code java -cp benchmarks.jar dev.trellis.bench.W10Tokens [port]}.
 */
public final class W10Tokens {
  static final int TOKENS = 2_000;
  @SuppressWarnings({"unchecked", "rawtypes"})
  static final Key<List<Map<String, Object>>> MESSAGES = (Key) Key.appending("messages", Map.class);

  private W10Tokens() {}

  /** START → model → END; model streams the scripted answer's tokens and appends the answer to {@code messages}. */
  static CompiledGraph graph(ScriptedTokens model, CompileOptions options) {
    return StateGraph.of(dev.trellis.graph.Schema.of(MESSAGES))
        .addNode("model", (s, rt) -> {
          MessageStream ms = rt.chatModel("scripted", s.get(MESSAGES));
          String text = model.stream(ms::write);
          Map<String, Object> answer = Map.of("type", "ai", "content", text, "id", ms.messageId());
          ms.end(answer);
          return Update.of(MESSAGES, List.of(answer));
        })
        .addEdge(StateGraph.START, "model")
        .addEdge("model", StateGraph.END)
        .compile(options);
  }

  public static void main(String[] args) throws IOException {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    ScriptedTokens model = new ScriptedTokens(TOKENS);
    direct(model);
    Path dir = Files.createTempDirectory("w10");
    try (TrellisServer server = TrellisServer.builder().port(port).host("127.0.0.1").sqlite(dir.resolve("w10.db"))
        .graph("tokens", (saver, store) -> graph(model, CompileOptions.checkpointer(saver).withStore(store)))
        .start()) {
      System.out.println("port " + server.port());
      System.out.flush();
      while (System.in.read() >= 0) {
        // serve until the driver closes our input
      }
    }
  }

  /** The model called directly, as the W10 client does with the JS model: first token and per-token cost (medians of 50 calls). */
  private static void direct(ScriptedTokens model) {
    int calls = 50;
    double[] first = new double[calls];
    double[] perToken = new double[calls];
    for (int warm = 0; warm < 200; warm++) {
      model.stream(t -> { });
    }
    for (int i = 0; i < calls; i++) {
      long t0 = System.nanoTime();
      long[] at = {0};
      model.stream(t -> {
        if (at[0] == 0) {
          at[0] = System.nanoTime();
        }
      });
      long end = System.nanoTime();
      first[i] = (at[0] - t0) / 1e6;
      perToken[i] = (end - t0) / 1e3 / model.count();
    }
    Arrays.sort(first);
    Arrays.sort(perToken);
    System.out.printf(Locale.ROOT, "trellis W10 direct_ttft_ms %.4f ms%n", first[calls / 2]);
    System.out.printf(Locale.ROOT, "trellis W10 direct_us_per_token %.4f us%n", perToken[calls / 2]);
  }
}
