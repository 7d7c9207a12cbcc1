package dev.trellis.agent.tool;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.observe.Observed;
import dev.trellis.graph.Command;
import dev.trellis.graph.Node;
import dev.trellis.graph.NodeResult;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs the tool calls of the last AI message not yet answered by a tool message, in parallel (one virtual thread each), and
 * answers each with a tool message, in call order. Calls pass through the interceptors
 * (first = outermost). A tool failure becomes an error tool message ({@code handleErrors}, as
 * {@link #of} sets it) or fails the node (the agent's default, as LangChain's); an unknown tool
 * is always answered with LangChain's error message naming the known tools; a call an
 * interceptor renamed runs the tool of the new name. A tool returning a {@link Command} updates graph state (its
 * messages are added after the tool messages) and may route.
 */
public final class ToolNode implements Node {
  private final Map<String, Tool> tools = new LinkedHashMap<>();
  private final List<ToolInterceptor> interceptors;
  private final boolean handleErrors;

  public ToolNode(List<Tool> tools, List<ToolInterceptor> interceptors, boolean handleErrors) {
    for (Tool t : tools) {
      if (this.tools.put(t.spec().name(), t) != null) {
        throw new IllegalArgumentException("two tools are named \"" + t.spec().name() + "\"");
      }
    }
    this.interceptors = List.copyOf(interceptors);
    this.handleErrors = handleErrors;
  }

  public static ToolNode of(Tool... tools) {
    return new ToolNode(List.of(tools), List.of(), true);
  }

  public List<Tool> tools() {
    return List.copyOf(tools.values());
  }

  /**
   * One tool call sent to this node on its own (a {@code Send} per call), with the graph
   * state at the time it was sent.
   */
  public record Call(Message.ToolCall call, Map<String, Object> state) {}

  /**
   * Several tool calls sent to this node as one task, with the graph state at the time they
   * were sent: run like the calls of a state input, answered or not (LangChain's agent sends
   * the tools node the state when a hook jumps there, and its tool node then runs every call
   * of the last AI message).
   */
  public record Calls(List<Message.ToolCall> calls, Map<String, Object> state) {
    public Calls {
      calls = List.copyOf(calls);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public NodeResult apply(State state, Runtime rt) throws Exception {
    if (state.arg() instanceof Call single) {
      Object r = run(single.call(), new ToolContext(State.of(single.state()), rt, single.call()));
      return r instanceof Command c ? c : Update.of(Messages.KEY, List.of((Message) r));
    }
    List<Message.ToolCall> calls;
    State seen = state;
    if (state.arg() instanceof Calls many) {
      calls = many.calls();
      seen = State.of(many.state());
    } else {
      List<Message> messages = (List<Message>) state.get(Messages.KEY.name());
      Message.Ai ai = lastAi(messages);
      if (ai == null || ai.toolCalls().isEmpty()) {
        return Update.empty();
      }
      calls = pending(messages, ai);
    }
    List<Object> results = new ArrayList<>();
    State toolState = seen;
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<Object>> running = new ArrayList<>();
      for (Message.ToolCall call : calls) {
        running.add(pool.submit(Observed.carry(() -> run(call, new ToolContext(toolState, rt, call)))));
      }
      for (Future<Object> f : running) {
        try {
          results.add(f.get());
        } catch (ExecutionException e) {
          if (e.getCause() instanceof Exception ex) {
            throw ex; // an interrupt (approval) or a tool failure not handled as a message
          }
          throw e;
        }
      }
    }
    List<Message> answers = new ArrayList<>();
    List<Command> commands = new ArrayList<>();
    for (Object r : results) {
      if (r instanceof Command c) {
        commands.add(c);
      } else {
        answers.add((Message) r);
      }
    }
    if (commands.isEmpty()) {
      return Update.of(Messages.KEY, answers);
    }
    Map<String, Object> update = new LinkedHashMap<>();
    List<Message> all = new ArrayList<>(answers);
    List<Object> gotos = new ArrayList<>();
    for (Command c : commands) {
      c.update().values().forEach((k, v) -> {
        if (k.equals(Messages.KEY.name())) {
          all.addAll((List<Message>) v);
        } else {
          update.put(k, v);
        }
      });
      gotos.addAll(c.gotos());
    }
    update.put(Messages.KEY.name(), all);
    return new Command(Update.of(update), gotos, null, false);
  }

  private Object run(Message.ToolCall call, ToolContext context) throws Exception {
    Tool tool = tools.get(call.name());
    if (tool == null) {
      return new Message.Tool(null, "Error: " + call.name() + " is not a valid tool, try one of ["
          + String.join(", ", tools.keySet()) + "].", call.id(), call.name(), true);
    }
    try {
      Object result = chain(0, new ToolCallRequest(call, tool, context));
      if (result instanceof Command c) {
        return c;
      }
      if (result instanceof Message.Tool answer) {
        return answer;
      }
      return new Message.Tool(null, String.valueOf(result), call.id(), call.name(), false);
    } catch (RuntimeException e) {
      if (e instanceof dev.trellis.graph.ControlFlow || !handleErrors) {
        throw e;
      }
      return new Message.Tool(null, "Error: " + e.getMessage(), call.id(), call.name(), true);
    } catch (Exception e) {
      if (!handleErrors) {
        throw e;
      }
      return new Message.Tool(null, "Error: " + e.getMessage(), call.id(), call.name(), true);
    }
  }

  private Object chain(int i, ToolCallRequest request) throws Exception {
    if (i == interceptors.size()) {
      Message.ToolCall call = request.call();
      if (request.tool() != null && !request.tool().spec().name().equals(call.name())) {
        // an interceptor renamed the call (e.g. a reviewer's edit): it runs the tool of that name
        Tool renamed = tools.get(call.name());
        if (renamed == null) {
          throw new IllegalArgumentException("tool call " + call.id() + " was changed to " + call.name()
              + ", which is not an available tool. Available tools: " + String.join(", ", tools.keySet()) + ".");
        }
        request = request.override(renamed);
      }
      Runtime rt = request.context().runtime();
      Consumer<Object> end = rt == null ? o -> { } : rt.toolCall(call.name(), call.args());
      ToolCallRequest executed = request;
      Object result = Observed.tool(executed, () -> executed.tool().call(call.args(), executed.context()));
      end.accept(result instanceof Message.Tool || result instanceof Command ? result
          : new Message.Tool(null, String.valueOf(result), call.id(), call.name(), false));
      return result;
    }
    return interceptors.get(i).intercept(request, next -> chain(i + 1, next));
  }

  /** The calls of {@code ai} not yet answered by a tool message (e.g. one a reviewer rejected). */
  public static List<Message.ToolCall> pending(List<Message> messages, Message.Ai ai) {
    return Messages.unanswered(messages, ai);
  }

  /** The last AI message of {@code messages}, or null. */
  public static Message.Ai lastAi(List<Message> messages) {
    if (messages == null) {
      return null;
    }
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Ai ai) {
        return ai;
      }
    }
    return null;
  }
}
