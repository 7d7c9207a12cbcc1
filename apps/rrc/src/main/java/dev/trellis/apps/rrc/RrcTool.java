package dev.trellis.apps.rrc;

import dev.trellis.graph.State;
import java.util.Map;

/** A Java tool implementation; skills bind tool declarations to these by name. */
@FunctionalInterface
public interface RrcTool {
  /** What a tool call sees besides its arguments: the pipeline state, its call id, the knowledge graph. */
  record Call(State state, String toolCallId, KnowledgeGraph kg) {}

  ToolResult call(Map<String, Object> args, Call call) throws Exception;
}
