package dev.trellis.core;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.InputValidator;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Router;
import dev.trellis.graph.Schema;
import dev.trellis.pregel.GraphCompiler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Builds a graph of nodes over a {@link Schema}: nodes, plain edges, joins (an edge from
 * several nodes, which waits for all of them), conditional edges, then {@link #compile}.
 *
 * <p>Not thread-safe; each method fails fast naming what clashed. The builder only records
 * what was declared: {@code compile()} hands it to the engine's compiler, which validates the
 * whole graph and lowers it to the program that runs, and returns an immutable, thread-safe
 * {@link CompiledGraph}; the builder can be compiled again after further changes.
 */
public final class StateGraph {
  /** The virtual entry node. */
  public static final String START = ReservedNames.START;
  /** The virtual exit node. */
  public static final String END = ReservedNames.END;

  private record NodeSpec(String name, Node body, CompiledGraph subgraph, NodeOptions options) {}


  private final Schema schema;
  private NodeOptions nodeDefaults = NodeOptions.DEFAULT;
  private Set<String> inputKeys;
  private Set<String> outputKeys;
  private Class<?> contextType;
  private InputValidator inputValidator;
  private final Map<String, NodeSpec> nodes = new LinkedHashMap<>();
  private final List<GraphCompiler.EdgeDecl> edges = new ArrayList<>();
  private final List<GraphCompiler.BranchDecl> branches = new ArrayList<>();

  private StateGraph(Schema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  /** A builder over {@code schema}. */
  public static StateGraph of(Schema schema) {
    return new StateGraph(schema);
  }

  public Schema schema() {
    return schema;
  }

  /** Limits a run's input to these state keys (LangGraph's input schema); others are rejected. Default: all. */
  public StateGraph inputKeys(String... keys) {
    this.inputKeys = Set.of(keys);
    return this;
  }

  /** Shows only these state keys in outputs: invoke's result, values and updates events (output schema). */
  public StateGraph outputKeys(String... keys) {
    this.outputKeys = Set.of(keys);
    return this;
  }

  /**
   * Declares the type of the run context nodes read with {@code rt.context(type)} (LangGraph's
   * {@code context_schema}), usually a record. It describes the graph (the server's
   * {@code config_schema} and {@code context_schema}); runs are not checked against it.
   */
  public StateGraph contextType(Class<?> type) {
    this.contextType = Objects.requireNonNull(type, "type");
    return this;
  }

  /**
   * Declares constraints on a run's input, checked before the run starts (see
   * {@link InputValidator}); they also describe the input in the server's JSON Schemas.
   */
  public StateGraph inputValidator(InputValidator validator) {
    this.inputValidator = Objects.requireNonNull(validator, "validator");
    return this;
  }

  /**
   * Retry, cache, timeout and error-handler settings for every node that does not set its
   * own (applied at compile, so the order of calls does not matter).
   */
  public StateGraph setNodeDefaults(NodeOptions defaults) {
    this.nodeDefaults = Objects.requireNonNull(defaults, "defaults");
    return this;
  }

  /**
   * Adds a node running {@code body}.
   *
   * @throws InvalidGraphException {@code RESERVED_NAME} for an engine-reserved name, {@code DUPLICATE_NODE}
   *     when a node or state key already has the name
   */
  public StateGraph addNode(String name, Node body) {
    return addNode(name, body, NodeOptions.DEFAULT);
  }

  /**
   * Adds a node running {@code body} with its own retry, cache, timeout and error-handler settings.
   *
   * @throws InvalidGraphException as {@link #addNode(String, Node)}
   */
  public StateGraph addNode(String name, Node body, NodeOptions options) {
    return add(new NodeSpec(name, Objects.requireNonNull(body, "body"), null, options));
  }

  /**
   * Adds a compiled graph as a node; it reads and writes the keys it shares with this graph by name.
   *
   * @throws InvalidGraphException as {@link #addNode(String, Node)}
   */
  public StateGraph addNode(String name, CompiledGraph subgraph) {
    return addNode(name, subgraph, NodeOptions.DEFAULT);
  }

  /**
   * Adds a compiled graph as a node with its own node settings.
   *
   * @throws InvalidGraphException as {@link #addNode(String, Node)}
   */
  public StateGraph addNode(String name, CompiledGraph subgraph, NodeOptions options) {
    return add(new NodeSpec(name, null, Objects.requireNonNull(subgraph, "subgraph"), options));
  }

  private StateGraph add(NodeSpec spec) {
    checkNodeName(spec.name);
    if (nodes.containsKey(spec.name)) {
      throw new InvalidGraphException(ErrorCode.DUPLICATE_NODE, "node \"" + spec.name + "\" is already in the graph");
    }
    if (schema.has(spec.name)) {
      throw new InvalidGraphException(ErrorCode.DUPLICATE_NODE, "node \"" + spec.name + "\" has the name of a state key");
    }
    nodes.put(spec.name, new NodeSpec(spec.name, spec.body, spec.subgraph,
        spec.options == null ? NodeOptions.DEFAULT : spec.options));
    return this;
  }

  /** After {@code from} runs, {@code to} runs in the next step. */
  public StateGraph addEdge(String from, String to) {
    edges.add(new GraphCompiler.EdgeDecl(List.of(Objects.requireNonNull(from, "from")), Objects.requireNonNull(to, "to")));
    return this;
  }

  /**
   * A join: {@code to} runs once after every node in {@code from} has run.
   *
   * @throws InvalidGraphException {@code INVALID_EDGE} when {@code from} is empty
   */
  public StateGraph addEdge(List<String> from, String to) {
    if (from.isEmpty()) {
      throw new InvalidGraphException(ErrorCode.INVALID_EDGE, "join into \"" + to + "\" has no sources");
    }
    edges.add(new GraphCompiler.EdgeDecl(List.copyOf(from), Objects.requireNonNull(to, "to")));
    return this;
  }

  /** Edges {@code names[0] → names[1] → ...} between nodes already added. */
  public StateGraph addSequence(String... names) {
    for (int i = 0; i + 1 < names.length; i++) {
      addEdge(names[i], names[i + 1]);
    }
    return this;
  }

  /** After {@code from} runs, {@code router} picks the next nodes (any node, END or Sends). */
  public StateGraph addConditionalEdges(String from, Router router) {
    branches.add(new GraphCompiler.BranchDecl(from, null, Objects.requireNonNull(router, "router"), null));
    return this;
  }

  /** As above, the router returning labels mapped to nodes by {@code pathMap}. */
  public StateGraph addConditionalEdges(String from, Router router, Map<String, String> pathMap) {
    return addConditionalEdges(from, null, router, pathMap);
  }

  /**
   * A named condition (shown in manifests and drawings) whose router returns labels mapped
   * to nodes by {@code pathMap}; a null path map lets the router name any node.
   */
  public StateGraph addConditionalEdges(String from, String condition, Router router, Map<String, String> pathMap) {
    branches.add(new GraphCompiler.BranchDecl(from, condition, Objects.requireNonNull(router, "router"),
        pathMap == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(pathMap))));
    return this;
  }

  /** As above, the router returning one of {@code destinations} (each its own label). */
  public StateGraph addConditionalEdges(String from, Router router, List<String> destinations) {
    Map<String, String> m = new LinkedHashMap<>();
    destinations.forEach(d -> m.put(d, d));
    return addConditionalEdges(from, router, m);
  }

  /**
   * Validates the graph and compiles it with default options.
   *
   * @throws InvalidGraphException as {@link #compile(CompileOptions)}
   */
  public CompiledGraph compile() {
    return compile(CompileOptions.DEFAULT);
  }

  /**
   * Validates the graph and compiles it; errors name the node or edge at fault.
   *
   * @throws InvalidGraphException {@code UNKNOWN_NODE} (an edge, route or declared destination names no
   *     node), {@code INVALID_EDGE} (from END, into START), {@code NO_ENTRY} (no edge from START),
   *     {@code UNREACHABLE_NODE}, {@code UNKNOWN_KEY} (input or output keys not in the schema)
   */
  public CompiledGraph compile(CompileOptions options) {
    List<GraphCompiler.NodeDecl> decls = new ArrayList<>(nodes.size());
    for (NodeSpec n : nodes.values()) {
      decls.add(new GraphCompiler.NodeDecl(n.name, n.body, n.subgraph == null ? null : n.subgraph.program(), n.options));
    }
    GraphCompiler.Definition definition = new GraphCompiler.Definition(schema, nodeDefaults, inputKeys, outputKeys,
        contextType, inputValidator, decls, edges, branches);
    return new CompiledGraph(GraphCompiler.compile(definition, options), schema, options);
  }

  private static void checkNodeName(String name) {
    if (name == null || name.isEmpty() || name.equals(START) || name.equals(END) || name.startsWith("__")) {
      throw new InvalidGraphException(ErrorCode.RESERVED_NAME, "node name \"" + name
          + "\" is reserved: START, END and names starting with \"__\" belong to the engine");
    }
    if (name.contains("|") || name.contains(":")) {
      throw new InvalidGraphException(ErrorCode.RESERVED_NAME, "node name \"" + name
          + "\" contains \"|\" or \":\", which separate checkpoint namespaces");
    }
  }

  @Override
  public String toString() {
    return "StateGraph" + Arrays.asList(nodes.keySet().toArray());
  }
}
