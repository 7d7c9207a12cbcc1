package dev.trellis.draw;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Mermaid flowchart text for a {@link GraphView}, as LangGraph draws it: plain edges solid,
 * conditional edges and declared destinations dashed (with their label or condition), join
 * inputs solid into the join target, START and END as rounded terminals. With {@code xray}
 * each subgraph node is expanded into a Mermaid subgraph of its own nodes.
 */
final class Mermaid {
  private Mermaid() {}

  static String draw(GraphView view, boolean xray) {
    StringBuilder out = new StringBuilder("---\nconfig:\n  flowchart:\n    curve: linear\n---\ngraph TD;\n");
    body(view, "", xray, out);
    out.append("\tclassDef default fill:#f2f0ff,line-height:1.2\n");
    out.append("\tclassDef first fill-opacity:0\n");
    out.append("\tclassDef last fill:#bfb6fc\n");
    return out.toString();
  }

  private static void body(GraphView view, String prefix, boolean xray, StringBuilder out) {
    for (GraphView.Node n : view.nodes()) {
      String id = id(prefix, n.id());
      if (xray && n.subgraph() != null) {
        out.append("\tsubgraph ").append(id).append('\n');
        body(n.subgraph(), id + ":", true, out);
        out.append("\tend\n");
      } else if (n.id().equals("__start__")) {
        out.append('\t').append(id).append("([<p>__start__</p>]):::first\n");
      } else if (n.id().equals("__end__")) {
        out.append('\t').append(id).append("([<p>__end__</p>]):::last\n");
      } else {
        out.append('\t').append(id).append('(').append(n.id()).append(")\n");
      }
    }
    Set<String> seen = new LinkedHashSet<>();
    for (GraphView.Edge e : view.edges()) {
      String from = endpoint(view, prefix, e.source(), xray, true);
      String to = endpoint(view, prefix, e.target(), xray, false);
      String text = e.label() != null ? e.label() : e.condition();
      String line = switch (e.kind()) {
        case EDGE, JOIN -> "\t" + from + " --> " + to + ";";
        case CONDITIONAL, DESTINATION -> text == null
            ? "\t" + from + " -.-> " + to + ";"
            : "\t" + from + " -. &nbsp;" + text + "&nbsp; .-> " + to + ";";
      };
      if (seen.add(line)) {
        out.append(line).append('\n');
      }
    }
  }

  /** Edges into or out of an expanded subgraph attach to its START / END. */
  private static String endpoint(GraphView view, String prefix, String node, boolean xray, boolean source) {
    if (xray) {
      for (GraphView.Node n : view.nodes()) {
        if (n.id().equals(node) && n.subgraph() != null) {
          return id(prefix + node + ":", source ? "__end__" : "__start__");
        }
      }
    }
    return id(prefix, node);
  }

  private static String id(String prefix, String node) {
    return (prefix + node).replace(':', '_').replace(' ', '_');
  }
}
