package dev.trellis.cli;

import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.cli.config.ConfigException;
import dev.trellis.cli.config.Dependencies;
import dev.trellis.cli.config.GraphSource;
import dev.trellis.cli.config.ServedGraphs;
import dev.trellis.cli.config.TrellisConfig;
import dev.trellis.client.TrellisClient;
import dev.trellis.client.TrellisClientException;
import dev.trellis.client.remote.RemoteGraph;
import dev.trellis.core.CompiledGraph;
import dev.trellis.sqlite.SqliteStore;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code trellis chat GRAPH}: a terminal chat with any graph {@code trellis serve} would serve
 * (the same config and SQLite file) whose input has a {@code messages} key, run in this process
 * on one thread ({@link GraphChat}); with {@code --url}, the assistant of that name on a running
 * Trellis (or LangGraph) server instead, through the Java client. An application that contributes its own chat for a graph
 * ({@link dev.trellis.cli.spi.AppCommand} under {@code chat}, e.g. {@code trellis chat opencouch})
 * takes that graph's name as a subcommand.
 */
@Command(name = "chat", mixinStandardHelpOptions = true,
    description = "Chat in the terminal with a graph that takes messages (e.g. agent), or an application's own chat.")
final class ChatCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "GRAPH", arity = "0..1", description = "the graph id, as trellis serve serves it")
  String graph;

  @Option(names = "--config", description = "trellis.json naming the graphs (default: the built-in one, as trellis serve)")
  Path config;

  @Option(names = "--graphs", description = "directories or files of JSON graphs (default: $TRELLIS_EXAMPLES or ./examples)")
  List<File> graphs = new ArrayList<>();

  @Option(names = "--db", description = "SQLite file (default: the config's, else trellis.db, the file trellis serve uses)")
  Path db;

  @Option(names = "--thread", description = "the thread to continue (default: a new one, printed at the start)")
  String thread;

  @Option(names = "--url", description = "chat with the assistant GRAPH on the server at this URL (e.g. http://127.0.0.1:2024) instead of in this process")
  String url;

  @Option(names = "--api-key", description = "with --url: the x-api-key header (default: $TRELLIS_API_KEY)")
  String apiKey = System.getenv("TRELLIS_API_KEY");

  @Override
  public Integer call() throws Exception {
    if (graph == null) {
      System.err.println("name the graph to chat with, e.g. trellis chat agent");
      return 2;
    }
    String id = thread != null ? thread : UUID.randomUUID().toString();
    if (url != null) {
      return remote(id);
    }
    String name = config != null ? config.toString() : "the built-in config";
    TrellisConfig c;
    Optional<GraphSource> source;
    List<String> ids;
    try {
      c = ServeOptions.load(config, graphs);
      ServedGraphs served = ServedGraphs.resolve(c, Dependencies.of(c, name).loader(ChatCommand.class.getClassLoader()), name);
      source = served.source(graph);
      ids = served.ids();
    } catch (ConfigException | IllegalArgumentException | java.io.IOException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    if (source.isEmpty()) {
      System.err.println("no graph \"" + graph + "\" (graphs: " + String.join(", ", ids) + ")");
      return 2;
    }
    Path file = db != null ? db
        : c.checkpointer() != null && c.checkpointer().sqlite() != null ? c.checkpointer().sqlite() : Path.of("trellis.db");
    try (SqliteStore store = SqliteStore.open(file)) {
      CompiledGraph g;
      try {
        g = source.get().factory().build(new JdbcSaver(store.database(), new JacksonSerde()), store);
      } catch (UnsupportedOperationException e) { // a provider that needs a running server (e.g. its database)
        System.err.println("graph \"" + graph + "\" cannot run outside trellis serve: " + e.getMessage());
        return 2;
      }
      if (!GraphChat.chats(g)) {
        System.err.println("graph \"" + graph + "\" takes no messages (its input keys: " + String.join(", ", g.inputKeys())
            + "); trellis chat needs a graph with a messages key");
        return 2;
      }
      new GraphChat(graph, g, id, "").run(stdin(), System.out);
    }
    return 0;
  }

  /** The chat with the assistant {@code graph} on the server at {@code url}: it must exist there. */
  private int remote(String id) throws java.io.IOException {
    TrellisClient.Builder b = TrellisClient.builder().url(url);
    if (apiKey != null && !apiKey.isBlank()) {
      b.apiKey(apiKey);
    }
    TrellisClient client = b.build();
    try {
      client.assistants().get(graph);
    } catch (TrellisClientException e) {
      System.err.println("no assistant \"" + graph + "\" at " + url + ": " + e.getMessage());
      return 2;
    }
    new GraphChat(graph, RemoteGraph.of(client, graph), id, " --url " + url)
        .run(stdin(), System.out);
    return 0;
  }

  private static BufferedReader stdin() {
    return new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
  }
}
