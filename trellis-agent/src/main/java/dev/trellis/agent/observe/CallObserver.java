package dev.trellis.agent.observe;

import dev.trellis.agent.tool.ToolCallRequest;
import java.util.concurrent.Callable;

/**
 * Watches the chat-model and tool calls the agent layer makes (tracing, metrics). Found with
 * {@link java.util.ServiceLoader} (trellis-otel provides one), or given explicitly to
 * {@link Observed}. {@link #chat} and {@link #tool} are called on the thread making the call,
 * and the returned {@link Observation} is ended on that same thread, so an implementation may
 * make something current there for the call's length (a span). Implementations are
 * thread-safe, quick, and never throw.
 */
public interface CallObserver {
  /** A chat-model call starts now. */
  Observation chat(ChatCall call);

  /** A tool is executed now ({@code request.tool()} with {@code request.call()}'s arguments). */
  Observation tool(ToolCallRequest request);

  /**
   * {@code work} made to run on another thread as if on this one: what this thread is inside
   * (the node's span, say) is what calls made there nest in. The default returns it unchanged.
   */
  default <T> Callable<T> carry(Callable<T> work) {
    return work;
  }

  /** One observed call, ended exactly once with {@link #end} or {@link #fail}. */
  interface Observation {
    /** What an observer returns for a call it leaves alone. */
    Observation NONE = new Observation() {
      @Override
      public void end(Object result) {
      }

      @Override
      public void fail(Throwable error) {
      }
    };

    /** What the provider said about the answer (chat calls; adapters report it before the end). */
    default void response(ResponseInfo info) {
    }

    /** The call returned {@code result}: the {@code Message.Ai} of a chat call, the tool's result. */
    void end(Object result);

    /** The call threw {@code error} (a tool's interrupt for a human arrives here too). */
    void fail(Throwable error);
  }

  /** Observes nothing. */
  CallObserver NONE = new CallObserver() {
    @Override
    public Observation chat(ChatCall call) {
      return Observation.NONE;
    }

    @Override
    public Observation tool(ToolCallRequest request) {
      return Observation.NONE;
    }
  };
}
