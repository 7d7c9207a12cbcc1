package dev.trellis.cli.config;

import dev.trellis.agent.tool.Tool;
import dev.trellis.checkpoint.store.Embeddings;
import dev.trellis.checkpoint.store.HashingEmbeddings;
import dev.trellis.checkpoint.store.IndexConfig;
import dev.trellis.core.CompiledGraph;
import dev.trellis.server.AppContext;
import dev.trellis.server.GraphFactory;
import dev.trellis.server.GraphProvider;
import dev.trellis.server.TrellisServer;
import dev.trellis.server.auth.Authenticator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * What a {@link TrellisConfig} serves, resolved against its class path: the graphs (named
 * ones, then JSON graph directories, then discovered providers; an id may be served once), the
 * authenticator, the store index and the MCP servers whose tools graphs get. {@link #applyTo}
 * registers them on a server builder; {@link #close} ends the MCP server processes and sessions
 * (close it after the server).
 */
public final class ServedGraphs implements AutoCloseable {
  private final List<GraphSource> graphs;
  private final Authenticator authenticator;
  private final IndexConfig index;
  private final Map<String, String> descriptions;
  private final McpConnections mcp;

  private ServedGraphs(List<GraphSource> graphs, Authenticator authenticator, IndexConfig index,
                       Map<String, String> descriptions, McpConnections mcp) {
    this.graphs = List.copyOf(graphs);
    this.authenticator = authenticator;
    this.index = index;
    this.descriptions = Map.copyOf(descriptions);
    this.mcp = mcp;
  }

  /** {@link #resolve(TrellisConfig, ClassLoader, String, Consumer)} printing warnings to standard error. */
  public static ServedGraphs resolve(TrellisConfig config, ClassLoader loader, String configName) {
    return resolve(config, loader, configName, w -> System.err.println("trellis serve: " + w));
  }

  /**
   * Resolves every source of {@code config} with {@code loader}; throws {@link ConfigException}
   * naming the field. {@code warnings} gets one line per MCP server that cannot be reached when a
   * graph using it is built.
   */
  public static ServedGraphs resolve(TrellisConfig config, ClassLoader loader, String configName,
                                     Consumer<String> warnings) {
    McpConnections mcp = new McpConnections(config.mcpServers(), warnings);
    Map<String, String> descriptions = new LinkedHashMap<>();
    Map<String, GraphSource> out = new LinkedHashMap<>();
    config.graphs().forEach((id, src) -> {
      TrellisConfig.GraphOptions o = config.graphOptions().get(id);
      List<String> servers = o == null ? List.of() : o.mcpServers();
      Supplier<List<Tool>> tools = () -> servers.isEmpty() ? List.of() : mcp.tools(id, servers);
      out.put(id, GraphSource.resolve(id, src, o == null ? "graphs." + id : "graphs." + id + ".path", config, loader,
          configName, tools));
      if (o != null && o.description() != null) {
        descriptions.put(id, o.description());
      }
    });
    for (int i = 0; i < config.graphDirs().size(); i++) {
      String field = "graph_dirs[" + i + "]";
      for (Path file : jsonFiles(config.resolve(config.graphDirs().get(i)), field, configName)) {
        String id = file.getFileName().toString().replaceFirst("\\.json$", "");
        add(out, GraphSource.jsonGraph(id, file, field, configName), field, configName);
      }
    }
    if (config.discoverProviders()) {
      for (GraphProvider p : ServiceLoader.load(GraphProvider.class, loader)) {
        add(out, new GraphSource(p.graphId(), p, p.routes()), "discover_providers (" + p.getClass().getName() + ")",
            configName);
      }
    }
    return new ServedGraphs(new ArrayList<>(out.values()), authenticator(config, loader, configName),
        index(config, loader, configName), descriptions, mcp);
  }

  /** The served graph ids, in order. */
  public List<String> ids() {
    return graphs.stream().map(GraphSource::graphId).toList();
  }

  /** The source of graph {@code id}, if this config serves it. */
  public java.util.Optional<GraphSource> source(String id) {
    return graphs.stream().filter(g -> g.graphId().equals(id)).findFirst();
  }

  /** Registers the graphs and their routes, the authenticator and the store index (those set) on {@code b}. */
  public TrellisServer.Builder applyTo(TrellisServer.Builder b) {
    for (GraphSource g : graphs) {
      String description = descriptions.get(g.graphId());
      if (g.factory() instanceof GraphProvider p) {
        b.provider(description == null ? p : new Described(g.graphId(), p, description)); // built with the server's AppContext
      } else if (description != null) {
        b.provider(new Described(g.graphId(), g.factory(), description));
        g.routes().forEach(b::routes);
      } else {
        b.graph(g.graphId(), g.factory());
        g.routes().forEach(b::routes);
      }
    }
    if (authenticator != null) {
      b.authenticator(authenticator);
    }
    if (index != null) {
      b.storeIndex(index);
    }
    return b;
  }

  /** Ends the processes and sessions of the MCP servers graphs used. */
  @Override
  public void close() {
    mcp.close();
  }

  /** A graph served with the description its config gives (its system assistant's, the MCP tool's and the A2A card's). */
  private record Described(String graphId, GraphFactory factory, String description) implements GraphProvider {
    @Override
    public CompiledGraph build(dev.trellis.checkpoint.CheckpointSaver saver, dev.trellis.checkpoint.store.Store store) {
      return factory.build(saver, store);
    }

    @Override
    public CompiledGraph build(AppContext app) {
      return factory instanceof GraphProvider p ? p.build(app) : factory.build(app.saver(), app.store());
    }

    @Override
    public Map<String, Object> assistantConfig() {
      return factory instanceof GraphProvider p ? p.assistantConfig() : Map.of();
    }

    @Override
    public Map<String, Object> assistantMetadata() {
      return factory instanceof GraphProvider p ? p.assistantMetadata() : Map.of();
    }

    @Override
    public List<Schedule> schedules() {
      return factory instanceof GraphProvider p ? p.schedules() : List.of();
    }

    @Override
    public List<dev.trellis.server.route.Routes> routes(AppContext app) {
      return factory instanceof GraphProvider p ? p.routes(app) : List.of();
    }
  }

  private static void add(Map<String, GraphSource> out, GraphSource g, String field, String configName) {
    if (out.putIfAbsent(g.graphId(), g) != null) {
      throw new ConfigException(configName, List.of(field + ": graph id \"" + g.graphId() + "\" is served twice"
          + " (ids: " + String.join(", ", out.keySet()) + ")"));
    }
  }

  private static List<Path> jsonFiles(Path p, String field, String configName) {
    if (Files.isRegularFile(p)) {
      return List.of(p);
    }
    if (!Files.isDirectory(p)) {
      throw new ConfigException(configName, List.of(field + ": no graph file or directory " + p));
    }
    try (Stream<Path> s = Files.list(p)) {
      List<Path> files = s.filter(f -> f.toString().endsWith(".json")).sorted().toList();
      if (files.isEmpty()) {
        throw new ConfigException(configName, List.of(field + ": no *.json graphs in " + p));
      }
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Authenticator authenticator(TrellisConfig config, ClassLoader loader, String configName) {
    TrellisConfig.Auth auth = config.auth();
    if (auth == null) {
      return null;
    }
    if (auth.apiKeys() != null) {
      return Authenticator.apiKeys(auth.apiKeys());
    }
    String field = "auth.authenticator";
    Object a = Instances.create(GraphSource.load(auth.authenticator(), field, loader, configName), field, configName);
    if (!(a instanceof Authenticator authenticator)) {
      throw new ConfigException(configName, List.of(field + ": " + auth.authenticator() + " does not implement "
          + Authenticator.class.getName()));
    }
    return authenticator;
  }

  private static IndexConfig index(TrellisConfig config, ClassLoader loader, String configName) {
    TrellisConfig.StoreIndex idx = config.index();
    if (idx == null) {
      return null;
    }
    Embeddings e = idx.embed().equals("hashing") ? new HashingEmbeddings(idx.dims() != null ? idx.dims() : 256)
        : embeddings(idx.embed(), loader, configName);
    if (idx.dims() != null) {
      int got = e.embed(List.of("trellis")).getFirst().length;
      if (got != idx.dims()) {
        throw new ConfigException(configName, List.of("store.index.dims: is " + idx.dims() + " but " + idx.embed()
            + " makes vectors of " + got));
      }
    }
    return new IndexConfig(e, idx.fields());
  }

  private static Embeddings embeddings(String name, ClassLoader loader, String configName) {
    String field = "store.index.embed";
    int hash = name.indexOf('#');
    Class<?> type = GraphSource.load(hash < 0 ? name : name.substring(0, hash), field, loader, configName);
    Object made;
    if (hash < 0) {
      made = Instances.create(type, field, configName);
    } else {
      try {
        Method m = type.getMethod(name.substring(hash + 1));
        if (!Modifier.isStatic(m.getModifiers())) {
          throw new NoSuchMethodException();
        }
        made = m.invoke(null);
      } catch (ReflectiveOperationException ex) {
        throw new ConfigException(configName, List.of(field + ": " + name + " must be a public static method taking"
            + " nothing and returning " + Embeddings.class.getName() + " (" + ex + ")"));
      }
    }
    if (!(made instanceof Embeddings e)) {
      throw new ConfigException(configName, List.of(field + ": " + name + " is not a " + Embeddings.class.getName()));
    }
    return e;
  }
}
