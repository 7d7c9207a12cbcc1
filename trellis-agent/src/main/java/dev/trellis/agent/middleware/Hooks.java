package dev.trellis.agent.middleware;

import dev.trellis.agent.model.ToolSpec;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.List;
import java.util.Objects;

/** Middleware from lambdas, for the common one-hook cases (LangChain's decorators). */
public final class Hooks {
  private Hooks() {}

  /** A node hook body. */
  @FunctionalInterface
  public interface Body {
    Update run(State state, Runtime rt) throws Exception;
  }

  /** Computes something from the state and runtime of a model call. */
  @FunctionalInterface
  public interface PerCall<T> {
    T apply(State state, Runtime rt) throws Exception;
  }

  /** A middleware named {@code name} whose before-model hook is {@code body}. */
  public static AgentMiddleware beforeModel(String name, Body body) {
    Objects.requireNonNull(body, "body");
    return new AgentMiddleware() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Update beforeModel(State state, Runtime rt) throws Exception {
        return body.run(state, rt);
      }
    };
  }

  /** A middleware named {@code name} whose after-model hook is {@code body}. */
  public static AgentMiddleware afterModel(String name, Body body) {
    Objects.requireNonNull(body, "body");
    return new AgentMiddleware() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Update afterModel(State state, Runtime rt) throws Exception {
        return body.run(state, rt);
      }
    };
  }

  /** The system prompt of each model call, computed from state and context (LangChain's {@code @dynamic_prompt}). */
  public static AgentMiddleware dynamicPrompt(PerCall<String> prompt) {
    return new AgentMiddleware() {
      @Override
      public String name() {
        return "DynamicPrompt";
      }

      @Override
      public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
        return next.call(request.withSystemPrompt(prompt.apply(request.state(), request.runtime())));
      }
    };
  }

  /** The tools offered on each model call, chosen from the agent's tools by state and context. */
  public static AgentMiddleware selectTools(PerCall<java.util.function.Predicate<ToolSpec>> visible) {
    return new AgentMiddleware() {
      @Override
      public String name() {
        return "ToolSelection";
      }

      @Override
      public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
        var keep = visible.apply(request.state(), request.runtime());
        List<ToolSpec> tools = request.tools().stream().filter(keep).toList();
        return next.call(request.withTools(tools));
      }
    };
  }
}
