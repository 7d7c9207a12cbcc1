package dev.trellis.cli.config;

import dev.trellis.checkpoint.store.StoreTtl;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@code trellis.json} says to serve (see {@code docs/trellis-json.md} and the schema
 * {@code docs/trellis.schema.json}): graphs by id, where their classes come from, the
 * environment, the store's semantic index and TTLs, authentication and the checkpointer. Relative paths
 * are resolved against {@link #base}, the config file's directory. Immutable.
 *
 * @param graphs graph id → source: {@code com.acme.Graphs#support} (static factory method),
 *     {@code com.acme.SupportProvider} (a {@code GraphProvider} or {@code GraphFactory} class) or
 *     {@code graphs/support.json} (a JSON graph file); in the order written
 * @param graphDirs directories (or files) of JSON graphs, each file served under its name
 * @param discoverProviders also serve every {@code GraphProvider} found with {@code ServiceLoader}
 * @param dependencies jars, class directories, {@code dir/*} (its jars) or Maven project directories
 * @param env variables the server process runs with (from the env file or inline)
 * @param index the store's semantic index; null for the server's default
 * @param auth who may call the server; null for no authentication
 * @param checkpointer where checkpoints, store and runs live; null for the default SQLite file
 * @param threadTtl how long a thread created without its own TTL lives; null for ever
 * @param storeTtl the store's TTL defaults ({@code store.ttl}); {@link StoreTtl#DEFAULT} when not set
 * @param webhookAllow hosts, addresses and CIDR ranges webhooks may reach although the server's policy refuses
 *     internal targets ({@code webhooks.allow}); empty for none
 * @param graphOptions graph id → what a graph's object form adds to its source: a description and the MCP
 *     servers whose tools it gets; only graphs written in the object form
 * @param mcpServers MCP server name → how to reach it ({@code mcp_servers}), in the order written
 */
public record TrellisConfig(Path base, Map<String, String> graphs, List<String> graphDirs, boolean discoverProviders,
                            List<String> dependencies, Map<String, String> env, StoreIndex index, Auth auth,
                            Checkpointer checkpointer, java.time.Duration threadTtl, StoreTtl storeTtl,
                            List<String> webhookAllow, Map<String, GraphOptions> graphOptions,
                            Map<String, McpServer> mcpServers) {
  public TrellisConfig {
    graphOptions = Map.copyOf(graphOptions);
    mcpServers = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(mcpServers));
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(storeTtl, "storeTtl");
    webhookAllow = List.copyOf(webhookAllow);
    graphs = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(graphs));
    graphDirs = List.copyOf(graphDirs);
    dependencies = List.copyOf(dependencies);
    env = Map.copyOf(env);
  }

  /** The store's semantic search: embedder ({@code hashing} or a class/factory name), vector length, indexed fields. */
  public record StoreIndex(String embed, Integer dims, List<String> fields) {
    public StoreIndex {
      Objects.requireNonNull(embed, "embed");
      fields = List.copyOf(fields);
    }
  }

  /** API keys (key → user) or an {@code Authenticator} class; exactly one is set. */
  public record Auth(Map<String, String> apiKeys, String authenticator) {
    public Auth {
      apiKeys = apiKeys == null ? null : Map.copyOf(apiKeys);
    }
  }

  /** What a graph's object form ({@code {"path", "description", "mcp_servers"}}) says beside its source. */
  public record GraphOptions(String description, List<String> mcpServers) {
    public GraphOptions {
      mcpServers = List.copyOf(mcpServers);
    }
  }

  /**
   * An MCP server as {@code langchain-mcp-adapters}' {@code MultiServerMCPClient} names one: a
   * {@code stdio} process ({@code command} with its arguments, extra {@code env}) or a
   * {@code streamable_http} {@code url} with {@code headers}.
   */
  public record McpServer(String transport, List<String> command, Map<String, String> env, String url,
                          Map<String, String> headers) {
    public McpServer {
      command = List.copyOf(command);
      env = Map.copyOf(env);
      headers = Map.copyOf(headers);
    }

    /** How a warning names it: the command line or the URL. */
    public String where() {
      return transport.equals("stdio") ? "stdio: " + String.join(" ", command) : transport + ": " + url;
    }
  }

  /** A SQLite file or a PostgreSQL JDBC URL; exactly one is set. */
  public record Checkpointer(Path sqlite, String postgres) {}

  /** Reads and validates a config file; throws {@link ConfigException} naming every bad field. */
  public static TrellisConfig read(Path file) throws IOException {
    Path abs = file.toAbsolutePath().normalize();
    if (!Files.isRegularFile(abs)) {
      throw new ConfigException(file.toString(), List.of("no such file"));
    }
    return new ConfigReader(file.toString(), abs.getParent()).read(Files.readString(abs));
  }

  /**
   * The configuration {@code trellis serve} runs without {@code --config}: the bundled
   * {@code default-trellis.json} (the demo agent and every {@code GraphProvider} on the class
   * path, i.e. the reference applications), with paths relative to {@code base}.
   */
  public static TrellisConfig defaults(Path base) {
    try (InputStream in = TrellisConfig.class.getResourceAsStream("default-trellis.json")) {
      return new ConfigReader("default-trellis.json", base.toAbsolutePath().normalize())
          .read(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** This config with {@code dirs} served as JSON graph directories instead of its own. */
  public TrellisConfig withGraphDirs(List<String> dirs) {
    return new TrellisConfig(base, graphs, dirs, discoverProviders, dependencies, env, index, auth, checkpointer, threadTtl,
        storeTtl, webhookAllow, graphOptions, mcpServers);
  }

  /** A path of this config (absolute, or relative to {@link #base}). */
  public Path resolve(String path) {
    return base.resolve(path).normalize();
  }
}
