package dev.trellis.pregel;

import dev.trellis.channel.Channel;
import dev.trellis.error.ErrorCode;
import dev.trellis.error.InvalidGraphException;
import dev.trellis.graph.Send;
import dev.trellis.graph.State;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Decides which tasks make up the next superstep. Pure: reads a {@link Frame}, changes
 * nothing.
 *
 * <p>Push tasks come first, one per pending {@link Send} in the tasks topic, in the order
 * they were sent; then pull tasks, in node-name order, for every node one of whose
 * trigger channels is available at a version newer than the node last saw. When the
 * previous step's updated channels are known only the nodes they trigger are examined.
 */
final class Planner {
  private static final int[] NO_TRIGGERS = new int[0];

  private Planner() {}

  /**
   * @param updated slots changed by the previous step, or null to examine every node
   */
  static List<StepTask> prepare(Frame f, int step, String ns, BitSet updated) {
    Program p = f.program;
    List<StepTask> tasks = new ArrayList<>();
    Channel topic = f.channels[p.tasksSlot];
    if (topic.isAvailable()) {
      List<?> sends = (List<?>) topic.get();
      for (int i = 0; i < sends.size(); i++) {
        Send send = (Send) sends.get(i);
        CompiledNode node = p.node(send.node());
        if (node == null || node.isStart()) {
          throw new InvalidGraphException(ErrorCode.UNKNOWN_NODE, "Send to node \"" + send.node()
              + "\", which does not exist (nodes: " + String.join(", ", p.nodeNames()) + ")");
        }
        StepTask t = new StepTask(f.id, step, node, i, argState(send.arg()), NO_TRIGGERS, ns);
        t.sendTimeout = send.timeout();
        tasks.add(t);
      }
    }
    State shared = null;
    if (updated != null) {
      boolean[] candidate = f.candidates;
      for (int slot = updated.nextSetBit(0); slot >= 0; slot = updated.nextSetBit(slot + 1)) {
        for (int n : p.triggerToNodes[slot]) {
          candidate[n] = true;
        }
      }
      for (int n : p.nodeOrder) {
        if (candidate[n]) {
          candidate[n] = false;
        } else {
          continue;
        }
        if (triggered(f, p.nodes[n])) {
          shared = shared == null ? readState(f) : shared;
          tasks.add(pull(f, p.nodes[n], step, ns, shared));
        }
      }
    } else if (f.hasVersions()) {
      for (int n : p.nodeOrder) {
        CompiledNode node = p.nodes[n];
        if (triggered(f, node)) {
          shared = shared == null ? readState(f) : shared;
          tasks.add(pull(f, node, step, ns, shared));
        }
      }
    }
    return tasks;
  }

  private static StepTask pull(Frame f, CompiledNode node, int step, String ns, State shared) {
    State input = node.isStart() ? argState(f.channels[f.program.startSlot].get()) : shared;
    return new StepTask(f.id, step, node, -1, input, node.triggers(), ns);
  }

  private static boolean triggered(Frame f, CompiledNode node) {
    long[] seen = f.seen[node.index()];
    for (int t : node.triggers()) {
      if (f.versions[t] > seen[t] && f.channels[t].isAvailable()) {
        return true;
      }
    }
    return false;
  }

  /** The state channels that have a value, as a State (the input of pull tasks). */
  static State readState(Frame f) {
    Program p = f.program;
    Object[] values = new Object[p.stateCount];
    for (int i = 0; i < values.length; i++) {
      values[i] = f.channels[i].get();
    }
    return State.ofSlots(p.channelNames, p.slotByName, values, Channel.EMPTY);
  }

  /** The private input of a Send (or of the start node): a map becomes the state, anything else the arg. */
  static State argState(Object arg) {
    return State.ofArg(arg);
  }

  /**
   * Whether a breakpoint on {@code nodes} ({@code "*"}: all) stops at this step: something
   * changed since the last pause and a listed node is among the tasks.
   */
  static boolean breakpoint(Frame frame, List<StepTask> tasks, java.util.Set<String> nodes) {
    long[] seen = frame.seen[frame.interruptRow()];
    boolean anyUpdate = false;
    for (int i = 0; i < frame.versions.length && !anyUpdate; i++) {
      anyUpdate = frame.versions[i] > seen[i];
    }
    if (!anyUpdate) {
      return false;
    }
    for (StepTask t : tasks) {
      if (!t.node.isStart() && (nodes.contains("*") || nodes.contains(t.name()))) {
        return true;
      }
    }
    return false;
  }
}
