package dev.trellis.agent;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.agent.tool.ToolNode;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.Key;
import dev.trellis.graph.Node;
import dev.trellis.graph.Router;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Send;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lays out an {@link Agent} as a {@link StateGraph}, as LangChain's {@code create_agent} does:
 * START → before_agent hooks (in order) → [loop: before_model hooks (in order) → model →
 * after_model hooks (in reverse) → tools] → after_agent hooks (in reverse) → END. Every hook
 * node may jump ({@code model} = the loop's entry, {@code tools}, {@code end} = the exit).
 */
final class AgentGraph {
  private static final String MODEL = "model";
  private static final String TOOLS = "tools";

  private final Agent.Builder agent;
  private final List<AgentMiddleware> middleware;
  private String loopEntry;
  private String exit;
  private boolean hasTools;

  AgentGraph(Agent.Builder agent) {
    this.agent = agent;
    this.middleware = List.copyOf(agent.middleware);
  }

  /** A hook body: one of the four node hooks of a middleware. */
  private interface Hook {
    Update run(AgentMiddleware m, State s, Runtime rt) throws Exception;
  }

  StateGraph build() {
    Set<String> names = new HashSet<>();
    for (AgentMiddleware m : middleware) {
      if (!names.add(m.name())) {
        throw new IllegalArgumentException("two middleware are named \"" + m.name() + "\"; names must be unique");
      }
    }
    StateGraph g = StateGraph.of(Schema.of(keys()));
    List<Tool> tools = new ArrayList<>(agent.tools);
    middleware.forEach(m -> tools.addAll(m.tools()));
    hasTools = !tools.isEmpty();
    List<AgentMiddleware> modelWrappers = middleware.stream().filter(MiddlewareHook.WRAP_MODEL_CALL::isImplementedBy).toList();
    g.addNode(MODEL, new ModelNode(agent.model, agent.systemPrompt, tools.stream().map(Tool::spec).toList(),
        modelWrappers, agent.responseFormat));
    if (hasTools) {
      List<ToolInterceptor> interceptors = middleware.stream().filter(MiddlewareHook.WRAP_TOOL_CALL::isImplementedBy)
          .map(m -> (ToolInterceptor) m::wrapToolCall).toList();
      g.addNode(TOOLS, new ToolNode(tools, interceptors, agent.handleToolErrors));
    }

    List<String> beforeAgent = hooks(g, MiddlewareHook.BEFORE_AGENT, AgentMiddleware::beforeAgent);
    List<String> beforeModel = hooks(g, MiddlewareHook.BEFORE_MODEL, AgentMiddleware::beforeModel);
    List<String> afterModel = hooks(g, MiddlewareHook.AFTER_MODEL, AgentMiddleware::afterModel).reversed();
    List<String> afterAgent = hooks(g, MiddlewareHook.AFTER_AGENT, AgentMiddleware::afterAgent).reversed();
    loopEntry = beforeModel.isEmpty() ? MODEL : beforeModel.getFirst();
    exit = afterAgent.isEmpty() ? StateGraph.END : afterAgent.getFirst();

    g.addEdge(StateGraph.START, beforeAgent.isEmpty() ? loopEntry : beforeAgent.getFirst());
    chain(g, beforeAgent, loopEntry);
    chain(g, beforeModel, MODEL);
    if (afterModel.isEmpty()) {
      g.addConditionalEdges(MODEL, afterModelRouter(), destinations());
    } else {
      g.addEdge(MODEL, afterModel.getFirst());
      chain(g, afterModel.subList(0, afterModel.size() - 1), afterModel.getLast());
      g.addConditionalEdges(afterModel.getLast(), afterModelRouter(), destinations());
    }
    if (hasTools) {
      List<String> after = new ArrayList<>(List.of(loopEntry));
      if (structuredTool() != null && !after.contains(exit)) {
        after.add(exit);
      }
      g.addConditionalEdges(TOOLS, afterToolsRouter(), after);
    }
    chain(g, afterAgent, StateGraph.END);
    return g;
  }

  private List<Key<?>> keys() {
    Map<String, Key<?>> keys = new LinkedHashMap<>();
    for (Key<?> k : List.of(Messages.KEY, Agent.STRUCTURED_RESPONSE, AgentMiddleware.JUMP_TO)) {
      keys.put(k.name(), k);
    }
    middleware.forEach(m -> m.stateKeys().forEach(k -> keys.putIfAbsent(k.name(), k)));
    agent.stateKeys.forEach(k -> keys.putIfAbsent(k.name(), k));
    return List.copyOf(keys.values());
  }

  /** Adds a node for each middleware implementing {@code which}; returns their names in middleware order. */
  private List<String> hooks(StateGraph g, MiddlewareHook which, Hook hook) {
    List<String> nodes = new ArrayList<>();
    for (AgentMiddleware m : middleware) {
      if (which.isImplementedBy(m)) {
        String name = m.name() + "." + which.suffix;
        dev.trellis.observe.TracePolicy trace = m.tracePolicy() != null ? m.tracePolicy() : agent.tracePolicy;
        g.addNode(name, hookNode(m, hook), dev.trellis.graph.NodeOptions.DEFAULT.withTrace(trace));
        nodes.add(name);
      }
    }
    return nodes;
  }

  /** Runs the hook; checks its jump, and clears a jump the previous step left behind. */
  private static Node hookNode(AgentMiddleware m, Hook hook) {
    return (s, rt) -> {
      Update u = hook.run(m, s, rt);
      u = u == null ? Update.empty() : u;
      Object jump = u.values().get(AgentMiddleware.JUMP_TO.name());
      if (jump != null) {
        AgentMiddleware.checkTarget(String.valueOf(jump));
      } else if (s.get(AgentMiddleware.JUMP_TO.name()) != null) {
        u = u.and(AgentMiddleware.JUMP_TO, null);
      }
      return u;
    };
  }

  /** Each node goes to the next (the last to {@code after}) unless it jumps. */
  private void chain(StateGraph g, List<String> nodes, String after) {
    for (int i = 0; i < nodes.size(); i++) {
      String next = i + 1 < nodes.size() ? nodes.get(i + 1) : after;
      List<String> to = new ArrayList<>(destinations());
      if (!to.contains(next)) {
        to.add(next);
      }
      g.addConditionalEdges(nodes.get(i), s -> {
        Object jump = s.get(AgentMiddleware.JUMP_TO.name());
        return jump == null ? next : resolve(String.valueOf(jump), s);
      }, to);
    }
  }

  private List<String> destinations() {
    List<String> d = new ArrayList<>(List.of(loopEntry));
    if (hasTools) {
      d.add(TOOLS);
    }
    if (!d.contains(exit)) {
      d.add(exit);
    }
    return d;
  }

  /**
   * Where a jump goes. A jump to tools runs every call of the last AI message, answered or
   * not, as one task (LangChain sends its tool node the state, which runs them all).
   */
  @SuppressWarnings("unchecked")
  private Object resolve(String jump, State s) {
    return switch (jump) {
      case "model" -> loopEntry;
      case "tools" -> {
        if (!hasTools) {
          throw new IllegalStateException("a hook jumped to tools, but the agent has no tools");
        }
        if (agent.version == Agent.Version.V1) {
          yield TOOLS;
        }
        Message.Ai ai = ToolNode.lastAi((List<Message>) s.get(Messages.KEY.name()));
        yield ai == null ? TOOLS : Send.to(TOOLS, new ToolNode.Calls(ai.toolCalls(), s.toMap()));
      }
      default -> exit;
    };
  }

  /** The name of the structured-output tool (tool strategy), or null. */
  private String structuredTool() {
    return agent.responseFormat != null && !agent.model.supportsStructuredOutput() ? agent.responseFormat.name() : null;
  }

  /** After the tools: the exit once the structured answer was given beside them, else the loop. */
  @SuppressWarnings("unchecked")
  private Router afterToolsRouter() {
    String structured = structuredTool();
    return s -> {
      if (structured != null) {
        List<Message> messages = (List<Message>) s.get(Messages.KEY.name());
        Message.Ai ai = ToolNode.lastAi(messages);
        boolean after = false;
        for (Message m : messages) {
          if (m == ai) {
            after = true;
          } else if (after && m instanceof Message.Tool t && structured.equals(t.name())) {
            return exit;
          }
        }
      }
      return loopEntry;
    };
  }

  /**
   * After the model (and its after hooks), as LangChain routes: a jump; without tools, the
   * exit once there is a structured answer (tool strategy: else the model again) or at once;
   * with tools, the exit when the model called none; else the calls not yet answered, other
   * than the structured answer's (a {@code Send} each in v2, the tools node in v1); else the
   * exit when there is a structured answer; else the model again (every call was answered,
   * e.g. by a reviewer).
   */
  @SuppressWarnings("unchecked")
  private Router afterModelRouter() {
    String structured = structuredTool();
    return s -> {
      Object jump = s.get(AgentMiddleware.JUMP_TO.name());
      if (jump != null) {
        return resolve(String.valueOf(jump), s);
      }
      boolean answered = s.get(Agent.STRUCTURED_RESPONSE.name()) != null;
      if (!hasTools) {
        return structured != null && !answered ? loopEntry : exit;
      }
      List<Message> messages = (List<Message>) s.get(Messages.KEY.name());
      Message.Ai ai = ToolNode.lastAi(messages);
      if (ai == null || ai.toolCalls().isEmpty()) {
        return exit;
      }
      List<Message.ToolCall> pending = ToolNode.pending(messages, ai).stream()
          .filter(c -> !c.name().equals(structured)).toList();
      if (pending.isEmpty()) {
        return answered ? exit : loopEntry;
      }
      if (agent.version == Agent.Version.V1) {
        return TOOLS;
      }
      Map<String, Object> state = s.toMap();
      return pending.stream().map(c -> (Object) Send.to(TOOLS, new ToolNode.Call(c, state))).toList();
    };
  }
}
