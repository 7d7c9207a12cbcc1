package dev.trellis.draw;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Graphviz DOT text for a {@link GraphView} (conditional edges and declared destinations
 * dashed and labelled, joins solid, START/END as ovals), the input of {@link Images}.
 */
final class Dot {
  private Dot() {}

  static String draw(GraphView view) {
    StringBuilder out = new StringBuilder("digraph \"").append(escape(view.name())).append("\" {\n");
    out.append("  rankdir=TB;\n  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f2f0ff\", fontname=\"Helvetica\"];\n");
    out.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for (GraphView.Node n : view.nodes()) {
      boolean terminal = n.id().equals("__start__") || n.id().equals("__end__");
      out.append("  \"").append(escape(n.id())).append('"');
      if (terminal) {
        out.append(" [shape=oval, fillcolor=\"").append(n.id().equals("__end__") ? "#bfb6fc" : "white").append("\"]");
      } else if (n.subgraph() != null) {
        out.append(" [peripheries=2]");
      }
      out.append(";\n");
    }
    Set<String> seen = new LinkedHashSet<>();
    for (GraphView.Edge e : view.edges()) {
      String text = e.label() != null ? e.label() : e.condition();
      String attrs = switch (e.kind()) {
        case EDGE, JOIN -> "";
        case CONDITIONAL, DESTINATION -> " [style=dashed" + (text == null ? "" : ", label=\"" + escape(text) + "\"") + "]";
      };
      String line = "  \"" + escape(e.source()) + "\" -> \"" + escape(e.target()) + "\"" + attrs + ";\n";
      if (seen.add(line)) {
        out.append(line);
      }
    }
    return out.append("}\n").toString();
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
