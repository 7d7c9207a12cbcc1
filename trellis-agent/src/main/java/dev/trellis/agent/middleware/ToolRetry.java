package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.policy.Sleeper;
import java.time.Duration;
import java.util.Set;

/**
 * Retries failing tool calls (LangChain's {@code ToolRetryMiddleware}): up to
 * {@code maxRetries} more attempts with a doubling wait, for the named tools (all when none
 * are named). When attempts run out the model gets an error tool message
 * ({@link ExitBehavior#CONTINUE}, the default) or the failure is rethrown ({@code ERROR}).
 */
public final class ToolRetry implements AgentMiddleware {
  private final int maxRetries;
  private final Duration initialDelay;
  private final Set<String> tools;
  private final ExitBehavior onFailure;
  private final Sleeper sleeper;

  public ToolRetry(int maxRetries, Duration initialDelay, Set<String> tools, ExitBehavior onFailure, Sleeper sleeper) {
    if (onFailure == ExitBehavior.END) {
      throw new IllegalArgumentException("a tool retry can CONTINUE or ERROR when attempts run out, not END");
    }
    this.maxRetries = maxRetries;
    this.initialDelay = initialDelay;
    this.tools = Set.copyOf(tools);
    this.onFailure = onFailure;
    this.sleeper = sleeper;
  }

  public static ToolRetry of(int maxRetries) {
    return new ToolRetry(maxRetries, Duration.ofSeconds(1), Set.of(), ExitBehavior.CONTINUE, Sleeper.SYSTEM);
  }

  public ToolRetry withSleeper(Sleeper s) {
    return new ToolRetry(maxRetries, initialDelay, tools, onFailure, s);
  }

  public ToolRetry onlyFor(String... names) {
    return new ToolRetry(maxRetries, initialDelay, Set.of(names), onFailure, sleeper);
  }

  public ToolRetry onFailure(ExitBehavior b) {
    return new ToolRetry(maxRetries, initialDelay, tools, b, sleeper);
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
    Duration delay = initialDelay;
    for (int attempt = 0; ; attempt++) {
      try {
        return next.call(request);
      } catch (Exception e) {
        if (e.getClass().getName().equals("dev.trellis.pregel.GraphInterrupt")) {
          throw e;
        }
        if (attempt >= maxRetries) {
          if (onFailure == ExitBehavior.ERROR) {
            throw e;
          }
          Message.ToolCall c = request.call();
          return new Message.Tool(null, "Tool '" + c.name() + "' failed after " + (attempt + 1) + " attempts with "
              + e.getClass().getSimpleName() + ": " + e.getMessage() + ". Please try again.", c.id(), c.name(), true);
        }
        sleeper.sleep(delay);
        delay = delay.multipliedBy(2);
      }
    }
  }
}
