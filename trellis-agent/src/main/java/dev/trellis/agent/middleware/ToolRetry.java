package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.policy.Sleeper;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * Retries failing tool calls (LangChain's {@code ToolRetryMiddleware}) by a
 * {@link RetryPolicy}, for the named tools (all when none are named). When attempts run out
 * the model gets an error tool message ({@link ExitBehavior#CONTINUE}, the default) or the
 * failure is rethrown ({@code ERROR}). Waits go through an injected {@link Sleeper}.
 */
public final class ToolRetry implements AgentMiddleware {
  private final RetryPolicy policy;
  private final Set<String> tools;
  private final ExitBehavior onFailure;
  private final Sleeper sleeper;

  public ToolRetry(RetryPolicy policy, Set<String> tools, ExitBehavior onFailure, Sleeper sleeper) {
    if (onFailure == ExitBehavior.END) {
      throw new IllegalArgumentException("a tool retry can CONTINUE or ERROR when attempts run out, not END");
    }
    this.policy = Objects.requireNonNull(policy, "policy");
    this.tools = Set.copyOf(tools);
    this.onFailure = Objects.requireNonNull(onFailure, "onFailure");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
  }

  /** LangChain's defaults: {@code maxRetries} retries of any failure, 1 s doubling up to 60 s with jitter, then an error message. */
  public static ToolRetry of(int maxRetries) {
    return new ToolRetry(new RetryPolicy(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(60), maxRetries + 1, true,
        e -> true), Set.of(), ExitBehavior.CONTINUE, Sleeper.SYSTEM);
  }

  public RetryPolicy policy() {
    return policy;
  }

  public ToolRetry withPolicy(RetryPolicy p) {
    return new ToolRetry(p, tools, onFailure, sleeper);
  }

  public ToolRetry withSleeper(Sleeper s) {
    return new ToolRetry(policy, tools, onFailure, s);
  }

  public ToolRetry onlyFor(String... names) {
    return new ToolRetry(policy, Set.of(names), onFailure, sleeper);
  }

  public ToolRetry onFailure(ExitBehavior b) {
    return new ToolRetry(policy, tools, b, sleeper);
  }

  @Override
  public String name() {
    return "ToolRetryMiddleware";
  }

  @Override
  public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
    if (!tools.isEmpty() && !tools.contains(request.call().name())) {
      return next.call(request);
    }
    return Retrying.run(policy, sleeper, () -> next.call(request), (e, attempts) -> {
      if (onFailure == ExitBehavior.ERROR) {
        throw e;
      }
      Message.ToolCall c = request.call();
      return new Message.Tool(null, "Tool '" + c.name() + "' failed after " + attempts
          + (attempts == 1 ? " attempt" : " attempts") + " with "
          + e.getClass().getSimpleName() + ": " + e.getMessage() + ". Please try again.", c.id(), c.name(), true);
    });
  }
}
