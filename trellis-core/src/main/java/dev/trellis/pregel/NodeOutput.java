package dev.trellis.pregel;

import dev.trellis.channel.Channel;
import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.error.InvalidUpdateException;
import dev.trellis.graph.Command;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.Send;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Turns what a node returned into channel writes, in LangGraph's order: the state update,
 * the Command's gotos, the node's plain edges and join writes, then each conditional
 * edge's destinations (routers read the state with the node's own writes applied).
 */
final class NodeOutput {
  private NodeOutput() {}

  /**
   * @param lenient drop keys the graph does not have (subgraph outputs) instead of failing
   */
  static void map(Frame f, CompiledNode node, NodeResult result, boolean lenient, List<Write> out) throws Exception {
    Program p = f.program;
    Update update = Update.empty();
    List<Object> gotos = List.of();
    if (result instanceof Update u) {
      update = u;
    } else if (result instanceof Command c) {
      if (c.toParent()) {
        throw new ParentCommand(c, p);
      }
      update = c.update();
      gotos = c.gotos();
    }
    for (Map.Entry<String, Object> e : update.values().entrySet()) {
      Integer slot = p.slotByName.get(e.getKey());
      if (slot == null || slot >= p.stateCount) {
        if (lenient) {
          continue;
        }
        throw new InvalidUpdateException(ErrorCode.UNKNOWN_KEY, "node \"" + node.name() + "\" wrote key \"" + e.getKey()
            + "\", which is not in the state schema (keys: " + String.join(", ", p.stateKeys()) + ")");
      }
      out.add(new Write(slot, f.channels[slot].prepareWrite(e.getValue())));
    }
    for (Object g : gotos) {
      addDestination(p, node, g, null, out);
    }
    for (int e : node.edges()) {
      out.add(new Write(e, null));
    }
    for (int j : node.joins()) {
      out.add(new Write(j, node.name()));
    }
    for (Branch b : node.branches()) {
      Object routed = b.router().route(freshState(f, out));
      if (routed instanceof Collection<?> many) {
        for (Object r : many) {
          addDestination(p, node, r, b.pathMap(), out);
        }
      } else {
        addDestination(p, node, routed, b.pathMap(), out);
      }
    }
  }

  private static void addDestination(Program p, CompiledNode from, Object dest, Map<String, String> pathMap, List<Write> out) {
    if (dest instanceof Send s) {
      CompiledNode target = p.node(s.node());
      if (target == null || target.isStart()) {
        throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "node \"" + from.name() + "\" sent to \"" + s.node()
            + "\", which does not exist (nodes: " + String.join(", ", p.nodeNames()) + ")");
      }
      out.add(new Write(p.tasksSlot, s));
      return;
    }
    if (!(dest instanceof String label)) {
      throw new InvalidGraphException(ErrorCode.INVALID_ROUTE, "router after \"" + from.name()
          + "\" returned " + dest + "; return a node name, END, a Send, or a collection of those");
    }
    String name = label;
    if (pathMap != null) {
      name = pathMap.get(label);
      if (name == null) {
        throw new InvalidGraphException(ErrorCode.INVALID_ROUTE, "router after \"" + from.name() + "\" returned \"" + label
            + "\", which is not in its path map (" + String.join(", ", pathMap.keySet()) + ")");
      }
    }
    if (name.equals(ReservedNames.END)) {
      return;
    }
    CompiledNode target = p.node(name);
    if (target == null || target.isStart()) {
      throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "node \"" + from.name() + "\" routed to \"" + name
          + "\", which does not exist (nodes: " + String.join(", ", p.nodeNames()) + ")");
    }
    out.add(new Write(p.slotByName.get(ReservedNames.branchTo(name)), null));
  }

  /** The state as the node left it: current channels with this task's state writes applied. */
  static State freshState(Frame f, List<Write> writes) {
    Program p = f.program;
    List<Object>[] bySlot = null;
    for (Write w : writes) {
      if (w.slot() >= 0 && w.slot() < p.stateCount) {
        if (bySlot == null) {
          @SuppressWarnings({"unchecked", "rawtypes"})
          List<Object>[] fresh = new List[p.stateCount];
          bySlot = fresh;
        }
        (bySlot[w.slot()] == null ? bySlot[w.slot()] = new ArrayList<>(1) : bySlot[w.slot()]).add(w.value());
      }
    }
    Object[] values = new Object[p.stateCount];
    for (int i = 0; i < values.length; i++) {
      Channel c = f.channels[i];
      if (bySlot != null && bySlot[i] != null) {
        c = c.fromCheckpoint(c.isTracked() ? c.checkpoint() : Channel.EMPTY);
        c.update(bySlot[i]);
      }
      values[i] = c.get();
    }
    return State.ofSlots(p.channelNames, p.slotByName, values, Channel.EMPTY);
  }
}
