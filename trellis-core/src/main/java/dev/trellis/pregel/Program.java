package dev.trellis.pregel;

import dev.trellis.channel.Channel;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.GraphSignature;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A compiled graph as the engine runs it. Internal: built by {@link GraphCompiler}.
 *
 * <p>Design note. Every channel has a slot fixed at compile time: slots {@code [0,
 * stateCount)} are the user's state keys in schema order, then {@code __start__}, the
 * {@code __pregel_tasks} topic of pending Sends, one {@code branch:to:X} trigger per node
 * and one barrier per join. Node 0 is the hidden {@code __start__} node. Versions are
 * {@code long[]} by slot, versions-seen {@code long[][]} by node (one extra row records
 * what the last interrupt saw), and {@code triggerToNodes} maps a slot to the nodes it
 * can schedule, so planning a step touches ints and arrays only. Immutable and
 * thread-safe.
 */
public final class Program {
  final String name;
  final String[] channelNames;
  final List<Supplier<Channel>> channelFactories;
  final Map<String, Integer> slotByName;
  final int stateCount;
  final int startSlot;
  final int tasksSlot;
  final CompiledNode[] nodes;
  final Map<String, Integer> nodeByName;
  final int[][] triggerToNodes;
  final CompileOptions options;
  final String[] nodeNamesSorted;
  /** Node indexes in name order: the order tasks are planned in. */
  final int[] nodeOrder;
  /** Slots whose channel can change in a step without writes, and slots that wait for finish(). */
  final int[] clearableSlots;
  final int[] finishSlots;

  final String[] keyKinds;
  /** Per state slot: whether run input may write it, and whether outputs (invoke, values, updates) show it. */
  final boolean[] inputKey;
  final boolean[] outputKey;

  private final Types types;

