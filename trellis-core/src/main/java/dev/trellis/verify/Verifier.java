package dev.trellis.verify;

import dev.trellis.checkpoint.ReservedNames;
import dev.trellis.draw.GraphView.EdgeKind;
import dev.trellis.draw.GraphView;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Proves topology properties over a {@link GraphView}. Paths follow every edge kind (a
 * conditional edge may go to any of its destinations; a join target is reachable once its
 * sources are). Checks are graph searches: linear in nodes + edges each.
 */
final class Verifier {
  private static final String START = ReservedNames.START;
  private static final String END = ReservedNames.END;

  private final GraphView view;
  private final Map<String, List<GraphView.Edge>> out = new LinkedHashMap<>();

  private Verifier(GraphView view) {
    this.view = view;
    for (GraphView.Node n : view.nodes()) {
      out.put(n.id(), new ArrayList<>());
    }
    for (GraphView.Edge e : view.edges()) {
      out.computeIfAbsent(e.source(), k -> new ArrayList<>()).add(e);
      out.computeIfAbsent(e.target(), k -> new ArrayList<>());
    }
  }

  static Verification verify(GraphView view, List<Check> checks) {
    Verifier v = new Verifier(view);
    List<Violation> violations = new ArrayList<>();
    for (Check c : checks) {
      switch (c) {
        case Check.PassesThrough p -> v.passesThrough(p, violations);
        case Check.NoUnreachableNodes u -> v.unreachable(u, violations);
        case Check.JoinsSatisfiable j -> v.joins(j, violations);
        case Check.CyclesHaveExits x -> v.cycles(x, violations);
        case Check.Terminal t -> v.terminal(t, violations);
      }
    }
    return new Verification(violations);
  }

  private void requireNode(Check c, String node, List<Violation> out) {
    if (!this.out.containsKey(node)) {
      out.add(new Violation(c, "no node named \"" + node + "\" (nodes: " + String.join(", ", this.out.keySet()) + ")",
          List.of()));
    }
  }

  /** A shortest path from START to {@code target} that avoids {@code avoid} (null: none), or null. */
  private List<String> path(String target, String avoid) {
    Map<String, String> parent = new HashMap<>();
    Deque<String> queue = new ArrayDeque<>();
    queue.add(START);
    parent.put(START, null);
    while (!queue.isEmpty()) {
      String cur = queue.poll();
      if (cur.equals(target)) {
        List<String> p = new ArrayList<>();
        for (String n = cur; n != null; n = parent.get(n)) {
          p.addFirst(n);
        }
        return p;
      }
      for (GraphView.Edge e : out.getOrDefault(cur, List.of())) {
        String next = e.target();
        if (!next.equals(avoid) && !parent.containsKey(next)) {
          parent.put(next, cur);
          queue.add(next);
        }
      }
    }
    return null;
  }

  private void passesThrough(Check.PassesThrough c, List<Violation> violations) {
    int before = violations.size();
    requireNode(c, c.target(), violations);
    requireNode(c, c.via(), violations);
    if (violations.size() > before) {
      return;
    }
    List<String> bypass = path(c.target(), c.via());
    if (bypass != null) {
      violations.add(new Violation(c, "\"" + c.target() + "\" can be reached without passing \"" + c.via() + "\": "
          + String.join(" → ", bypass), bypass));
    }
  }

  private void unreachable(Check.NoUnreachableNodes c, List<Violation> violations) {
    for (GraphView.Node n : view.nodes()) {
      if (!n.id().equals(END) && path(n.id(), null) == null) {
        violations.add(new Violation(c, "node \"" + n.id() + "\" is unreachable from START", List.of(n.id())));
      }
    }
  }

  private void joins(Check.JoinsSatisfiable c, List<Violation> violations) {
    Set<String> done = new LinkedHashSet<>();
    for (GraphView.Edge e : view.edges()) {
      if (e.kind() != EdgeKind.JOIN || !done.add(e.join() + "→" + e.target())) {
        continue;
      }
      for (String source : e.join()) {
        if (path(source, e.target()) == null) {
          violations.add(new Violation(c, "join " + e.join() + " → \"" + e.target() + "\" can never fire: \"" + source
              + "\" cannot run before \"" + e.target() + "\"", List.of(source, e.target())));
        }
      }
    }
  }

  private void cycles(Check.CyclesHaveExits c, List<Violation> violations) {
    for (Set<String> scc : components()) {
      boolean conditionalExit = false;
      for (String n : scc) {
        for (GraphView.Edge e : out.getOrDefault(n, List.of())) {
          if (!scc.contains(e.target()) && (e.kind() == EdgeKind.CONDITIONAL || e.kind() == EdgeKind.DESTINATION)) {
            conditionalExit = true;
          }
        }
      }
      if (!conditionalExit) {
        List<String> cycle = new ArrayList<>(scc);
        cycle.add(cycle.getFirst());
        violations.add(new Violation(c, "cycle " + String.join(" → ", cycle)
            + " has no conditional exit: it runs until the recursion limit", cycle));
      }
    }
  }

  private void terminal(Check.Terminal c, List<Violation> violations) {
    int before = violations.size();
    requireNode(c, c.node(), violations);
    if (violations.size() > before) {
      return;
    }
    for (GraphView.Edge e : out.get(c.node())) {
      if (!e.target().equals(END)) {
        violations.add(new Violation(c, "\"" + c.node() + "\" is not terminal: it leads to \"" + e.target() + "\" ("
            + e.kind().name().toLowerCase(java.util.Locale.ROOT) + " edge)", List.of(c.node(), e.target())));
      }
    }
  }

  /** Strongly connected components that contain a cycle (Tarjan), in discovery order. */
  private List<Set<String>> components() {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new LinkedHashSet<>();
    List<Set<String>> result = new ArrayList<>();
    int[] counter = {0};
    for (String n : out.keySet()) {
      if (!index.containsKey(n)) {
        strongConnect(n, index, low, stack, onStack, result, counter);
      }
    }
    return result;
  }

  private void strongConnect(String v, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
                             Set<String> onStack, List<Set<String>> result, int[] counter) {
    index.put(v, counter[0]);
    low.put(v, counter[0]++);
    stack.push(v);
    onStack.add(v);
    for (GraphView.Edge e : out.getOrDefault(v, List.of())) {
      String w = e.target();
      if (!index.containsKey(w)) {
        strongConnect(w, index, low, stack, onStack, result, counter);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      LinkedHashSet<String> scc = new LinkedHashSet<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        scc.addFirst(w);
      } while (!w.equals(v));
      boolean selfLoop = out.getOrDefault(v, List.of()).stream().anyMatch(e -> e.target().equals(v));
      if (scc.size() > 1 || selfLoop) {
        result.add(scc);
      }
    }
  }
}
