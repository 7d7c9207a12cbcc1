package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.message.PythonRepr;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.tool.ToolContext;
import dev.trellis.graph.Command;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Gives the agent a to-do list it keeps itself (LangChain's {@code TodoListMiddleware}): the
 * {@code write_todos} tool replaces the list held in the {@code todos} state key (each item
 * {@code {content, status}}, status one of {@code pending}, {@code in_progress},
 * {@code completed}) and answers {@code Updated todo list to [...]}; every model call gets a
 * paragraph about the tool appended to its system prompt; two {@code write_todos} calls in one
 * answer are both refused with an error message (neither runs), since each replaces the whole list.
 * As in LangChain, the refusals carry no tool name; the tool's answer does.
 *
 * <p>The default prompt and tool description are Trellis's own wording; pass LangChain's through
 * {@link #TodoList(String, String)} to reproduce its requests exactly. Immutable, thread-safe.
 */
public final class TodoList implements AgentMiddleware {
  /** The list: a List of {@code {content, status}} maps; absent until the first {@code write_todos}. */
  @SuppressWarnings("unchecked")
  public static final Key<List<Map<String, Object>>> TODOS =
      Key.of("todos", (Class<List<Map<String, Object>>>) (Class<?>) List.class);

  public static final String TOOL_NAME = "write_todos";

  /** Appended to the system prompt of every model call. */
  public static final String DEFAULT_SYSTEM_PROMPT = """
      ## `write_todos`

      You can keep a to-do list with the `write_todos` tool. Use it for objectives that take three or more \
      distinct steps: write the steps down, mark the one you start `in_progress`, and mark each `completed` \
      as soon as it is done, without batching. Skip it for simple requests.

      Call `write_todos` at most once per answer: each call replaces the whole list. Once everything is done, \
      give your final answer in a message after your last `write_todos` call, starting with what the user \
      asked for.""";

  /** What the model is told about the tool. */
  public static final String DEFAULT_TOOL_DESCRIPTION = """
      Create or replace your to-do list for this task. Each item has a `content` (what to do) and a `status`: \
      `pending`, `in_progress` or `completed`. Use it for tasks of three or more steps, keep at least one item \
      `in_progress` until all are `completed`, remove items that no longer matter, and never mark an item \
      completed while it has unresolved errors. The list tracks your work; it is not your answer.""";

  static final String PARALLEL_ERROR = "Error: The `write_todos` tool should never be called multiple times in "
      + "parallel. Please call it only once per model invocation to update the todo list.";
  private static final Set<String> STATUSES = Set.of("pending", "in_progress", "completed");

  private final String systemPrompt;
  private final Tool tool;

  public TodoList() {
    this(DEFAULT_SYSTEM_PROMPT, DEFAULT_TOOL_DESCRIPTION);
  }

  public TodoList(String systemPrompt, String toolDescription) {
    this.systemPrompt = Objects.requireNonNull(systemPrompt, "systemPrompt");
    Map<String, Object> item = Map.of("type", "object", "description", "A single todo item with content and status.",
        "properties", Map.of("content", Map.of("type", "string"),
            "status", Map.of("type", "string", "enum", List.of("pending", "in_progress", "completed"))),
        "required", List.of("content", "status"));
    Map<String, Object> params = Map.of("type", "object",
        "properties", Map.of("todos", Map.of("type", "array", "items", item)), "required", List.of("todos"));
    this.tool = Tool.of(new ToolSpec(TOOL_NAME, Objects.requireNonNull(toolDescription, "toolDescription"), params),
        TodoList::write);
  }

  @Override
  public String name() {
    return "TodoListMiddleware";
  }

  @Override
  public List<Key<?>> stateKeys() {
    return List.of(TODOS);
  }

  @Override
  public List<Tool> tools() {
    return List.of(tool);
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    String current = request.systemPrompt();
    String prompt = current == null || current.isEmpty() ? systemPrompt : current + "\n\n" + systemPrompt;
    return next.call(request.withSystemPrompt(prompt));
  }

  @Override
  @SuppressWarnings("unchecked")
  public Update afterModel(State state, Runtime rt) {
    List<Message> messages = (List<Message>) state.get(Messages.KEY.name());
    Message.Ai ai = messages == null ? null : lastAi(messages);
    if (ai == null) {
      return null;
    }
    List<Message> errors = new ArrayList<>();
    for (Message.ToolCall c : ai.toolCalls()) {
      if (c.name().equals(TOOL_NAME)) {
        errors.add(new Message.Tool(null, PARALLEL_ERROR, c.id(), null, true));
      }
    }
    return errors.size() > 1 ? Update.of(Messages.KEY, errors) : null;
  }

  private static Message.Ai lastAi(List<Message> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Ai ai) {
        return ai;
      }
    }
    return null;
  }

  /**
   * The tool: validates the list, stores it, and answers with it. An invalid list is answered
   * with an error message listing every problem, in the words LangChain's argument validation
   * uses, and changes nothing.
   */
  private static Object write(Map<String, Object> args, ToolContext ctx) {
    Message.ToolCall call = ctx.call();
    List<String> errors = new ArrayList<>();
    List<Map<String, Object>> todos = new ArrayList<>();
    Object raw = args.get("todos");
    if (raw == null) {
      errors.add("todos: Field required");
    } else if (!(raw instanceof List<?> items)) {
      errors.add("todos: Input should be a valid list");
    } else {
      for (int i = 0; i < items.size(); i++) {
        if (!(items.get(i) instanceof Map<?, ?> m)) {
          errors.add("todos." + i + ": Input should be a valid dictionary");
          continue;
        }
        Object content = m.get("content");
        Object status = m.get("status");
        if (content == null) {
          errors.add("todos." + i + ".content: Field required");
        } else if (!(content instanceof String)) {
          errors.add("todos." + i + ".content: Input should be a valid string");
        }
        if (status == null) {
          errors.add("todos." + i + ".status: Field required");
        } else if (!STATUSES.contains(status)) {
          errors.add("todos." + i + ".status: Input should be 'pending', 'in_progress' or 'completed'");
        }
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("content", content);
        t.put("status", status);
        todos.add(java.util.Collections.unmodifiableMap(t));
      }
    }
    if (!errors.isEmpty()) {
      return new Message.Tool(null, "Error invoking tool '" + call.name() + "' with kwargs " + PythonRepr.of(args)
          + " with error:\n " + String.join("\n", errors) + "\n Please fix the error and try again.", call.id(),
          call.name(), true);
    }
    List<Map<String, Object>> list = List.copyOf(todos);
    Message answer = new Message.Tool(null, "Updated todo list to " + PythonRepr.of(list), call.id(), call.name(), false);
    return Command.update(Update.of(TODOS, list).and(Messages.KEY, List.of(answer)));
  }
}