  /**
   * The declared types of a graph, for describing it (JSON Schemas); the engine never reads them.
   *
   * @param stateTypes state key name → declared value class, in schema order
   * @param contextType the declared run-context type, or null when the graph declares none
   * @param inputValidator the declared input constraints, or null; unlike the types, checked on every run's input
   */
  public record Types(Map<String, Class<?>> stateTypes, Class<?> contextType, dev.trellis.graph.InputValidator inputValidator) {
    public Types {
      stateTypes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(stateTypes));
    }
  }

  /**
   * @param inputKeys state keys a run's input may set (null: all)
   * @param outputKeys state keys the output shows (null: all)
   * @param types the declared state and context types
   */
  public Program(String name, String[] channelNames, List<Supplier<Channel>> channelFactories, int stateCount,
                 CompiledNode[] nodes, CompileOptions options, String[] keyKinds, java.util.Set<String> inputKeys,
                 java.util.Set<String> outputKeys, Types types) {
    this.name = name;
    this.types = types;
    this.keyKinds = keyKinds.clone();
    this.inputKey = new boolean[stateCount];
    this.outputKey = new boolean[stateCount];
    for (int i = 0; i < stateCount; i++) {
      inputKey[i] = inputKeys == null || inputKeys.contains(channelNames[i]);
      outputKey[i] = outputKeys == null || outputKeys.contains(channelNames[i]);
    }
    this.channelNames = channelNames.clone();
    this.channelFactories = List.copyOf(channelFactories);
    this.stateCount = stateCount;
    this.nodes = nodes.clone();
    this.options = options;
    this.slotByName = new HashMap<>();
    for (int i = 0; i < channelNames.length; i++) {
      slotByName.put(channelNames[i], i);
    }
    this.startSlot = slotByName.get(ReservedNames.START);
    this.tasksSlot = slotByName.get(ReservedNames.TASKS);
    this.nodeByName = new HashMap<>();
    for (CompiledNode n : nodes) {
      nodeByName.put(n.name(), n.index());
    }
    this.nodeNamesSorted = nodeByName.keySet().stream().sorted().toArray(String[]::new);
    this.nodeOrder = new int[nodeNamesSorted.length];
    for (int i = 0; i < nodeOrder.length; i++) {
      nodeOrder[i] = nodeByName.get(nodeNamesSorted[i]);
    }
    java.util.List<Integer> clearable = new java.util.ArrayList<>();
    java.util.List<Integer> finishing = new java.util.ArrayList<>();
    for (int i = 0; i < channelNames.length; i++) {
      Channel c = channelFactories.get(i).get();
      if (c.clearsWhenIdle()) {
        clearable.add(i);
      }
      if (c.waitsForFinish()) {
        finishing.add(i);
      }
    }
    this.clearableSlots = clearable.stream().mapToInt(Integer::intValue).toArray();
    this.finishSlots = finishing.stream().mapToInt(Integer::intValue).toArray();
    int[] counts = new int[channelNames.length];
    for (CompiledNode n : nodes) {
      for (int t : n.triggers()) {
        counts[t]++;
      }
    }
    this.triggerToNodes = new int[channelNames.length][];
    for (int i = 0; i < counts.length; i++) {
      triggerToNodes[i] = new int[counts[i]];
      counts[i] = 0;
    }
    // Nodes in name order, so candidates come out sorted as LangGraph sorts them.
    for (String nodeName : nodeNamesSorted) {
      CompiledNode n = nodes[nodeByName.get(nodeName)];
      for (int t : n.triggers()) {
        triggerToNodes[t][counts[t]++] = n.index();
      }
    }
  }

  /** The wire name of a reserved negative slot or a channel slot. */
  String channelName(int slot) {
    return slot >= 0 ? channelNames[slot] : PendingWrite.reservedChannel(slot);
  }

  /** The slot of a channel or reserved name; null when unknown. */
  Integer slotOf(String channel) {
    Integer s = slotByName.get(channel);
    if (s != null) {
      return s;
    }
    int reserved = PendingWrite.isReserved(channel) ? PendingWrite.reservedIndex(channel) : 0;
    return reserved < 0 ? reserved : null;
  }

  /** Whether any of {@code slots} is a state key. */
  boolean touchesState(java.util.BitSet slots) {
    int first = slots.nextSetBit(0);
    return first >= 0 && first < stateCount;
  }

  public String name() {
    return name;
  }

  public CompileOptions options() {
    return options;
  }

  /** State key names in schema order. */
  public List<String> stateKeys() {
    return List.of(channelNames).subList(0, stateCount);
  }

  /** The declared state and context types. */
  public Types types() {
    return types;
  }

  /**
   * This program with other compile options (checkpointer, store, name, listeners...): the same
   * channels, nodes and edges; the name is the new options' name.
   */
  public Program withOptions(CompileOptions other) {
    return new Program(other.name(), channelNames, channelFactories, stateCount, nodes, other, keyKinds,
        new java.util.LinkedHashSet<>(inputKeyNames()), new java.util.LinkedHashSet<>(outputKeyNames()), types);
  }

  /** The state keys a run's input may set, in schema order (all of them unless the graph limits its input). */
  public List<String> inputKeyNames() {
    return keysWhere(inputKey);
  }

  /** The state keys outputs show, in schema order (all of them unless the graph limits its output). */
  public List<String> outputKeyNames() {
    return keysWhere(outputKey);
  }

  private List<String> keysWhere(boolean[] flags) {
    List<String> out = new java.util.ArrayList<>();
    for (int i = 0; i < stateCount; i++) {
      if (flags[i]) {
        out.add(channelNames[i]);
      }
    }
    return out;
  }

  /**
   * The entries of {@code values} this graph takes as input, in their order: what a parent
   * passes to it when it runs as a subgraph node (LangGraph maps only the subgraph's input
   * channels; the parent's other keys stay with the parent).
   */
  Map<String, Object> inputsOf(Map<?, ?> values) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    values.forEach((k, v) -> {
      Integer slot = slotByName.get(String.valueOf(k));
      if (slot != null && slot < stateCount && inputKey[slot]) {
        out.put(String.valueOf(k), v);
      }
    });
    return out;
  }

  /** Node names (without {@code __start__}). */
  public List<String> nodeNames() {
    return List.of(nodes).subList(1, nodes.length).stream().map(CompiledNode::name).toList();
  }

  CompiledNode node(String nodeName) {
    Integer i = nodeByName.get(nodeName);
    return i == null ? null : nodes[i];
  }

  public boolean hasNode(String nodeName) {
    return nodeByName.containsKey(nodeName);
  }

  /** Read-only view of compiled nodes, for drawing and inspection. */
  public List<CompiledNode> nodes() {
    return List.of(nodes);
  }

  /** The graph's shape as plain data (see {@link dev.trellis.draw.GraphView}), derived from what runs. */
  public dev.trellis.draw.GraphView view() {
    return ProgramView.of(this);
  }

  /** What this program and its subgraphs take and give, for describing it; the engine never reads it. */
  public GraphSignature signature() {
    Map<String, GraphSignature> subgraphs = new java.util.LinkedHashMap<>();
    for (CompiledNode n : nodes) {
      if (n.subgraph() != null) {
        subgraphs.put(n.name(), n.subgraph().signature());
      }
    }
    return new GraphSignature(name, types.stateTypes(), inputKeyNames(), outputKeyNames(), types.contextType(), subgraphs,
        types.inputValidator());
  }
}
