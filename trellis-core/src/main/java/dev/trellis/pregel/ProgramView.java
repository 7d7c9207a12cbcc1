package dev.trellis.pregel;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.draw.GraphView;
import dev.trellis.draw.GraphView.EdgeKind;
import dev.trellis.policy.RetryPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds a {@link GraphView} from a compiled program: edges are read back from the channels nodes write. */
final class ProgramView {
  private ProgramView() {}

  static GraphView of(Program p) {
    List<GraphView.Node> nodes = new ArrayList<>();
    List<GraphView.Edge> edges = new ArrayList<>();
    for (CompiledNode n : p.nodes) {
      nodes.add(new GraphView.Node(n.name(), policies(n), n.subgraph() == null ? null : n.subgraph().view()));
      for (int slot : n.edges()) {
        edges.add(new GraphView.Edge(n.name(), target(p, slot), EdgeKind.EDGE, null, null, null));
      }
      for (int slot : n.joins()) {
        String ch = p.channelNames[slot]; // join:a+b:c
        String target = ch.substring(ch.lastIndexOf(':') + 1);
        List<String> sources = List.of(ch.substring(ReservedNames.JOIN.length(), ch.lastIndexOf(':')).split("\\+"));
        edges.add(new GraphView.Edge(n.name(), target, EdgeKind.JOIN, null, null, sources));
      }
      for (Branch b : n.branches()) {
        if (b.pathMap() != null) {
          b.pathMap().forEach((label, target) -> edges.add(new GraphView.Edge(n.name(), target, EdgeKind.CONDITIONAL,
              b.name(), label.equals(target) ? null : label, null)));
        } else {
          for (CompiledNode other : p.nodes) {
            if (!other.isStart()) {
              edges.add(new GraphView.Edge(n.name(), other.name(), EdgeKind.CONDITIONAL, b.name(), null, null));
            }
          }
          edges.add(new GraphView.Edge(n.name(), ReservedNames.END, EdgeKind.CONDITIONAL, b.name(), null, null));
        }
      }
      for (String d : n.options().destinations()) {
        edges.add(new GraphView.Edge(n.name(), d, EdgeKind.DESTINATION, null, null, null));
      }
      if (n.edgeToEnd()) {
        edges.add(new GraphView.Edge(n.name(), ReservedNames.END, EdgeKind.EDGE, null, null, null));
      }
    }
    nodes.add(new GraphView.Node(ReservedNames.END, Map.of(), null));
    Map<String, String> keys = new LinkedHashMap<>();
    for (int i = 0; i < p.stateCount; i++) {
      keys.put(p.channelNames[i], p.keyKinds[i]);
    }
    return new GraphView(p.name, nodes, edges, keys);
  }

  private static String target(Program p, int slot) {
    return p.channelNames[slot].substring(ReservedNames.BRANCH_TO.length());
  }

  private static Map<String, Object> policies(CompiledNode n) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (!n.options().retry().isEmpty()) {
      List<Map<String, Object>> retry = new ArrayList<>();
      for (RetryPolicy r : n.options().retry()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("maxAttempts", r.maxAttempts());
        m.put("initialIntervalMs", r.initialInterval().toMillis());
        m.put("backoffFactor", r.backoffFactor());
        m.put("maxIntervalMs", r.maxInterval().toMillis());
        m.put("jitter", r.jitter());
        retry.add(m);
      }
      out.put("retry", retry);
    }
    if (n.options().cache() != null) {
      out.put("cache", n.options().cache().ttl() == null ? Map.of() : Map.of("ttlMs", n.options().cache().ttl().toMillis()));
    }
    if (n.options().defer()) {
      out.put("defer", true);
    }
    if (n.options().timeout() != null) {
      Map<String, Object> t = new LinkedHashMap<>();
      if (n.options().timeout().run() != null) {
        t.put("runMs", n.options().timeout().run().toMillis());
      }
      if (n.options().timeout().idle() != null) {
        t.put("idleMs", n.options().timeout().idle().toMillis());
      }
      out.put("timeout", t);
    }
    if (n.options().onError() != null) {
      out.put("errorHandler", true);
    }
    return out;
  }
}
