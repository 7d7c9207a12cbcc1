package dev.trellis.pregel;

import dev.trellis.channel.Channel;
import dev.trellis.channel.EphemeralValue;
import dev.trellis.channel.LastValueAfterFinish;
import dev.trellis.channel.NamedBarrierValue;
import dev.trellis.channel.Topic;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.InputValidator;
import dev.trellis.graph.Key;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Router;
import dev.trellis.graph.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Compiles a graph as its builder declared it ({@code StateGraph}) into the {@link Program} the
 * engine runs: first validates the whole graph, failing with an {@link InvalidGraphException}
 * that names the node or edge at fault, then lowers it.
 *
 * <p>Design note. Lowering gives every channel its slot (state keys in schema order, then
 * {@code __start__}, the tasks topic, one {@code branch:to:X} trigger per node, one barrier per
 * join), turns plain edges into writes to the target's trigger slot, joins into writes to a
 * {@link NamedBarrierValue}, and conditional edges into {@link Branch}es; node 0 is the hidden
 * {@code __start__} node. The builder knows nothing of slots, and the engine nothing of the
 * builder: this class is the one place both meet. Internal (the package is not exported).
 */
public final class GraphCompiler {
  private static final String START = ReservedNames.START;
  private static final String END = ReservedNames.END;

  /** A node: exactly one of {@code body} and {@code subgraph} is set; options not yet merged with the defaults. */
  public record NodeDecl(String name, Node body, Program subgraph, NodeOptions options) {}

  /** A plain edge ({@code starts} has one node) or a join (several). */
  public record EdgeDecl(List<String> starts, String end) {}

  /** A conditional edge; {@code name} (or null) names the condition, a null {@code pathMap} lets the router name any node. */
  public record BranchDecl(String from, String name, Router router, Map<String, String> pathMap) {}

  /**
   * Everything the builder declared.
   *
   * @param inputKeys the keys a run's input may set, or null for all
   * @param outputKeys the keys outputs show, or null for all
   * @param contextType the declared run-context type, or null
   * @param inputValidator the declared input constraints, or null
   * @param nodes the nodes in the order they were added
   */
  public record Definition(Schema schema, NodeOptions nodeDefaults, Set<String> inputKeys, Set<String> outputKeys,
                           Class<?> contextType, InputValidator inputValidator, List<NodeDecl> nodes,
                           List<EdgeDecl> edges, List<BranchDecl> branches) {
    public Definition {
      Objects.requireNonNull(schema, "schema");
      Objects.requireNonNull(nodeDefaults, "nodeDefaults");
      nodes = List.copyOf(nodes);
      edges = List.copyOf(edges);
      branches = List.copyOf(branches);
    }
  }

  private final Schema schema;
  private final NodeOptions nodeDefaults;
  private final Set<String> inputKeys;
  private final Set<String> outputKeys;
  private final Class<?> contextType;
  private final InputValidator inputValidator;
  private final Map<String, NodeDecl> nodes = new LinkedHashMap<>();
  private final List<EdgeDecl> edges;
  private final List<BranchDecl> branches;

  private GraphCompiler(Definition d) {
    this.schema = d.schema();
    this.nodeDefaults = d.nodeDefaults();
    this.inputKeys = d.inputKeys();
    this.outputKeys = d.outputKeys();
    this.contextType = d.contextType();
    this.inputValidator = d.inputValidator();
    d.nodes().forEach(n -> nodes.put(n.name(), n));
    this.edges = d.edges();
    this.branches = d.branches();
  }

  /**
   * Validates {@code definition} and lowers it to a program compiled with {@code options}.
   *
   * @throws InvalidGraphException {@code UNKNOWN_NODE} (an edge, route or declared destination names no
   *     node), {@code INVALID_EDGE} (from END, into START), {@code NO_ENTRY} (no edge from START),
   *     {@code UNREACHABLE_NODE}, {@code UNKNOWN_KEY} (input or output keys not in the schema)
   */
  public static Program compile(Definition definition, CompileOptions options) {
    GraphCompiler c = new GraphCompiler(definition);
    c.validate(options);
    return c.lower(options);
  }

  private String known() {
    return nodes.isEmpty() ? "none" : String.join(", ", nodes.keySet());
  }

  private void validate(CompileOptions options) {
    for (EdgeDecl e : edges) {
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
    for (BranchDecl b : branches) {
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
    for (NodeDecl n : nodes.values()) {
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
    for (EdgeDecl e : edges) {
      for (String s : e.starts) {
        out.computeIfAbsent(s, k -> new LinkedHashSet<>()).add(e.end);
      }
    }
    for (BranchDecl b : branches) {
      if (b.pathMap == null) {
        wildcard = true;
      } else {
        out.computeIfAbsent(b.from, k -> new LinkedHashSet<>()).addAll(b.pathMap.values());
      }
    }
    for (NodeDecl n : nodes.values()) {
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

  private Program lower(CompileOptions options) {
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
    for (NodeDecl n : nodes.values()) {
      String ch = ReservedNames.branchTo(n.name);
      branchSlot.put(n.name, names.size());
      names.add(ch);
      factories.add(n.options.defer() ? LastValueAfterFinish::new : () -> new EphemeralValue(ch, false));
    }
    Map<String, List<Integer>> triggers = new HashMap<>();
    Map<String, List<Integer>> edgeSlots = new HashMap<>();
    Map<String, List<Integer>> joinSlots = new HashMap<>();
    triggers.put(START, new ArrayList<>(List.of(stateCount)));
    for (NodeDecl n : nodes.values()) {
      triggers.put(n.name, new ArrayList<>(List.of(branchSlot.get(n.name))));
    }
    for (EdgeDecl e : edges) {
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
    Map<String, List<Branch>> branchSpecs = new HashMap<>();
    for (BranchDecl b : branches) {
      branchSpecs.computeIfAbsent(b.from, k -> new ArrayList<>()).add(new Branch(b.name, b.router, b.pathMap));
    }
    String[] channelNames = names.toArray(String[]::new);
    List<String> order = new ArrayList<>();
    order.add(START);
    order.addAll(nodes.keySet());
    CompiledNode[] compiled = new CompiledNode[order.size()];
    for (int i = 0; i < compiled.length; i++) {
      String name = order.get(i);
      NodeDecl spec = nodes.get(name);
      int[] trig = triggers.get(name).stream().sorted((a, b) -> channelNames[a].compareTo(channelNames[b]))
          .mapToInt(Integer::intValue).toArray();
      compiled[i] = new CompiledNode(name, i, trig, spec == null ? null : spec.body, spec == null ? null : spec.subgraph,
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
}
