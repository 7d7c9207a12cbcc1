package dev.trellis.agent.tool;

import dev.trellis.agent.model.ToolSpec;
import java.util.Map;

/**
 * A tool an agent can call: its spec for the model, and the code. The result becomes the
 * text of a tool message ({@code String.valueOf}), unless it is a {@code Command}, which
 * updates graph state and may route. Implementations are thread-safe (calls run in parallel).
 */
public interface Tool {
  ToolSpec spec();

  Object call(Map<String, Object> args, ToolContext context) throws Exception;

  /** A tool from a spec and a function. */
  static Tool of(ToolSpec spec, ToolFunction fn) {
    return new Tool() {
      @Override
      public ToolSpec spec() {
        return spec;
      }

      @Override
      public Object call(Map<String, Object> args, ToolContext context) throws Exception {
        return fn.call(args, context);
      }
    };
  }

  /** The code of a tool. */
  @FunctionalInterface
  interface ToolFunction {
    Object call(Map<String, Object> args, ToolContext context) throws Exception;
  }
}
