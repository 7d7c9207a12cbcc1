package dev.trellis.cli.config;

import dev.trellis.checkpoint.store.Embeddings;
import dev.trellis.checkpoint.store.HashingEmbeddings;
import dev.trellis.checkpoint.store.IndexConfig;
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
import java.util.stream.Stream;

/**
 * What a {@link TrellisConfig} serves, resolved against its class path: the graphs (named
 * ones, then JSON graph directories, then discovered providers; an id may be served once), the
 * authenticator and the store index. {@link #applyTo} registers them on a server builder.
 */
public final class ServedGraphs {
  private final List<GraphSource> graphs;
  private final Authenticator authenticator;
  private final IndexConfig index;

  private ServedGraphs(List<GraphSource> graphs, Authenticator authenticator, IndexConfig index) {
    this.graphs = List.copyOf(graphs);
    this.authenticator = authenticator;
    this.index = index;
  }

  /** Resolves every source of {@code config} with {@code loader}; throws {@link ConfigException} naming the field. */
  public static ServedGraphs resolve(TrellisConfig config, ClassLoader loader, String configName) {
    Map<String, GraphSource> out = new LinkedHashMap<>();
    config.graphs().forEach((id, src) ->
        out.put(id, GraphSource.resolve(id, src, "graphs." + id, config, loader, configName)));
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
        index(config, loader, configName));
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
      if (g.factory() instanceof GraphProvider p) {
        b.provider(p);   // built with the server's AppContext; mounts its own routes
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
