/**
 * Chat messages ({@link dev.trellis.agent.message.Message}: human, AI with tool calls, tool, system,
 * remove), the {@code messages} reducer that adds, replaces and removes them by id
 * ({@link dev.trellis.agent.message.Messages}), and their LangChain wire shape.
 *
 * <p>Exported: every agent node, model adapter and client of the messages stream uses these types.
 */
package dev.trellis.agent.message;
