package dev.trellis.spring;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.server.GraphFactory;
import dev.trellis.server.GraphProvider;
import dev.trellis.server.TrellisServer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The application's graph beans, registered on a server builder: each {@link CompiledGraph},
 * {@link StateGraph} and {@link GraphFactory} bean under its bean name or its {@link TrellisGraph}
 * id, each {@link GraphProvider} bean under its {@code graphId()} with its routes. Every graph
 * runs on the server's checkpointer and store: a {@code StateGraph} is compiled with them, a
 * {@code CompiledGraph} is served as a copy whose checkpointer and store are the server's (its
 * other options — name, interrupts, listeners, cache — kept). Two beans claiming one id fail the
 * start naming both.
 */
final class GraphBeans {
  private final ListableBeanFactory beans;
  private final Set<String> excluded;
  /** graph id → the bean serving it, to name both when two claim one id. */
  private final Map<String, String> claimed = new LinkedHashMap<>();

  GraphBeans(ListableBeanFactory beans, Set<String> excluded) {
    this.beans = beans;
    this.excluded = excluded;
  }

  /** Registers every graph bean on {@code b}; throws when there is none or two share an id. */
  TrellisServer.Builder applyTo(TrellisServer.Builder b) {
    beans.getBeansOfType(CompiledGraph.class).forEach((name, graph) -> serve(b, name,
        (saver, store) -> graph.withOptions(graph.options().withCheckpointer(saver).withStore(store))));
    beans.getBeansOfType(StateGraph.class).forEach((name, graph) -> serve(b, name,
        (saver, store) -> graph.compile(CompileOptions.checkpointer(saver).withStore(store))));
    beans.getBeansOfType(GraphFactory.class).forEach((name, factory) -> {
      if (factory instanceof GraphProvider p) {
        if (!excluded.contains(name)) {
          claim(p.graphId(), name);
          b.provider(p);
        }
      } else {
        serve(b, name, factory);
      }
    });
    if (claimed.isEmpty()) {
      throw new IllegalStateException("Trellis found no graph to serve: declare a CompiledGraph, StateGraph, GraphFactory"
          + " or GraphProvider bean (or set trellis.server.enabled=false)");
    }
    return b;
  }

  private void serve(TrellisServer.Builder b, String name, GraphFactory factory) {
    String id = claim(name);
    if (id != null) {
      b.graph(id, factory);
    }
  }

  /** The id bean {@code name} is served under (its @TrellisGraph, else its name), or null when it is excluded. */
  private String claim(String name) {
    if (excluded.contains(name)) {
      return null;
    }
    TrellisGraph named = beans.findAnnotationOnBean(name, TrellisGraph.class);
    String id = named != null ? named.value() : name;
    claim(id, name);
    return id;
  }

  private void claim(String id, String bean) {
    String other = claimed.putIfAbsent(id, bean);
    if (other != null) {
      throw new IllegalStateException("beans \"" + other + "\" and \"" + bean + "\" are both served as graph \"" + id
          + "\": give one another id with @TrellisGraph(\"...\")");
    }
  }
}
