package dev.trellis.agent.observe;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.runtime.MessageStream;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The door every chat-model and tool call of the agent layer goes through, so that a
 * {@link CallObserver} sees each of them with no wiring: the agent's model and tools nodes,
 * structured output, summarization and tool selection call through here, and
 * {@link #model(ChatModel)} makes a model whose every call does (what applications that call
 * their model directly hold).
 *
 * <p>The observer is what {@link ServiceLoader} finds for {@link CallObserver} on the class path
 * of trellis-agent (all of them, in order; none: nothing is observed, at the cost of a field
 * read). One call is observed once: a call made while a call of the same kind is observed on
 * the same thread (a wrapped model calling the model it wraps, an explicit tracing middleware
 * around the agent's own call) is part of that one. Adapters report what the provider said of
 * the answer with {@link #responded}.
 */
public final class Observed {
  private Observed() {
  }

  private static final CallObserver OBSERVER = discover();
  /** The chat and tool call observed on this thread now, if any. */
  private static final ThreadLocal<CallObserver.Observation> CHAT = new ThreadLocal<>();
  private static final ThreadLocal<CallObserver.Observation> TOOL = new ThreadLocal<>();

  /** The observer found on the class path ({@link CallObserver#NONE} when there is none). */
  public static CallObserver observer() {
    return OBSERVER;
  }

  /** {@code model.chat(request)}, observed. */
  public static Message.Ai chat(ChatModel model, ChatRequest request) throws Exception {
    return chat(new ChatCall(model, request, null), OBSERVER, () -> model.chat(request));
  }

  /** {@code model.stream(request, tokens)}, observed. */
  public static Message.Ai stream(ChatModel model, ChatRequest request, Consumer<String> tokens) throws Exception {
    return chat(new ChatCall(model, request, null), OBSERVER, () -> model.stream(request, tokens));
  }

  /** {@code model.streamTo(request, out)} made by the node whose runtime is {@code rt} (null: none), observed. */
  public static Message.Ai streamTo(ChatModel model, ChatRequest request, MessageStream out, Runtime rt) throws Exception {
    return chat(new ChatCall(model, request, rt), OBSERVER, () -> model.streamTo(request, out));
  }

  /**
   * {@code work}, the chat call {@code call}, observed by {@code observer} (an explicit one, such
   * as a tracing middleware's); {@code work}'s result is what the observation ends with.
   */
  public static <T> T chat(ChatCall call, CallObserver observer, Callable<T> work) throws Exception {
    if (observer == CallObserver.NONE || CHAT.get() != null) {
      return work.call();
    }
    return observed(CHAT, start(() -> observer.chat(call)), work);
  }

  /** {@code work}, the execution of {@code request}'s tool, observed. */
  public static Object tool(ToolCallRequest request, Callable<Object> work) throws Exception {
    return tool(request, OBSERVER, work);
  }

  /** {@code work}, the execution of {@code request}'s tool, observed by {@code observer} (an explicit one). */
  public static Object tool(ToolCallRequest request, CallObserver observer, Callable<Object> work) throws Exception {
    if (observer == CallObserver.NONE || TOOL.get() != null) {
      return work.call();
    }
    return observed(TOOL, start(() -> observer.tool(request)), work);
  }

  /** {@code work} to run on another thread, where calls nest in what this thread is inside now. */
  public static <T> Callable<T> carry(Callable<T> work) {
    return OBSERVER == CallObserver.NONE ? work : OBSERVER.carry(work);
  }

  /** Tells the chat call observed on this thread what the provider said of its answer; nothing when none is. */
  public static void responded(ResponseInfo info) {
    CallObserver.Observation o = CHAT.get();
    if (o != null) {
      o.response(info);
    }
  }

  /** {@code model} with each of its calls ({@code chat}, {@code stream}, {@code streamTo}) observed; itself when it already is. */
  public static ChatModel model(ChatModel model) {
    return model instanceof ObservedChatModel ? model : new ObservedChatModel(model);
  }

  private static <T> T observed(ThreadLocal<CallObserver.Observation> active, CallObserver.Observation o,
      Callable<T> work) throws Exception {
    active.set(o);
    try {
      T result = work.call();
      o.end(result);
      return result;
    } catch (Exception | Error e) {
      o.fail(e);
      throw e;
    } finally {
      active.remove();
    }
  }

  private static CallObserver.Observation start(java.util.function.Supplier<CallObserver.Observation> start) {
    try {
      CallObserver.Observation o = start.get();
      return o == null ? CallObserver.Observation.NONE : o;
    } catch (RuntimeException e) {
      System.getLogger(Observed.class.getName()).log(System.Logger.Level.WARNING, "a call observer failed", e);
      return CallObserver.Observation.NONE;
    }
  }

  private static CallObserver discover() {
    List<CallObserver> found = new ArrayList<>();
    try {
      ServiceLoader.load(CallObserver.class, CallObserver.class.getClassLoader()).forEach(found::add);
    } catch (java.util.ServiceConfigurationError | LinkageError e) {
      System.getLogger(Observed.class.getName()).log(System.Logger.Level.WARNING,
          "a CallObserver on the class path could not be loaded; model and tool calls are not observed by it", e);
    }
    return switch (found.size()) {
      case 0 -> CallObserver.NONE;
      case 1 -> found.getFirst();
      default -> new Observers(List.copyOf(found));
    };
  }
}
