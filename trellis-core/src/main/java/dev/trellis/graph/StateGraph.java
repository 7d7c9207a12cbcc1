package dev.trellis.graph;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.channel.Channel;
import dev.trellis.channel.EphemeralValue;
import dev.trellis.channel.LastValueAfterFinish;
import dev.trellis.channel.NamedBarrierValue;
import dev.trellis.channel.Topic;
import dev.trellis.graph.error.ErrorCode;
import dev.trellis.graph.error.InvalidGraphException;
import dev.trellis.pregel.Branches;
import dev.trellis.pregel.CompiledNode;
import dev.trellis.pregel.Program;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Builds a graph of nodes over a {@link Schema}: nodes, plain edges, joins (an edge from
 * several nodes, which waits for all of them), conditional edges, then {@link #compile}.
 *
 * <p>Not thread-safe; each method fails fast naming what clashed. {@code compile()}
 * validates the whole graph and returns an immutable, thread-safe {@link CompiledGraph};
 * the builder can be compiled again after further changes.
 */
public final class StateGraph {
  /** The virtual entry node. */
  public static final String START = ReservedNames.START;
  /** The virtual exit node. */
  public static final String END = ReservedNames.END;

  private record NodeSpec(String name, Node body, CompiledGraph subgraph, NodeOptions options) {}

  private record Edge(List<String> starts, String end) {}

  private record BranchSpec(String from, String name, Router router, Map<String, String> pathMap) {}

  private final Schema schema;
  private NodeOptions nodeDefaults = NodeOptions.DEFAULT;
  private Set<String> inputKeys;
  private Set<String> outputKeys;
  private Class<?> contextType;
  private InputValidator inputValidator;
  private final Map<String, NodeSpec> nodes = new LinkedHashMap<>();
  private final List<Edge> edges = new ArrayList<>();
  private final List<BranchSpec> branches = new ArrayList<>();

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
    Reserved.checkNode(spec.name);
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
    edges.add(new Edge(List.of(Objects.requireNonNull(from, "from")), Objects.requireNonNull(to, "to")));
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
    edges.add(new Edge(List.copyOf(from), Objects.requireNonNull(to, "to")));
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
    branches.add(new BranchSpec(from, null, Objects.requireNonNull(router, "router"), null));
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
    branches.add(new BranchSpec(from, condition, Objects.requireNonNull(router, "router"),
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
    validate(options);
    return new CompiledGraph(toProgram(options), schema, options);
  }

  private String known() {
    return nodes.isEmpty() ? "none" : String.join(", ", nodes.keySet());
  }

  private void validate(CompileOptions options) {
    for (Edge e : edges) {
      for (String s : e.starts) {
        if (s.equals(END)) {
          throw new InvalidGraphException(ErrorCode.INVALID_EDGE, "edge " + e.starts + " → \"" + e.end + "\": END cannot be a source");
        }
        if (!s.equals(START) && !nodes.containsKey(s)) {
          throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "edge \"" + s + "\" → \"" + e.end + "\": no node named \""
              + s + "\" (nodes: " + known() + ")");
        }
      }
      if (e.end.equals(START)) {
        throw new InvalidGraphException(ErrorCode.INVALID_EDGE, "edge " + e.starts + " → START: START cannot be a destination");
      }
      if (!e.end.equals(END) && !nodes.containsKey(e.end)) {
        throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "edge \"" + String.join("\", \"", e.starts) + "\" → \"" + e.end
            + "\": no node named \"" + e.end + "\" (nodes: " + known() + ")");
      }
      if (e.starts.size() > 1 && (e.starts.contains(START) || e.end.equals(END))) {
        throw new InvalidGraphException(ErrorCode.INVALID_EDGE, "join " + e.starts + " → \"" + e.end
            + "\": a join cannot start at START or end at END");
      }
    }
    for (BranchSpec b : branches) {
      if (!b.from.equals(START) && !nodes.containsKey(b.from)) {
        throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "conditional edge from \"" + b.from + "\": no node named \""
            + b.from + "\" (nodes: " + known() + ")");
      }
      if (b.pathMap != null) {
        for (Map.Entry<String, String> d : b.pathMap.entrySet()) {
          if (!d.getValue().equals(END) && !nodes.containsKey(d.getValue())) {
            throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "conditional edge \"" + b.from + "\" → \"" + d.getValue()
                + "\": no node named \"" + d.getValue() + "\" (nodes: " + known() + ")");
          }
        }
      }
    }
    for (NodeSpec n : nodes.values()) {
      for (String d : n.options.destinations()) {
        if (!d.equals(END) && !nodes.containsKey(d) && n.subgraph == null) {
          throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "node \"" + n.name + "\" declares destination \"" + d
              + "\", which does not exist (nodes: " + known() + ")");
        }
      }
    }
    boolean hasEntry = edges.stream().anyMatch(e -> e.starts.contains(START))
        || branches.stream().anyMatch(b -> b.from.equals(START));
    if (!hasEntry) {
      throw new InvalidGraphException(ErrorCode.NO_ENTRY, "the graph has no entry point: add an edge from START (nodes: "
          + known() + ")");
    }
    for (Set<String> keys : java.util.Arrays.asList(inputKeys, outputKeys)) {
      if (keys != null) {
        for (String k : keys) {
          if (!schema.has(k)) {
            throw new InvalidGraphException(ErrorCode.UNKNOWN_KEY, (keys == inputKeys ? "input" : "output") + " key \"" + k
                + "\" is not in the state schema (keys: " + String.join(", ",
                schema.keys().stream().map(Key::name).toList()) + ")");
          }
        }
      }
    }
    for (String n : options.interruptBefore()) {
      checkInterruptNode(n, "interruptBefore");
    }
    for (String n : options.interruptAfter()) {
      checkInterruptNode(n, "interruptAfter");
    }
    Set<String> reachable = options.allowUnreachable() ? nodes.keySet() : reachable();
    for (String n : nodes.keySet()) {
      if (!reachable.contains(n)) {
        throw new InvalidGraphException(ErrorCode.UNREACHABLE_NODE, "node \"" + n + "\" is unreachable from START: add an edge "
            + "into it, or declare it with NodeOptions.destinations(...) on the node whose Command or Send goes there");
      }
    }
  }

  private void checkInterruptNode(String n, String what) {
    if (!n.equals("*") && !nodes.containsKey(n)) {
      throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, what + " names \"" + n + "\", which is not a node (nodes: "
          + known() + ")");
    }
  }

  /** Nodes reachable from START through edges, conditional edges and declared destinations. */
  private Set<String> reachable() {
    Map<String, Set<String>> out = new HashMap<>();
    boolean wildcard = false;
    for (Edge e : edges) {
      for (String s : e.starts) {
        out.computeIfAbsent(s, k -> new LinkedHashSet<>()).add(e.end);
      }
    }
    for (BranchSpec b : branches) {
      if (b.pathMap == null) {
        wildcard = true;
      } else {
        out.computeIfAbsent(b.from, k -> new LinkedHashSet<>()).addAll(b.pathMap.values());
      }
    }
    for (NodeSpec n : nodes.values()) {
      out.computeIfAbsent(n.name, k -> new LinkedHashSet<>()).addAll(n.options.destinations());
    }
    if (wildcard) {
      return nodes.keySet();
    }
    Set<String> seen = new LinkedHashSet<>();
    List<String> todo = new ArrayList<>(List.of(START));
    while (!todo.isEmpty()) {
      String cur = todo.removeLast();
      for (String next : out.getOrDefault(cur, Set.of())) {
        if (seen.add(next)) {
          todo.add(next);
        }
      }
    }
    return seen;
  }

  private Program toProgram(CompileOptions options) {
    List<String> names = new ArrayList<>();
    List<Supplier<Channel>> factories = new ArrayList<>();
    for (Key<?> k : schema.keys()) {
      names.add(k.name());
      factories.add(k::newChannel);
    }
    int stateCount = names.size();
    names.add(ReservedNames.START);
    factories.add(() -> new EphemeralValue(ReservedNames.START, true));
    names.add(ReservedNames.TASKS);
    factories.add(() -> new Topic(false));
    Map<String, Integer> branchSlot = new HashMap<>();
    for (NodeSpec n : nodes.values()) {
      String ch = ReservedNames.branchTo(n.name);
      branchSlot.put(n.name, names.size());
      names.add(ch);
      factories.add(n.options.defer() ? LastValueAfterFinish::new : () -> new EphemeralValue(ch, false));
    }
    Map<String, List<Integer>> triggers = new HashMap<>();
    Map<String, List<Integer>> edgeSlots = new HashMap<>();
    Map<String, List<Integer>> joinSlots = new HashMap<>();
    triggers.put(START, new ArrayList<>(List.of(stateCount)));
    for (NodeSpec n : nodes.values()) {
      triggers.put(n.name, new ArrayList<>(List.of(branchSlot.get(n.name))));
    }
    for (Edge e : edges) {
      if (e.end.equals(END)) {
        continue;
      }
      if (e.starts.size() == 1) {
        edgeSlots.computeIfAbsent(e.starts.getFirst(), k -> new ArrayList<>()).add(branchSlot.get(e.end));
      } else {
        String ch = ReservedNames.JOIN + String.join("+", e.starts) + ":" + e.end;
        int slot = names.size();
        names.add(ch);
        Set<String> starts = Set.copyOf(e.starts);
        boolean afterFinish = nodes.get(e.end).options.defer();
        factories.add(() -> new NamedBarrierValue(ch, starts, afterFinish));
        triggers.get(e.end).add(slot);
        for (String s : e.starts) {
          joinSlots.computeIfAbsent(s, k -> new ArrayList<>()).add(slot);
        }
      }
    }
    Map<String, List<Branches.Spec>> branchSpecs = new HashMap<>();
    for (BranchSpec b : branches) {
      branchSpecs.computeIfAbsent(b.from, k -> new ArrayList<>()).add(new Branches.Spec(b.name, b.router, b.pathMap));
    }
    String[] channelNames = names.toArray(String[]::new);
    List<String> order = new ArrayList<>();
    order.add(START);
    order.addAll(nodes.keySet());
    CompiledNode[] compiled = new CompiledNode[order.size()];
    for (int i = 0; i < compiled.length; i++) {
      String name = order.get(i);
      NodeSpec spec = nodes.get(name);
      int[] trig = triggers.get(name).stream().sorted((a, b) -> channelNames[a].compareTo(channelNames[b]))
          .mapToInt(Integer::intValue).toArray();
      compiled[i] = Branches.node(name, i, trig, spec == null ? null : spec.body,
          spec == null || spec.subgraph == null ? null : spec.subgraph.program(),
          spec == null ? NodeOptions.DEFAULT : spec.options.orDefaults(nodeDefaults),
          ints(edgeSlots.get(name)), ints(joinSlots.get(name)), branchSpecs.getOrDefault(name, List.of()),
          edges.stream().anyMatch(e -> e.end.equals(END) && e.starts.equals(List.of(name))));
    }
    String[] kinds = schema.keys().stream().map(Key::kind).toArray(String[]::new);
    Map<String, Class<?>> types = new LinkedHashMap<>();
    schema.keys().forEach(k -> types.put(k.name(), k.type()));
    return new Program(options.name(), channelNames, factories, stateCount, compiled, options, kinds, inputKeys, outputKeys,
        new Program.Types(types, contextType, inputValidator));
  }

  private static int[] ints(List<Integer> l) {
    return l == null ? new int[0] : l.stream().mapToInt(Integer::intValue).toArray();
  }

  @Override
  public String toString() {
    return "StateGraph" + Arrays.asList(nodes.keySet().toArray());
  }
}
