/**
 * Agents on the Trellis runtime: messages, the chat-model and tool SPIs, the agent
 * graph with its middleware, budgets and structured output. No third-party model library:
 * adapters (e.g. trellis-langchain4j) implement {@link dev.trellis.agent.model.ChatModel}.
 */
module dev.trellis.agent {
  requires transitive dev.trellis.core;

  exports dev.trellis.agent;
  exports dev.trellis.agent.budget;
  exports dev.trellis.agent.message;
  exports dev.trellis.agent.middleware;
  exports dev.trellis.agent.middleware.pii;
  exports dev.trellis.agent.middleware.shell;
  exports dev.trellis.agent.model;
  exports dev.trellis.agent.observe;
  exports dev.trellis.agent.structured;
  exports dev.trellis.agent.tool;
  exports dev.trellis.agent.ui;

  uses dev.trellis.agent.observe.CallObserver;

  provides dev.trellis.wire.WireCodec with dev.trellis.agent.message.MessageWire;
}
