package dev.trellis.cli.config;

import dev.trellis.agent.tool.Tool;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.func.Entrypoint;
import dev.trellis.graph.CompileOptions;
import dev.trellis.server.GraphFactory;
import dev.trellis.server.GraphProvider;
import dev.trellis.server.route.Routes;
import dev.trellis.testkit.JsonValues;
import dev.trellis.testkit.ScenarioRunner;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * One served graph from its source in a config: the factory the server compiles it with and the
 * routes it mounts. Sources:
 * <ul>
 *   <li>{@code com.acme.Graphs#support} — a public static method taking nothing,
 *       {@code CompileOptions} (the server's checkpointer and store, named after the graph id),
 *       {@code (CompileOptions, List<Tool>)} (also the tools of the MCP servers the config gives the
 *       graph) or {@code (CheckpointSaver, Store)}, returning a {@code StateGraph} (the server compiles it),
 *       a {@code CompiledGraph}, an {@code Entrypoint} or a {@code GraphFactory};</li>
 *   <li>{@code com.acme.SupportProvider} — a class with a public no-argument constructor that
 *       implements {@link GraphProvider} (its routes are mounted too; its {@code build(AppContext)}
 *       finds the config's MCP tools in {@code app.tools(Tool.class)}) or {@link GraphFactory};</li>
 *   <li>{@code graphs/support.json} — a graph in the JSON graph format of {@code conformance/FORMAT.md}.</li>
 * </ul>
 */
public record GraphSource(String graphId, GraphFactory factory, List<Routes> routes) {
  public GraphSource {
    routes = List.copyOf(routes);
  }

  /** Resolves {@code source} for {@code graphId}; problems are {@link ConfigException}s about {@code field}. */
  static GraphSource resolve(String graphId, String source, String field, TrellisConfig config, ClassLoader loader,
                             String configName, Supplier<List<Tool>> tools) {
    if (source.endsWith(".json")) {
      return jsonGraph(graphId, config.resolve(source), field, configName);
    }
    int hash = source.indexOf('#');
    Class<?> type = load(hash < 0 ? source : source.substring(0, hash), field, loader, configName);
    if (hash >= 0) {
      return new GraphSource(graphId, method(graphId, type, source.substring(hash + 1), field, configName, tools),
          List.of());
    }
    Object instance = Instances.create(type, field, configName);
    if (instance instanceof GraphProvider p) {
      return new GraphSource(graphId, new GuardedProvider(graphId, p, source, field, configName, tools), p.routes());
    }
    if (instance instanceof GraphFactory f) {
      return new GraphSource(graphId, guarded(f, source, field, configName), List.of());
    }
    throw new ConfigException(configName, List.of(field + ": " + source + " implements neither "
        + GraphProvider.class.getName() + " nor " + GraphFactory.class.getName() + " (or name a static method: Class#method)"));
  }

  /** A JSON graph file, served under {@code graphId}. */
  static GraphSource jsonGraph(String graphId, Path file, String field, String configName) {
    if (!Files.isRegularFile(file)) {
      throw new ConfigException(configName, List.of(field + ": no graph file " + file));
    }
    StateGraph builder;
    try {
      builder = ScenarioRunner.graph(JsonValues.MAPPER.readTree(file.toFile()));
    } catch (IOException | RuntimeException e) {
      throw new ConfigException(configName, List.of(field + ": " + file + " is not a JSON graph: " + e.getMessage()));
    }
    return new GraphSource(graphId, new JsonGraphProvider(graphId, builder), List.of());
  }

  static Class<?> load(String name, String field, ClassLoader loader, String configName) {
    try {
      return Class.forName(name, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigException(configName, List.of(field + ": class " + name + " not found on the server's class path"
          + " or in dependencies (" + e + ")"));
    }
  }

  private static GraphFactory method(String graphId, Class<?> type, String name, String field, String configName,
                                     Supplier<List<Tool>> tools) {
    String where = type.getName() + "#" + name;
    Method m = Arrays.stream(type.getMethods())
        .filter(x -> x.getName().equals(name) && Modifier.isStatic(x.getModifiers()) && Shape.of(x) != null)
        .findFirst()
        .orElseThrow(() -> new ConfigException(configName, List.of(field + ": " + where + " must be a public static method"
            + " taking (), (CompileOptions), (CompileOptions, List<Tool>) or (CheckpointSaver, Store) and returning StateGraph, CompiledGraph,"
            + " Entrypoint or GraphFactory")));
    Shape shape = Shape.of(m);
    if (m.getParameterCount() == 0 && CompiledGraph.class.isAssignableFrom(m.getReturnType())) {
      throw new ConfigException(configName, List.of(field + ": " + where + " returns a CompiledGraph without taking"
          + " CompileOptions, so it would run without the server's checkpointer: take CompileOptions or return the StateGraph"));
    }
    return guarded((saver, store) -> shape.build(m, graphId, saver, store, tools), where, field, configName);
  }

  /**
   * A provider served under its config id whose build failures are problems of its config field;
   * the server builds it with its {@code AppContext} and mounts its routes ({@code Builder.provider}).
   */
  private record GuardedProvider(String graphId, GraphProvider provider, String where, String field, String configName,
                                 Supplier<List<Tool>> tools) implements GraphProvider {
    @Override
    public CompiledGraph build(CheckpointSaver saver, Store store) {
      return guarded(provider, where, field, configName).build(saver, store);
    }

    @Override
    public String description() {
      return provider.description();
    }

    @Override
    public java.util.Map<String, Object> assistantConfig() {
      return provider.assistantConfig();
    }

    @Override
    public java.util.Map<String, Object> assistantMetadata() {
      return provider.assistantMetadata();
    }

    @Override
    public List<Schedule> schedules() {
      return provider.schedules();
    }

    @Override
    public CompiledGraph build(dev.trellis.server.AppContext app) {
      try {
        return provider.build(new ToolsContext(app, tools.get()));
      } catch (ConfigException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new ConfigException(configName, List.of(field + ": " + where + " failed to build the graph: " + e));
      }
    }

    @Override
    public List<Routes> routes() {
      return provider.routes();
    }

    @Override
    public List<Routes> routes(dev.trellis.server.AppContext app) {
      return provider.routes(app);
    }
  }

  /** Reports a factory that fails while the server compiles it as a problem of its config field. */
  private static GraphFactory guarded(GraphFactory f, String where, String field, String configName) {
    return (saver, store) -> {
      try {
        return f.build(saver, store);
      } catch (ConfigException e) {
        throw e;
      } catch (RuntimeException e) {
        throw new ConfigException(configName, List.of(field + ": " + where + " failed to build the graph: " + e));
      }
    };
  }

  /** The parameter list of a factory method. */
  private enum Shape {
    NONE, OPTIONS, OPTIONS_TOOLS, SAVER_STORE;

    static Shape of(Method m) {
      Class<?> r = m.getReturnType();
      if (!(StateGraph.class.isAssignableFrom(r) || CompiledGraph.class.isAssignableFrom(r)
          || Entrypoint.class.isAssignableFrom(r) || GraphFactory.class.isAssignableFrom(r))) {
        return null;
      }
      Class<?>[] p = m.getParameterTypes();
      if (p.length == 0) {
        return NONE;
      }
      if (p.length == 1 && p[0] == CompileOptions.class) {
        return OPTIONS;
      }
      if (p.length == 2 && p[0] == CompileOptions.class && p[1] == List.class) {
        return OPTIONS_TOOLS;
      }
      return p.length == 2 && p[0] == CheckpointSaver.class && p[1] == Store.class ? SAVER_STORE : null;
    }

    CompiledGraph build(Method m, String graphId, CheckpointSaver saver, Store store, Supplier<List<Tool>> tools) {
      CompileOptions options = CompileOptions.checkpointer(saver).withStore(store).withName(graphId);
      Object out;
      try {
        out = switch (this) {
          case NONE -> m.invoke(null);
          case OPTIONS -> m.invoke(null, options);
          case OPTIONS_TOOLS -> m.invoke(null, options, tools.get());
          case SAVER_STORE -> m.invoke(null, saver, store);
        };
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      } catch (InvocationTargetException e) {
        throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
      }
      return switch (out) {
        case null -> throw new IllegalStateException("it returned null");
        case StateGraph g -> g.compile(options);
        case CompiledGraph g -> g;
        case Entrypoint<?, ?> e -> e.graph();
        case GraphFactory f -> f.build(saver, store);
        default -> throw new IllegalStateException("it returned a " + out.getClass().getName());
      };
    }
  }
}
