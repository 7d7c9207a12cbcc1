package dev.trellis.agent.tool;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.State;
import dev.trellis.runtime.Runtime;

/** What a tool can see besides its arguments: the graph state, the node's runtime (store, context, stream), the call. */
public record ToolContext(State state, Runtime runtime, Message.ToolCall call) {}
