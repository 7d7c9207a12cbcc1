/**
 * The chat-model SPI: {@link dev.trellis.agent.model.ChatModel} takes a
 * {@link dev.trellis.agent.model.ChatRequest} (messages, tool specs, an optional answer schema) and
 * answers with an AI message; {@link dev.trellis.agent.model.ScriptedChatModel} answers from a script
 * for tests and offline runs; {@link dev.trellis.agent.model.DelegatingChatModel} is the base of
 * models that wrap another (observing, redacting), forwarding every method it does not change.
 * Adapters to model libraries live in other modules.
 *
 * <p>Exported: model adapters (trellis-langchain4j) implement the SPI and tests script models.
 */
package dev.trellis.agent.model;
