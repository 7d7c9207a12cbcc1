package dev.trellis.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CachePolicy;
import dev.trellis.graph.Command;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeOptions;
import dev.trellis.graph.Router;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Send;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.policy.RetryPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds a Trellis graph from a scenario's graph description (FORMAT.md v1): channels,
 * nodes made of ops, edges, joins and routes. Fail counters live per scenario, so a
 * later run can resume past a node that failed in an earlier one.
 */
final class ScenarioGraph {
  private final Map<String, Integer> failCounts = new ConcurrentHashMap<>();

  /** Raised by the {@code fail} op; retried by the default retry policy. */
  static final class ScenarioFailure extends RuntimeException {
    ScenarioFailure(String message) {
      super(message);
    }
  }

  StateGraph build(JsonNode g, String prefix) {
    StateGraph builder = StateGraph.of(schema(g.path("channels")));
    for (Map.Entry<String, JsonNode> e : g.path("nodes").properties()) {
      String name = e.getKey();
      JsonNode node = e.getValue();
      NodeOptions options = options(node);
      if (node.has("graph")) {
        CompiledGraph sub = build(node.get("graph"), prefix + name + "/").compile(CompileOptions.DEFAULT.withName(name));
        builder.addNode(name, sub, options);
      } else {
        builder.addNode(name, body(prefix + name, node.path("ops")), options);
      }
    }
    for (JsonNode edge : g.path("edges")) {
      if (edge.get(0).isArray()) {
        List<String> starts = new ArrayList<>();
        edge.get(0).forEach(s -> starts.add(s.asText()));
        builder.addEdge(starts, edge.get(1).asText());
      } else {
        builder.addEdge(edge.get(0).asText(), edge.get(1).asText());
      }
    }
    for (JsonNode route : g.path("routes")) {
      Router router = router(route);
      if (route.has("to")) {
        List<String> to = new ArrayList<>();
        route.get("to").forEach(t -> to.add(t.asText()));
        builder.addConditionalEdges(route.get("from").asText(), router, to);
      } else {
        builder.addConditionalEdges(route.get("from").asText(), router);
      }
    }
    return builder;
  }

