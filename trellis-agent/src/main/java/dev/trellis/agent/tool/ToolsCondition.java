package dev.trellis.agent.tool;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.Router;
import java.util.List;

/** The router after a model node: to {@code toolsNode} when the last message calls tools, else to END. */
public final class ToolsCondition {
  private ToolsCondition() {}

  @SuppressWarnings("unchecked")
  public static Router to(String toolsNode) {
    return state -> {
      Object last = Messages.last((List<Message>) state.get(Messages.KEY.name()));
      return last instanceof Message.Ai ai && !ai.toolCalls().isEmpty() ? toolsNode : StateGraph.END;
    };
  }
}