  private static Schema schema(JsonNode channels) {
    List<Key<?>> keys = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : channels.properties()) {
      String name = e.getKey();
      String reducer = e.getValue().path("reducer").asText("last");
      JsonNode def = e.getValue().get("default");
      if (def == null) {
        keys.add(Schema.dynamic(Map.of(name, reducer)).keys().getFirst());
      } else {
        Object initial = JsonValues.toJava(def);
        keys.add(switch (reducer) {
          case "append" -> Key.reducing(name, Object.class, Values::append, () -> initial);
          case "add" -> Key.reducing(name, Object.class, Values::add, () -> initial);
          case "merge" -> Key.reducing(name, Object.class, Values::merge, () -> initial);
          default -> throw new IllegalArgumentException("channel \"" + name + "\": a default on a " + reducer
              + " channel cannot be expressed in LangGraph, so scenarios do not use it");
        });
      }
    }
    return Schema.of(keys);
  }

  private static NodeOptions options(JsonNode node) {
    NodeOptions o = NodeOptions.DEFAULT;
    JsonNode r = node.get("retry");
    if (r != null) {
      o = o.withRetry(RetryPolicy.defaults()
          .withMaxAttempts(r.path("max_attempts").asInt(3))
          .withInitialInterval(seconds(r.path("initial_interval").asDouble(0.5)))
          .withBackoffFactor(r.path("backoff_factor").asDouble(2.0))
          .withJitter(r.path("jitter").asBoolean(true)));
    }
    if (node.path("defer").asBoolean(false)) {
      o = o.withDefer(true);
    }
    if (node.has("cache")) {
      JsonNode ttl = node.get("cache").get("ttl");
      o = o.withCache(ttl == null || ttl.isNull() ? CachePolicy.byInput() : CachePolicy.ttl(seconds(ttl.asDouble())));
    }
    Set<String> destinations = destinations(node);
    if (!destinations.isEmpty()) {
      o = o.withDestinations(destinations.toArray(String[]::new));
    }
    return o;
  }

  /** Nodes a node may reach through goto and send ops (for a subgraph node: its nodes' goto_parent targets). */
  private static Set<String> destinations(JsonNode node) {
    Set<String> out = new LinkedHashSet<>();
    if (node.has("graph")) {
      for (JsonNode inner : node.get("graph").path("nodes")) {
        for (JsonNode op : inner.path("ops")) {
          if (op.has("goto_parent")) {
            out.add(op.get("goto_parent").asText());
          }
        }
      }
    }
    for (JsonNode op : node.path("ops")) {
      if (op.has("goto")) {
        JsonNode g = op.get("goto");
        if (g.isArray()) {
          g.forEach(x -> out.add(x.asText()));
        } else {
          out.add(g.asText());
        }
      } else if (op.has("send")) {
        out.add(op.get("send").get("node").asText());
      }
    }
    return out;
  }

  private static Duration seconds(double s) {
    return Duration.ofNanos((long) (s * 1e9));
  }

  private Node body(String path, JsonNode ops) {
    return (state, rt) -> {
      Map<String, Object> writes = new LinkedHashMap<>();
      List<Object> gotos = new ArrayList<>();
      String parentGoto = null;
      for (JsonNode op : ops) {
        Map.Entry<String, JsonNode> only = op.properties().iterator().next();
        JsonNode arg = only.getValue();
        switch (only.getKey()) {
          case "set" -> arg.properties().forEach(e -> writes.put(e.getKey(), JsonValues.toJava(e.getValue())));
          case "append" -> arg.properties().forEach(e -> {
            List<Object> l = writes.get(e.getKey()) instanceof List<?> prev ? new ArrayList<>(prev) : new ArrayList<>();
            l.add(JsonValues.toJava(e.getValue()));
            writes.put(e.getKey(), l);
          });
          case "overwrite" -> arg.properties().forEach(e -> writes.put(e.getKey(),
              new dev.trellis.channel.Overwrite(JsonValues.toJava(e.getValue()))));
          case "incr" -> arg.properties().forEach(e -> {
            Object cur = state.get(e.getKey());
            writes.put(e.getKey(), Values.add(cur == null ? 0 : cur, JsonValues.toJava(e.getValue())));
          });
          case "copy" -> writes.put(arg.get("to").asText(), state.get(arg.get("from").asText()));
          case "interrupt" -> writes.put(arg.get("into").asText(), rt.interrupt(JsonValues.toJava(arg.get("value"))));
          case "fail" -> {
            int seen = failCounts.getOrDefault(path, 0);
            if (seen < arg.get("times").asInt()) {
              failCounts.put(path, seen + 1);
              throw new ScenarioFailure(path + " fails (attempt " + (seen + 1) + ")");
            }
          }
          case "send" -> {
            Object over = state.get(arg.get("over").asText());
            if (over instanceof Collection<?> items) {
              for (Object item : items) {
                Map<String, Object> packet = new LinkedHashMap<>();
                packet.put(arg.get("as").asText(), item);
                gotos.add(Send.to(arg.get("node").asText(), packet));
              }
            }
          }
          case "goto" -> {
            if (arg.isArray()) {
              arg.forEach(x -> gotos.add(x.asText()));
            } else {
              gotos.add(arg.asText());
            }
          }
          case "goto_parent" -> parentGoto = arg.asText();
          case "custom" -> rt.write(JsonValues.toJava(arg));
          case "sleep_ms" -> Thread.sleep(arg.asLong());
          default -> throw new IllegalArgumentException("unknown op \"" + only.getKey() + "\" in node " + path);
        }
      }
      if (parentGoto != null) {
        return new Command(Update.of(writes), List.of(parentGoto), null, true);
      }
      if (!gotos.isEmpty()) {
        return new Command(Update.of(writes), gotos, null, false);
      }
      return Update.of(writes);
    };
  }

  private static Router router(JsonNode route) {
    if (route.has("by")) {
      String channel = route.get("by").asText();
      return state -> state.get(channel);
    }
    JsonNode cond = route.get("if");
    String channel = cond.get("ch").asText();
    String op = null;
    Object value = null;
    for (Map.Entry<String, JsonNode> e : cond.properties()) {
      if (!e.getKey().equals("ch")) {
        op = e.getKey();
        value = JsonValues.toJava(e.getValue());
      }
    }
    Object then = JsonValues.toJava(route.get("then"));
    Object otherwise = JsonValues.toJava(route.get("else"));
    String cmp = op;
    Object target = value;
    return (State state) -> Values.compare(cmp, state.get(channel), target) ? then : otherwise;
  }
}
